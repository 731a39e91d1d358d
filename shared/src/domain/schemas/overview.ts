import { z } from 'zod';

/**
 * The owner's overview (GET /api/resumen) and the count of what waits (GET /api/avisos), both
 * computed on the server from the store (server/src/overview). Direct bookings (issue 21) plug in
 * as one more input: until they exist, the parts that need them come with `available: false` and
 * a Spanish empty-state text instead of made-up figures.
 */

/** The panel's sections an overview item can link to (the URL segment under the panel). */
export const OverviewLinkSchema = z.enum(['consultas', 'pendientes', 'calendario', 'fotos', 'reservas', 'opiniones']);
export type OverviewLink = z.infer<typeof OverviewLinkSchema>;

/** Where taken nights come from: direct bookings, each channel (a feed), the owner's blocks. */
export const NightSourceSchema = z.object({
  /** `directa`, `manual` or a feed's id. */
  id: z.string(),
  label: z.string(),
  kind: z.enum(['directa', 'canal', 'bloqueo']),
});
export type NightSource = z.infer<typeof NightSourceSchema>;

export const NightsMonthSchema = z.object({
  /** YYYY-MM. */
  month: z.string(),
  days: z.number().int(),
  /** Nights taken by each source (by source id; a night two sources claim counts in both). */
  bySource: z.record(z.string(), z.number().int()),
  /** Distinct nights taken by anyone. */
  taken: z.number().int(),
  /** taken / days, as a whole percentage (one property: each night is 0 or 100 %). */
  occupancy: z.number().int(),
});
export type NightsMonth = z.infer<typeof NightsMonthSchema>;

export const RevenueMonthSchema = z.object({
  month: z.string(),
  /** Whole pesos of direct bookings whose stay starts that month. */
  expected: z.number(),
  received: z.number(),
});
export type RevenueMonth = z.infer<typeof RevenueMonthSchema>;

export const RequestsWeekSchema = z.object({
  /** The Monday (YYYY-MM-DD, at the cabin) the week starts on. */
  weekStart: z.string(),
  requests: z.number().int(),
  /** Of those requests, how many became confirmed stays. */
  confirmed: z.number().int(),
});
export type RequestsWeek = z.infer<typeof RequestsWeekSchema>;

export const AttentionItemSchema = z.object({
  /** The record's id (an enquiry, a feed, a photo, a booking…). */
  id: z.string(),
  title: z.string(),
  detail: z.string(),
  /** When it is due or happens (YYYY-MM-DD or an ISO time), null when nothing is due. */
  due: z.string().nullable(),
  link: OverviewLinkSchema,
});
export type AttentionItem = z.infer<typeof AttentionItemSchema>;

export const AttentionGroupSchema = z.object({
  key: z.enum([
    'solicitudes',
    'dinero',
    'conflictos',
    'pagos',
    'llegadas',
    'registro',
    'fuentes',
    'fotos',
    'correos',
    'opiniones',
  ]),
  title: z.string(),
  /** Where the whole group is handled. */
  link: OverviewLinkSchema,
  items: z.array(AttentionItemSchema),
  /** False while what feeds the group does not exist yet (direct bookings, the outbox). */
  available: z.boolean(),
  /** What the panel says when there are no items. */
  empty: z.string(),
});
export type AttentionGroup = z.infer<typeof AttentionGroupSchema>;

export const OverviewSchema = z.object({
  /** The cabin's date the figures were computed for. */
  today: z.string(),
  attention: z.array(AttentionGroupSchema),
  nights: z.object({
    sources: z.array(NightSourceSchema),
    /** The 12 months before the current one, oldest first. */
    past: z.array(NightsMonthSchema),
    /** The current month and the 11 after it. */
    next: z.array(NightsMonthSchema),
  }),
  revenue: z.object({
    available: z.boolean(),
    empty: z.string(),
    /** The 12 months before the current one and the current one and the 11 after it. */
    months: z.array(RevenueMonthSchema),
  }),
  requests: z.object({
    /** The last 12 weeks, the current one last. */
    weeks: z.array(RequestsWeekSchema),
    total: z.number().int(),
    confirmed: z.number().int(),
  }),
  stays: z.object({
    /** Stays (direct and from channels) that started in the last 12 months. */
    count: z.number().int(),
    /** Average nights per stay, one decimal, null without stays. */
    averageNights: z.number().nullable(),
    /** Reservation requests of the last 12 months with their dates. */
    leadCount: z.number().int(),
    /** Average days from the request to the arrival, one decimal, null without requests. */
    averageLeadDays: z.number().nullable(),
  }),
});
export type Overview = z.infer<typeof OverviewSchema>;

export const AlertItemSchema = z.object({
  /** Unique across kinds and stable (`solicitud:<enquiry id>`): a poller notifies only ids it has not seen. */
  id: z.string(),
  kind: z.enum(['solicitud', 'consulta', 'pago', 'recibo', 'reembolso']),
  /** When it arrived (ISO). */
  at: z.string(),
  title: z.string(),
  body: z.string(),
  link: OverviewLinkSchema,
});
export type AlertItem = z.infer<typeof AlertItemSchema>;

export const AlertsSchema = z.object({
  /** How many things wait for the owner: `items.length`. */
  count: z.number().int(),
  /** Newest first. */
  items: z.array(AlertItemSchema),
});
export type Alerts = z.infer<typeof AlertsSchema>;
