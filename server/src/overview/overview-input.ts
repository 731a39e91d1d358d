import { formatStayDate } from '@cabana/shared/domain/lib/owner-dates';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import type { Booking } from '@cabana/shared/domain/schemas/booking';
import type { Data } from '../db/schema';
import { calendarEntries } from '../calendar/entries';
import type { OverviewBooking, OverviewInput, OverviewSireMonth } from './overview-model';
import { sireMonths, sirePending } from '../registration/sire';
import { todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { traProblem } from '../registration/tra';
import { reviewsAwaitingReply } from '../bookings/guest-reviews';

/** A payment recorded this recently is an alert (`pago:<id>`): the owner's other host, or a helper, learns of it. */
const PAYMENT_ALERT_MS = 24 * 3_600_000;

/** What the overview reads of the outbox's state beside the data. */
interface OverviewContext {
  /** Whether SMTP is configured: without it every message waits for the owner to send it by hand. */
  smtpConfigured: boolean;
  now: number;
}

const NOT_CONFIGURED = 'El envío de correos no está configurado: envíalo a mano desde Reservas.';

/**
 * The overview's input from what the store holds today. Bookings feed the overview through
 * `bookings` only: their calendar entries (held and confirmed, calendar/entries.ts) are left out
 * of `ranges`, or their nights would count twice. Confirmed reservation enquiries (the path
 * before issue 21) stay calendar entries: they are other records, never also bookings.
 */
export function overviewInput(data: Data, ctx: OverviewContext): OverviewInput {
  const bookingIds = new Set(data.bookings.map((b) => b.id));
  return {
    enquiries: data.enquiries,
    ranges: calendarEntries(data)
      .filter((e) => !(e.kind === 'reserva' && bookingIds.has(e.id)))
      .map(({ id, start, end, source, label, stampedAt }) => ({ id, start, end, source, label, stampedAt })),
    feeds: data.calendar.feeds.map(({ id, name, lastError }) => ({ id, name, lastError })),
    pendingImages: data.images
      .filter((i) => i.status === 'pending')
      .map(({ id, title, created_at, uploaded_by }) => ({ id, title, created_at, uploaded_by })),
    bookings: data.bookings.map(overviewBooking),
    unsentEmails: data.outbox
      .filter((m) => m.sentAt === null && (m.lastError !== null || !ctx.smtpConfigured))
      .map((m) => ({
        id: m.id,
        subject: m.subject,
        to: m.to,
        failedAt: m.createdAt,
        error: m.lastError ?? NOT_CONFIGURED,
      })),
    unansweredReviews: reviewsAwaitingReply(data.reviews).map(({ id, name, rating, createdAt }) => ({
      id,
      name,
      rating,
      createdAt,
    })),
    payments: data.bookings.flatMap((b) => [...waitingReceipts(b), ...recentPayments(b, ctx.now), ...refundsDue(b)]),
    sire: sireReminders(data, todayAtCabin(new Date(ctx.now))),
  };
}

/** SIRE months with movements (or problems) already happened that the owner has not marked as uploaded. */
function sireReminders(data: Data, today: string): OverviewSireMonth[] {
  return sireMonths(data.bookings, data.settings, data.sireUploads, today)
    .filter((m) => sirePending(m, today))
    .map((m) => ({
      month: m.month,
      due: m.due,
      problems: m.problems.length,
      since: [...m.problems.map((p) => p.date), m.desde].sort()[0]!,
    }));
}

/** A booking in the overview's minimal shape: the money received from its payments, the deposit first. */
function overviewBooking(b: Booking): OverviewBooking {
  const depositReceived = Math.min(b.paid, b.price.deposit);
  return {
    id: b.id,
    state: b.state,
    name: b.name,
    checkIn: b.checkIn,
    checkOut: b.checkOut,
    people: b.numPeople,
    total: b.price.total,
    depositDue: b.price.deposit,
    depositReceived,
    balanceReceived: b.paid - depositReceived,
    createdAt: b.createdAt,
    confirmedAt: b.history.find((h) => h.state === 'confirmada')?.at ?? null,
    holdUntil: b.state === 'aceptada' ? b.depositDueAt : null,
    code: b.code,
    ...(b.refundOwed ? { refundOwed: b.refundOwed } : {}),
    verifying: b.verification
      ? { kind: b.verification.receiptId ? 'receipt' : 'gateway', since: b.verification.since }
      : null,
    hadMoney: b.receipts.length > 0 || b.paid > 0,
    traProblem: traProblem(b),
  };
}

type OverviewPayment = NonNullable<OverviewInput['payments']>[number];

/**
 * Receipts the owner has not handled: uploaded on a booking that is still held or confirmed,
 * named by no payment, and with no payment recorded after it (recording a payment is how the
 * owner says "seen").
 */
function waitingReceipts(b: Booking): OverviewPayment[] {
  if (b.state !== 'aceptada' && b.state !== 'confirmada') return [];
  const lastPayment = b.payments.reduce((last, p) => (p.recordedAt > last ? p.recordedAt : last), '');
  return b.receipts
    .filter((r) => r.uploadedAt > lastPayment && !b.payments.some((p) => p.receiptId === r.id))
    .map((r) => ({
      id: r.id,
      kind: 'recibo',
      at: r.uploadedAt,
      title: `Comprobante de ${b.name}`,
      body: `Reserva ${b.code}, del ${formatStayDate(b.checkIn)} al ${formatStayDate(b.checkOut)}: revísalo y registra el pago.`,
    }));
}

/**
 * Online payments that arrived for a booking that could not take them (issue 22): an alert until
 * the owner records the refund.
 */
function refundsDue(b: Booking): OverviewPayment[] {
  const online = b.onlinePayments.filter((p) => p.refundDue);
  // A refund owed for another reason (a paid cancellation, a payment recorded on a lapsed booking).
  const other: OverviewPayment[] =
    (b.refundOwed ?? 0) > 0 && online.length === 0
      ? [
          {
            id: `${b.id}:reembolso`,
            kind: 'reembolso',
            at: b.updatedAt,
            title: `Reembolso pendiente a ${b.name}`,
            body: `Reserva ${b.code} (${b.state}): hay que devolver ${formatMoney(b.refundOwed ?? 0, 'COP')} y registrarlo aquí.`,
          },
        ]
      : [];
  return other.concat(
    online.map((p) => ({
      id: p.transactionId ?? p.reference,
      kind: 'reembolso',
      at: p.updatedAt,
      title: `Reembolso pendiente a ${b.name}`,
      body: `Reserva ${b.code} (${b.state}): Wompi aprobó ${formatMoney(p.amountInCents / 100, 'COP')} que hay que devolver desde el panel de Wompi y registrar aquí.`,
    })),
  );
}

/** Payments recorded in the last PAYMENT_ALERT_MS. */
function recentPayments(b: Booking, now: number): OverviewPayment[] {
  return b.payments
    .filter((p) => now - Date.parse(p.recordedAt) < PAYMENT_ALERT_MS)
    .map((p) => ({
      id: p.id,
      kind: 'pago',
      at: p.recordedAt,
      title: `Pago registrado de ${b.name}`,
      body: `Reserva ${b.code}: ${formatMoney(p.amount, 'COP')} por ${p.method}.`,
    }));
}
