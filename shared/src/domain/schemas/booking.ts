import { z } from 'zod';
import { isIsoDate } from '../pricing/dates';
import { CANCELLATION_POLICY_IDS } from '../pricing/booking';
import { checkStayDates, stayRequestFields } from './enquiry';
import { cleanLine, cleanText } from './text';
import { OnlinePaymentSchema, OnlinePaymentStatusSchema, RefundSchema } from './payment';
import { GuestsSchema, RegistrationSchema, TraFilingSchema } from './registration';

export {
  CANCELLATION_POLICIES,
  CANCELLATION_POLICY_IDS,
  refundFor,
  type CancellationPolicy,
  type CancellationPolicyId,
} from '../pricing/booking';

/**
 * The booking lifecycle (issue 21, docs/decisions/021-booking-lifecycle.md):
 * `solicitada` (requested) → `aceptada` (held until `depositDueAt`, waiting for the deposit) →
 * `confirmada` (deposit received) → `completada` (after check-out); or `rechazada` (declined by
 * the owner), `vencida` (the hold lapsed) or `cancelada` (by the guest or the owner).
 */
export const BOOKING_STATES = [
  'solicitada',
  'aceptada',
  'confirmada',
  'completada',
  'rechazada',
  'vencida',
  'cancelada',
] as const;
export const BookingStateSchema = z.enum(BOOKING_STATES, { error: 'Elige un estado de reserva válido.' });
export type BookingState = z.infer<typeof BookingStateSchema>;

/** The state sets come from the lifecycle table (shared/src/domain/bookings/lifecycle.ts). */
export {
  NIGHT_BLOCKING_STATES as BLOCKING_STATES,
  FINAL_LIFECYCLE_STATES as FINAL_STATES,
} from '../bookings/lifecycle';

export const BOOKING_STATE_LABELS: Record<BookingState, string> = {
  solicitada: 'Solicitada',
  aceptada: 'Aceptada (esperando el anticipo)',
  confirmada: 'Confirmada',
  completada: 'Completada',
  rechazada: 'Rechazada',
  vencida: 'Vencida',
  cancelada: 'Cancelada',
};

/** Who did it: the guest, the owner, the server's timers, or the payment gateway (a verified event). */
export const ActorSchema = z.enum(['huesped', 'propietario', 'sistema', 'pasarela']);
export type Actor = z.infer<typeof ActorSchema>;

/** `wompi`: paid online through the gateway (recorded by the server when Wompi approves it, never by hand). */
export const MANUAL_PAYMENT_METHODS = ['transferencia', 'nequi', 'daviplata', 'efectivo', 'otro'] as const;
export const PAYMENT_METHODS = [...MANUAL_PAYMENT_METHODS, 'wompi'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, { error: 'Elige cómo se pagó.' });
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
/** The methods the owner records by hand (MANUAL_PAYMENT_METHODS): `wompi` only ever comes from the gateway. */
const ManualPaymentMethodSchema = z.enum(MANUAL_PAYMENT_METHODS, { error: 'Elige cómo se pagó.' });
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  transferencia: 'Transferencia',
  nequi: 'Nequi',
  daviplata: 'Daviplata',
  efectivo: 'Efectivo',
  otro: 'Otro',
  wompi: 'Wompi (en línea)',
};

export const BookingLangSchema = z.enum(['es', 'en']);
export type BookingLang = z.infer<typeof BookingLangSchema>;

/** The short reference the guest sees: 8 characters without 0/O or 1/I, which read alike. */
export const BOOKING_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{8}$/;
/** The secret of a guest's private link (`?t=`): 43 base64url characters (256 bits). */
export const GUEST_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * What happened, typed (issue 29): each page and e-mail words it in its reader's language from
 * the kind and its data; `note` is the owner's free text (Spanish), never shown to a guest.
 */
export const HISTORY_KINDS = [
  'requested',
  'accepted',
  'declined',
  'hold-extended',
  'receipt-uploaded',
  'receipt-rejected',
  'gateway-pending',
  'payment-recorded',
  'confirmed',
  'lapsed',
  'reopened',
  'cancelled',
  'completed',
  'refund-owed',
  'refund-recorded',
  /** The migration gave an older booking today's terms, once (they were not stored at request time). */
  'terms-frozen',
] as const;
export const HistoryKindSchema = z.enum(HISTORY_KINDS);
export type HistoryKind = z.infer<typeof HistoryKindSchema>;
export const HistoryEventSchema = z.object({
  kind: HistoryKindSchema,
  /** Amounts (pesos), hours, instants (ISO), a method or a reason, by key. */
  data: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type HistoryEvent = z.infer<typeof HistoryEventSchema>;

export const HistoryEntrySchema = z.object({
  at: z.string(),
  state: BookingStateSchema,
  by: ActorSchema,
  note: z.string().optional(),
  /** Absent from entries written before issue 29: those are shown by their state alone. */
  event: HistoryEventSchema.optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const PaymentSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  method: PaymentMethodSchema,
  /** YYYY-MM-DD: when the money arrived. */
  date: z.string(),
  receiptId: z.string().optional(),
  /** The gateway's transaction id, for a payment made online (`method: 'wompi'`). */
  transactionId: z.string().optional(),
  note: z.string().optional(),
  recordedAt: z.string(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** A transfer receipt the guest uploaded (the file is private: owner only). */
export const ReceiptSchema = z.object({
  id: z.string(),
  /** The name the guest's file had (cleaned), for the owner's list. */
  name: z.string(),
  /** `image/jpeg`, `image/png`, `image/webp`, `image/heic`, `image/avif` or `application/pdf`, by content. */
  type: z.string(),
  bytes: z.number().int(),
  uploadedAt: z.string(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

/** The price frozen at request time (pricing/booking.ts `BookingPrice`). */
export const BookingPriceSchema = z.object({
  nights: z.number().int(),
  numPeople: z.number().int(),
  nightly: z.array(z.object({ date: z.string(), pricePerPerson: z.number() })),
  lodging: z.number(),
  cleaningFee: z.number(),
  total: z.number(),
  adjustedTotal: z.number().nullable(),
  adjustmentNote: z.string(),
  depositPercent: z.number(),
  deposit: z.number(),
  balance: z.number(),
});

const CancellationPolicyIdSchema = z.enum(CANCELLATION_POLICY_IDS, {
  error: 'Elige una política de cancelación: flexible, moderada o estricta.',
});

export const CancellationSchema = z.object({
  at: z.string(),
  by: ActorSchema,
  /** What the guest gets back (whole pesos), by the policy or as the owner set it. */
  refund: z.number().int(),
  reason: z.string(),
});

const PolicyWordsSchema = z.object({ name: z.string(), rules: z.array(z.string()) });

/**
 * The terms the guest agreed to, stored with the booking at request time (issue 29): pages,
 * e-mails and the panel show these, never the current settings. `source: 'migration'` marks a
 * booking made before terms were stored, given that day's settings once.
 */
export const BookingTermsSchema = z.object({
  cancellationPolicy: z.object({
    id: CancellationPolicyIdSchema,
    /** Its name and rules as the guest read them, in both languages. */
    words: z.object({ es: PolicyWordsSchema, en: PolicyWordsSchema }),
  }),
  houseRules: z.string(),
  /** Their English version when the owner wrote one (issue 32). */
  houseRulesEn: z.string().optional(),
  checkInTime: z.string(),
  checkOutTime: z.string(),
  depositPercent: z.number(),
  /** Days before arrival the balance is due; null: on arrival. */
  balanceDueDays: z.number().int().nullable(),
  cleaningFee: z.number(),
  frozenAt: z.string(),
  source: z.enum(['request', 'migration']),
});
export type BookingTerms = z.infer<typeof BookingTermsSchema>;

/** A payment in verification: since when, and what waits (a receipt, or an online attempt's reference). */
export const VerificationSchema = z.object({
  since: z.string(),
  receiptId: z.string().optional(),
  reference: z.string().optional(),
});
export type Verification = z.infer<typeof VerificationSchema>;

/** A booking as stored and as the owner sees it. */
export const BookingSchema = z.object({
  id: z.string(),
  code: z.string(),
  state: BookingStateSchema,
  lang: BookingLangSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  numPeople: z.number().int(),
  /** Consent to process personal data: when, and to which policy version. */
  consentAt: z.string(),
  policyVersion: z.string(),
  /** As for enquiries: the form looked human but its token did not (kept and marked). */
  suspect: z.enum(['too-fast', 'expired', 'missing-token']).optional(),
  price: BookingPriceSchema,
  /** The policy and hours in force when the guest asked: the terms they agreed to. */
  cancellationPolicy: CancellationPolicyIdSchema,
  checkInTime: z.string(),
  checkOutTime: z.string(),
  /** Every term frozen at request time; absent only until the start-up migration gives older bookings theirs. */
  terms: BookingTermsSchema.optional(),
  /** The hold's deadline (ISO instant) while `aceptada`; null before acceptance. */
  depositDueAt: z.string().nullable(),
  /** YYYY-MM-DD the balance is due, or null: on arrival. */
  balanceDueAt: z.string().nullable(),
  payments: z.array(PaymentSchema),
  /** Sum of the payments. */
  paid: z.number().int(),
  /** Attempts at paying online (issue 22); absent from older records. An approved one is also in `payments`. */
  onlinePayments: z.array(OnlinePaymentSchema).default([]),
  /** Money given back, recorded by the owner; absent from older records. */
  refunds: z.array(RefundSchema).default([]),
  receipts: z.array(ReceiptSchema),
  history: z.array(HistoryEntrySchema),
  declineReason: z.string().optional(),
  cancellation: CancellationSchema.optional(),
  /** Money to give back (pesos) until the owner records the refund: a paid cancellation, a payment the booking cannot take. */
  refundOwed: z.number().int().optional(),
  /**
   * A payment waiting for the owner's decision (issue 29): a receipt the guest uploaded, or a
   * transaction the gateway reported PENDING. While set, the hold does not lapse.
   */
  verification: VerificationSchema.optional(),
  /** Reminders already written to the outbox (ISO instants), so each goes once. */
  reminders: z.object({
    hold: z.string().optional(),
    balance: z.string().optional(),
    /** Check-in reminders (issue 34): 7 and 2 days before arrival while the registration is incomplete. */
    registration7: z.string().optional(),
    registration2: z.string().optional(),
    /** The pre-arrival message (issue 32), N days before arrival. */
    preArrival: z.string().optional(),
    /** The check-out reminder (issue 32), the day before leaving. */
    checkout: z.string().optional(),
    /** The invitation to review (issue 35), and its one reminder. */
    review: z.string().optional(),
    reviewAgain: z.string().optional(),
  }),
  /** The guests' registration for the TRA and SIRE (issue 34); absent until someone fills it. */
  registration: RegistrationSchema.optional(),
  /** The party's filing with MinCIT's TRA (issue 34); absent until the first attempt. */
  tra: TraFilingSchema.optional(),
});
export type Booking = z.infer<typeof BookingSchema>;

/** How the guest pays (from the settings), shown on the private page and in the e-mails. */
export const PaymentInstructionsSchema = z.object({
  bankAccount: z.string(),
  nequiNumber: z.string(),
  daviplataNumber: z.string(),
});
export type PaymentInstructions = z.infer<typeof PaymentInstructionsSchema>;

/** A text the owner writes in Spanish and, optionally, English (issue 32): '' when none. */
const OwnerTextSchema = z.object({ es: z.string(), en: z.string() });
export type OwnerText = z.infer<typeof OwnerTextSchema>;

/**
 * What a confirmed guest needs for the trip (issue 32): where, how to get there, when and how
 * to arrive and leave, who to call, and the stay as a calendar file. Only for `confirmada`.
 */
export const GuestItinerarySchema = z.object({
  hostName: z.string(),
  phone: z.string(),
  address: OwnerTextSchema,
  mapUrl: z.string(),
  directionsTolu: OwnerTextSchema,
  directionsCovenas: OwnerTextSchema,
  checkInSteps: OwnerTextSchema,
  checkOutSteps: OwnerTextSchema,
  /** The stay as an `.ics` file: `/api/reserva/<code>/calendario.ics?t=<token>`. */
  calendarPath: z.string(),
});
export type GuestItinerary = z.infer<typeof GuestItinerarySchema>;

/**
 * The guest's view of their booking (GET /api/reserva/:code?t=): no e-mail, phone, notes of
 * the owner or history notes; plus what the page shows beside it.
 */
export const GuestBookingSchema = BookingSchema.pick({
  code: true,
  state: true,
  lang: true,
  createdAt: true,
  name: true,
  checkIn: true,
  checkOut: true,
  numPeople: true,
  price: true,
  cancellationPolicy: true,
  checkInTime: true,
  checkOutTime: true,
  terms: true,
  depositDueAt: true,
  balanceDueAt: true,
  declineReason: true,
}).extend({
  paid: z.number().int(),
  /** Still to pay: total − paid (never negative). */
  due: z.number().int(),
  receipts: z.array(ReceiptSchema.pick({ id: true, name: true, type: true, bytes: true, uploadedAt: true })),
  history: z.array(HistoryEntrySchema.pick({ at: true, state: true, by: true, event: true })),
  /** A payment waits for the owner's check: a receipt, or the gateway's pending transaction. */
  verifying: z.enum(['receipt', 'gateway']).optional(),
  /** What the owner owes back and has not yet recorded as refunded. */
  refundOwed: z.number().int().optional(),
  cancellation: CancellationSchema.pick({ at: true, by: true, refund: true }).optional(),
  /** Whether the guest may cancel now (not in a final state). */
  canCancel: z.boolean(),
  /** What a cancellation now would give back (by the policy); null when it cannot be cancelled. */
  refundIfCancelledNow: z.number().int().nullable(),
  /** Whether the guest may upload a receipt now (held or confirmed). */
  canUploadReceipt: z.boolean(),
  /** Online check-in (issue 34): whether the form is open now, and whether every guest of the party is registered. */
  registration: z.object({ open: z.boolean(), complete: z.boolean() }),
  payment: PaymentInstructionsSchema,
  /** Whether "Pagar anticipo en línea" is offered: online payment configured, `aceptada`, deposit not yet paid. */
  onlinePayment: z.object({ available: z.boolean() }),
  /** The online attempts, oldest first. */
  onlinePayments: z.array(
    OnlinePaymentSchema.pick({ reference: true, status: true, amountInCents: true, methodType: true, updatedAt: true }),
  ),
  /** The owner's note to the guest (given when accepting), signed by the host (issue 32). */
  ownerMessage: z.object({ from: z.string(), text: z.string() }).optional(),
  /** The trip's itinerary, once the stay is confirmed (issue 32). */
  itinerary: GuestItinerarySchema.optional(),
});
export type GuestBooking = z.infer<typeof GuestBookingSchema>;

/** What POST /api/reservas answers: the guest's view plus the secret of the private link. */
export const RequestedBookingSchema = GuestBookingSchema.extend({
  token: z.string(),
});
export type RequestedBooking = z.infer<typeof RequestedBookingSchema>;

/** Body of POST /api/reservas: the stay, the guest, consent and the form's bot traps. */
export const RequestBookingInputSchema = z
  .strictObject({
    ...stayRequestFields,
    /** The language of the site the request came from: the e-mails are written in it. */
    lang: BookingLangSchema.default('es'),
  })
  .superRefine(checkStayDates);
export type RequestBookingInput = z.infer<typeof RequestBookingInputSchema>;

const BAD_LINK = 'El enlace de la reserva no es válido. Ábrelo de nuevo desde el correo.';
/** The private link's secret, in a query (`?t=`) or a body. */
export const GuestTokenInputSchema = z.strictObject({
  t: z.string({ error: BAD_LINK }).regex(GUEST_TOKEN_PATTERN, BAD_LINK),
});

/** Codes read case-insensitively: a code typed or linked in lower case is the same booking (issue 32). */
const bookingCode = () => z.string().transform((s) => s.trim().toUpperCase());

export const BookingCodeParamsSchema = z.object({ code: bookingCode().pipe(z.string().regex(BOOKING_CODE_PATTERN)) });

const LOST_LINK_CODE = 'Escribe el código de la reserva: 8 letras y números, como aparece en tu correo.';
const LOST_LINK_EMAIL = 'Escribe el correo electrónico con el que hiciste la reserva.';

/** A guest who lost the private link asks for it again: the booking's code and the e-mail it was made with. */
export const RecoverLinkInputSchema = z.strictObject({
  code: bookingCode().pipe(z.string({ error: LOST_LINK_CODE }).regex(BOOKING_CODE_PATTERN, LOST_LINK_CODE)),
  email: z.string({ error: LOST_LINK_EMAIL }).trim().max(254, LOST_LINK_EMAIL).pipe(z.email(LOST_LINK_EMAIL)),
});
export type RecoverLinkInput = z.infer<typeof RecoverLinkInputSchema>;

/** The one answer to every well-formed request for a lost link, whether or not a booking matched. */
export const RecoverLinkAnswerSchema = z.object({ message: z.string() });
export const LINK_RECOVERY_ANSWER =
  'Si el código y el correo corresponden a una reserva, te enviamos el enlace a ese correo en unos minutos.';

const MONEY_MAX = 1_000_000_000;
const money = (label: string, min: number) =>
  z
    .number({ error: `Escribe ${label} en pesos, como un número.` })
    .int(`Escribe ${label} en pesos enteros.`)
    .min(min, min === 0 ? `${label[0]!.toUpperCase()}${label.slice(1)} no puede ser negativo.` : `Escribe ${label}.`)
    .max(MONEY_MAX, `${label[0]!.toUpperCase()}${label.slice(1)} es demasiado alto.`);
const NOTE_MAX = 500;
const note = (label: string) =>
  z
    .string({ error: `Escribe ${label}.` })
    .overwrite(cleanText)
    .trim()
    .max(NOTE_MAX, `${label[0]!.toUpperCase()}${label.slice(1)} admite hasta ${NOTE_MAX} caracteres.`);

/** Bookings per page of the owner's list (GET /api/reservas), and the most one page may ask for. */
export const BOOKINGS_PAGE = 50;
const BOOKINGS_PAGE_MAX = 200;

/** Orders of the owner's list: by arrival (stays ahead first, soonest first, then past ones) or newest request first. */
export const BOOKING_ORDERS = ['llegada', 'recientes'] as const;

/**
 * `?estado=&q=&orden=&offset=&limit=`: `estado` keeps one state; `q` finds a name, code or e-mail (any case, with or without
 * accents); `orden` is `recientes` (newest first, the default) or `llegada`; `limit` (default
 * BOOKINGS_PAGE) from `offset` on.
 */
export const ListBookingsQuerySchema = z.strictObject({
  estado: BookingStateSchema.optional(),
  q: z.string().trim().max(100, 'Busca con 100 caracteres como máximo.').optional(),
  orden: z.enum(BOOKING_ORDERS, { error: 'Ordena por «llegada» o por «recientes».' }).optional(),
  offset: z.coerce
    .number({ error: 'El desplazamiento es un número entero desde 0.' })
    .int('El desplazamiento es un número entero desde 0.')
    .min(0, 'El desplazamiento es un número entero desde 0.')
    .optional(),
  limit: z.coerce
    .number({ error: `Pide entre 1 y ${BOOKINGS_PAGE_MAX} reservas por página.` })
    .int(`Pide entre 1 y ${BOOKINGS_PAGE_MAX} reservas por página.`)
    .min(1, `Pide entre 1 y ${BOOKINGS_PAGE_MAX} reservas por página.`)
    .max(BOOKINGS_PAGE_MAX, `Pide entre 1 y ${BOOKINGS_PAGE_MAX} reservas por página.`)
    .optional(),
});

/** Body of POST /api/reservas/eliminar: the bookings to delete (requests, or ended ones without money). */
export const DeleteBookingsInputSchema = z.strictObject({
  ids: z
    .array(z.string().max(64))
    .min(1, 'Elige al menos una reserva.')
    .max(BOOKINGS_PAGE_MAX, `Elimina como máximo ${BOOKINGS_PAGE_MAX} reservas a la vez.`),
});

/** Accept a request: optionally with another total (and a note the guest sees). */
export const AcceptBookingInputSchema = z.strictObject({
  total: money('el total', 1).optional(),
  note: note('la nota').optional(),
});
export type AcceptBookingInput = z.infer<typeof AcceptBookingInputSchema>;

export const DeclineBookingInputSchema = z.strictObject({
  reason: note('el motivo').pipe(z.string().min(2, 'Escribe el motivo.')),
});

export const HOLD_HOURS_MAX = 168;
export const ExtendHoldInputSchema = z.strictObject({
  hours: z
    .number({ error: 'Escribe cuántas horas más.' })
    .int('Escribe un número entero de horas.')
    .min(1, 'Extiende al menos 1 hora.')
    .max(HOLD_HOURS_MAX, `Extiende como mucho ${HOLD_HOURS_MAX} horas (7 días) de una vez.`),
});

export const RecordPaymentInputSchema = z.strictObject({
  amount: money('el monto', 1),
  method: ManualPaymentMethodSchema,
  date: z.string({ error: 'Elige la fecha del pago.' }).refine(isIsoDate, 'Elige la fecha del pago.'),
  receiptId: z.string().max(64).optional(),
  note: note('la nota').optional(),
});
export type RecordPaymentInput = z.infer<typeof RecordPaymentInputSchema>;

/** The owner records money given back (a Wompi refund is made in Wompi's dashboard, then recorded here). */
export const RecordRefundInputSchema = z.strictObject({
  amount: money('el monto', 1),
  date: z.string({ error: 'Elige la fecha del reembolso.' }).refine(isIsoDate, 'Elige la fecha del reembolso.'),
  note: note('la nota').optional(),
});
export type RecordRefundInput = z.infer<typeof RecordRefundInputSchema>;

/** A gateway's transaction id as it comes back on the return URL (`?id=`): never trusted, looked up. */
const TRANSACTION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const BAD_TRANSACTION = 'No reconocemos ese pago. Vuelve a la página de tu reserva.';
/** Body of POST /api/reserva/:code/pago-en-linea/verificar. */
export const CheckOnlinePaymentInputSchema = GuestTokenInputSchema.extend({
  id: z.string({ error: BAD_TRANSACTION }).regex(TRANSACTION_ID_PATTERN, BAD_TRANSACTION),
});
/** What the check answers: the transaction's status as Wompi gives it, and the booking after applying it. */
export const OnlinePaymentCheckSchema = z.object({
  status: OnlinePaymentStatusSchema,
  booking: GuestBookingSchema,
});

/** The owner rejects a receipt in verification: the reason the guest is told, and the new deadline's hours. */
export const RejectReceiptInputSchema = z.strictObject({
  reason: note('el motivo').pipe(z.string().min(2, 'Escribe el motivo.')),
  hours: ExtendHoldInputSchema.shape.hours.optional(),
});
export type RejectReceiptInput = z.infer<typeof RejectReceiptInputSchema>;

/** The owner reopens a lapsed booking: a new deadline (hours from now) and an optional note. */
export const ReopenBookingInputSchema = z.strictObject({
  hours: ExtendHoldInputSchema.shape.hours.optional(),
  note: note('la nota').optional(),
});
export type ReopenBookingInput = z.infer<typeof ReopenBookingInputSchema>;

export const CancelBookingInputSchema = z.strictObject({
  reason: note('el motivo').optional(),
  /** What the guest gets back; by default what the policy gives. */
  refund: money('el reembolso', 0).optional(),
});
export type CancelBookingInput = z.infer<typeof CancelBookingInputSchema>;

/** The guest cancels from the private page: the link's secret and an optional reason. */
export const GuestCancelInputSchema = GuestTokenInputSchema.extend({ reason: note('el motivo').optional() });

/** Body of PUT /api/reserva/:code/huespedes (issue 34): the link's secret and the party, main guest first. */
export const GuestRegistrationInputSchema = GuestTokenInputSchema.extend({ guests: GuestsSchema });
export type GuestRegistrationInput = z.infer<typeof GuestRegistrationInputSchema>;

/** A receipt's file for the owner (GET .../comprobantes/:receiptId), base64 so both hosts carry it as JSON. */
export const ReceiptFileSchema = ReceiptSchema.pick({ id: true, name: true, type: true, bytes: true }).extend({
  /**
   * What the file is saved as: `comprobante-<code>-<n>.<ext>`, the extension from the sniffed
   * type. `name` (the guest's own file name) is only ever shown as text: a `%PDF-` file called
   * `comprobante.html` must not be saved as a page that runs the guest's script.
   */
  fileName: z.string(),
  data: z.string(),
});

/**
 * The e-mails a transition writes to the outbox, by reader: a guest's are written in the
 * booking's language (both catalogues must word every one), the owner's in Spanish only.
 */
export const GUEST_MAIL_KINDS = [
  'guest-received',
  'guest-accepted',
  'guest-confirmed',
  'guest-hold-reminder',
  'guest-balance-reminder',
  'guest-cancelled',
  'guest-declined',
  'guest-expired',
  /** A request nobody answered lapsed (issue 28); never sent for a suspect one. */
  'guest-request-expired',
  'guest-payment',
  /** The owner rejected the receipt: the reason, and the new deadline. */
  'guest-receipt-rejected',
  /** A payment recorded on a lapsed booking whose nights were taken: it will be refunded. */
  'guest-payment-refund',
  /** The owner recorded the refund. */
  'guest-refunded',
  /** The guest asked for the private link again (issue 32): only when code and e-mail match. */
  'guest-link',
  /** Online check-in (issue 34): 7 and 2 days before arrival while the registration is incomplete. */
  'guest-registration-reminder',
  /** Arrival instructions (Wi-Fi, key, parking) N days before a confirmed stay (issue 32). */
  'guest-pre-arrival',
  /** The day before leaving a confirmed stay: the check-out hour and steps (issue 32). */
  'guest-checkout-reminder',
  /** The day after check-out of a completed stay: the private link to review it (issue 35). */
  'guest-review-invite',
  /** A week later, once, if no review came. */
  'guest-review-reminder',
] as const;
export type GuestMailKind = (typeof GUEST_MAIL_KINDS)[number];

export const OWNER_MAIL_KINDS = [
  'owner-new-request',
  'owner-receipt',
  'owner-cancelled',
  'owner-payment',
  /** A payment arrived online for a booking that cannot take it (lapsed and the nights taken, cancelled): give it back. */
  'owner-refund-due',
  /** The gateway reported a payment pending: the hold waits for it. */
  'owner-payment-pending',
  /** The party's TRA filing with MinCIT keeps failing, or was interrupted mid-call (issue 34). */
  'owner-tra-failing',
] as const;
export type OwnerMailKind = (typeof OWNER_MAIL_KINDS)[number];

export const MAIL_KINDS = [...GUEST_MAIL_KINDS, ...OWNER_MAIL_KINDS] as const;
export const MailKindSchema = z.enum(MAIL_KINDS);
export type MailKind = z.infer<typeof MailKindSchema>;

const OWNER_MAIL_KIND_SET: ReadonlySet<MailKind> = new Set(OWNER_MAIL_KINDS);
/** Whether a message of this kind goes to the owner (in Spanish) rather than to the guest. */
export const isOwnerMailKind = (kind: MailKind): kind is OwnerMailKind => OWNER_MAIL_KIND_SET.has(kind);

/** An outbox entry as the owner sees it: an e-mail the server has not sent (yet), and why. */
export const OutboxEntrySchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  code: z.string(),
  kind: MailKindSchema,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** The message as a `mailto:` link, to send it by hand. */
  mailto: z.string(),
  /** The message as a WhatsApp link, when the addressee has a phone. */
  whatsapp: z.string().optional(),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;

export const OutboxSchema = z.object({
  /** False when SMTP_URL is not set: nothing is sent, every message waits here. */
  smtpConfigured: z.boolean(),
  entries: z.array(OutboxEntrySchema),
});
export type Outbox = z.infer<typeof OutboxSchema>;

export const RetryOutboxInputSchema = z.strictObject({
  /** One entry, or every unsent one when absent. */
  id: z.string().max(64).optional(),
});

/** For one-line names kept from uploads (receipts). */
export const cleanFileName = (name: string) => cleanLine(name).trim().slice(0, 120) || 'comprobante';
