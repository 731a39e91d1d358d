import { CALENDAR_SOURCES } from '@cabana/shared/domain/schemas/calendar';
import type { BookingState } from '@cabana/shared/domain/schemas/booking';
import { EXPECTING_STATES, NIGHT_BLOCKING_STATES, STAYING_STATES } from '@cabana/shared/domain/bookings/lifecycle';
import type { Enquiry } from '@cabana/shared/domain/schemas/enquiry';
import type { NightSource } from '@cabana/shared/domain/schemas/overview';

/**
 * What the overview and the alerts read, as plain data: `overviewInput` (overview-input.ts)
 * gathers it from the store, the tests make it by hand. Beside it, what the overview's parts
 * share: the state sets, every taken range, every request, the night sources.
 */

/** A taken night range: a manual block, a confirmed direct stay or an event a feed imported. */
export interface OverviewRange {
  id: string;
  start: string;
  end: string;
  /** `manual`, `directa` or the feed's id. */
  source: string;
  label: string;
  /** When the record came to be (ISO). */
  stampedAt: string;
}

/** What the overview needs of a direct booking: whatever the booking store keeps, mapped to this. */
export interface OverviewBooking {
  id: string;
  state: BookingState;
  /** The guest's name, as the owner sees it. */
  name: string;
  checkIn: string;
  checkOut: string;
  people: number;
  /** Whole pesos. */
  total: number;
  depositDue: number;
  depositReceived: number;
  balanceReceived: number;
  createdAt: string;
  confirmedAt: string | null;
  /** Until when a request or an accepted booking holds its nights (ISO), null without a hold. */
  holdUntil: string | null;
  /** The guest's reference (issue 29's items name it). */
  code?: string;
  /** Money owed back and not yet recorded as refunded (pesos). */
  refundOwed?: number;
  /** The TRA filing needs the owner (issue 34): it keeps failing, or a kill left it uncertain; the Spanish reason. */
  traProblem?: { since: string; text: string } | null;
  /** A payment waiting for the owner: a receipt, or the gateway's pending transaction, and since when. */
  verifying?: { kind: 'receipt' | 'gateway'; since: string } | null;
  /** Whether a receipt was uploaded or a payment recorded (a lapsed one of these needs a look). */
  hadMoney?: boolean;
}

/** An e-mail of the outbox that could not be sent. */
interface OverviewEmail {
  id: string;
  subject: string;
  to: string;
  failedAt: string;
  error: string;
}

/** A payment or receipt waiting for the owner's look (issue 21), for the alerts. */
interface OverviewPayment {
  id: string;
  kind: 'pago' | 'recibo' | 'reembolso';
  at: string;
  title: string;
  body: string;
}

export interface OverviewInput {
  enquiries: readonly Enquiry[];
  /** Every taken range (calendar/entries.ts), direct bookings' not included. */
  ranges: readonly OverviewRange[];
  feeds: readonly { id: string; name: string; lastError: string | null }[];
  pendingImages: readonly { id: string; title: string; created_at: string; uploaded_by?: string }[];
  /** Direct bookings; absent until they exist (their parts then say so). */
  bookings?: readonly OverviewBooking[];
  /** Unsent outbox e-mails; absent until the outbox exists. */
  unsentEmails?: readonly OverviewEmail[];
  /** Guests' reviews shown and not yet answered (issue 35). */
  unansweredReviews?: readonly { id: string; name: string; rating: number; createdAt: string }[];
  /** Payments and receipts waiting (alerts only). */
  payments?: readonly OverviewPayment[];
  /** Months of SIRE movements not yet marked as uploaded to Migración's portal (issue 34). */
  sire?: readonly OverviewSireMonth[];
}

/** A month whose SIRE movements wait for the owner to upload them. */
export interface OverviewSireMonth {
  /** `YYYY-MM`. */
  month: string;
  /** Movements already happened in the file, and those left out of it for an unknown code. */
  due: number;
  problems: number;
  /** Since when it waits: the month's first movement date. */
  since: string;
}

/** The state sets come from the lifecycle table (shared/src/domain/bookings/lifecycle.ts). */
/** Bookings that became stays: a request counts as confirmed when it reached one of these. */
export const STAYING: ReadonlySet<BookingState> = new Set(STAYING_STATES);
/** Bookings whose nights are taken (the direct nights of the charts): held, confirmed or completed. */
const TAKING: ReadonlySet<BookingState> = new Set(EXPECTING_STATES);
/** Bookings whose money is expected. */
export const EXPECTED: ReadonlySet<BookingState> = new Set(EXPECTING_STATES);
/** Bookings whose nights nothing else may take: an imported event over them is a conflict. */
export const BLOCKING: ReadonlySet<BookingState> = new Set(NIGHT_BLOCKING_STATES);

export const EMPTY_TEXTS = {
  noBookings: 'Aún no hay reservas directas: aquí aparecerán los depósitos y saldos por cobrar.',
  noRevenue: 'Aún no hay reservas directas: aquí aparecerán los ingresos recibidos y esperados por mes.',
  noOutbox: 'Aún no se envían correos desde la aplicación: los que no salgan aparecerán aquí.',
} as const;
type Reservation = Extract<Enquiry, { type: 'reserva' }>;
const reservations = (input: OverviewInput) => input.enquiries.filter((e): e is Reservation => e.type === 'reserva');

/** Every taken range, direct bookings' included. */
export function allRanges(input: OverviewInput): OverviewRange[] {
  const ranges = [...input.ranges];
  for (const b of input.bookings ?? []) {
    if (!TAKING.has(b.state)) continue;
    ranges.push({
      id: b.id,
      start: b.checkIn,
      end: b.checkOut,
      source: CALENDAR_SOURCES.direct,
      label: b.name,
      stampedAt: b.createdAt,
    });
  }
  return ranges;
}

export function nightSources(input: OverviewInput): NightSource[] {
  return [
    { id: CALENDAR_SOURCES.direct, label: 'Reservas directas', kind: 'directa' },
    ...input.feeds.map((f): NightSource => ({ id: f.id, label: f.name, kind: 'canal' })),
    { id: CALENDAR_SOURCES.manual, label: 'Bloqueos', kind: 'bloqueo' },
  ];
}

interface Request {
  createdAt: string;
  checkIn: string;
  confirmed: boolean;
}

export function requestsOf(input: OverviewInput): Request[] {
  return [
    ...reservations(input).map((e) => ({
      createdAt: e.createdAt,
      checkIn: e.checkIn,
      confirmed: e.status === 'confirmada',
    })),
    ...(input.bookings ?? []).map((b) => ({
      createdAt: b.createdAt,
      checkIn: b.checkIn,
      confirmed: STAYING.has(b.state),
    })),
  ];
}
