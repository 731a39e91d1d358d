import { randomBytes } from 'node:crypto';
import { GUEST_BOOKING_PATHS } from '@cabana/shared/domain/pages/guest-paths';
import { todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { paidOf } from '@cabana/shared/domain/pricing/booking';
import { type Booking } from '@cabana/shared/domain/schemas/booking';
import {
  FINAL_ONLINE_PAYMENT_STATUSES,
  type OnlinePayment,
  type OnlinePaymentStatus,
} from '@cabana/shared/domain/schemas/payment';
import { can, ONLINE_ATTEMPT_MINUTES } from '@cabana/shared/domain/bookings/lifecycle';
import { conflict, notFound, rateLimited } from '../domain-errors';
import type { ProviderTransaction } from '../payments/provider';
import { newRecordId } from '../lib/ids';
import { type BookingCore } from './booking-core';

/**
 * Paying the deposit online (issue 22): the attempts, and the gateway's transactions applied to
 * them, idempotently.
 */

export const ONLINE_NOT_AVAILABLE = 'El pago en línea no está disponible para esta reserva.';

const UNKNOWN_REFERENCE = 'No hay ningún intento de pago con esa referencia.';

const WRONG_AMOUNT = 'El monto o la moneda del pago no corresponden al intento de pago.';

/** Attempts one booking may start: each is a record; a guest retrying a few times stays far below. */
const ONLINE_ATTEMPTS_MAX = 20;

/** What applying a gateway's transaction did. */
export interface AppliedTransaction {
  booking: Booking;
  /** `applied`: the record changed and was saved; `duplicate`: nothing new (the same status, or older news). */
  outcome: 'applied' | 'duplicate';
}

/**
 * A new attempt at paying the deposit online: the deposit still due in cents, a fresh reference
 * (`<code>-<10 hex>`), recorded PENDING in one save; `checkout` makes the gateway's URL from it.
 */
export async function startOnlinePayment(
  core: BookingCore,
  code: string,
  token: string,
  checkout: (booking: Booking, attempt: OnlinePayment) => string,
): Promise<string> {
  const booking = core.byLink(code, token);
  if (!core.deps.onlinePaymentEnabled()) throw notFound(ONLINE_NOT_AVAILABLE);
  if (booking.state !== 'aceptada') {
    throw conflict('Solo se puede pagar en línea el anticipo de una reserva aceptada que lo espera.');
  }
  if (booking.paid >= booking.price.deposit) throw conflict('El anticipo de esta reserva ya está pagado.');
  if (booking.depositDueAt && Date.parse(booking.depositDueAt) <= core.deps.now()) {
    throw conflict('El plazo para pagar el anticipo ya terminó.');
  }
  core.allow(booking, 'payOnline', 'huesped');
  if (booking.onlinePayments.length >= ONLINE_ATTEMPTS_MAX) {
    throw rateLimited('Hiciste muchos intentos de pago. Escríbenos por WhatsApp y te ayudamos.', 3600);
  }
  const at = core.iso();
  const taken = new Set(booking.onlinePayments.map((p) => p.reference));
  let reference: string;
  do reference = `${booking.code}-${randomBytes(5).toString('hex').toUpperCase()}`;
  while (taken.has(reference));
  // The checkout closes at the hold's deadline or after ONLINE_ATTEMPT_MINUTES, whichever comes first.
  const closes = Math.min(
    core.deps.now() + ONLINE_ATTEMPT_MINUTES * 60_000,
    booking.depositDueAt ? Date.parse(booking.depositDueAt) : Number.POSITIVE_INFINITY,
  );
  const attempt: OnlinePayment = {
    reference,
    provider: 'wompi',
    status: 'PENDING',
    amountInCents: (booking.price.deposit - booking.paid) * 100,
    currency: 'COP',
    createdAt: at,
    updatedAt: at,
    expiresAt: core.iso(closes),
  };
  const url = checkout(booking, attempt);
  booking.onlinePayments.push(attempt);
  booking.updatedAt = at;
  await core.commit();
  return url;
}

/** The guest's private page for the return from the checkout (`/reserva/<code>/pago?t=`). */
export function paymentReturnLink(core: BookingCore, booking: Booking): string {
  const page = booking.lang === 'en' ? '/payment' : '/pago';
  return `${core.deps.publicOrigin}${GUEST_BOOKING_PATHS[booking.lang]}/${booking.code}${page}?t=${core.tokenOf(booking)}`;
}

/** The booking one of whose attempts has this reference, and that attempt. */
export function findAttempt(
  core: BookingCore,
  reference: string,
): { booking: Booking; attempt: OnlinePayment } | undefined {
  for (const booking of core.deps.store.data.bookings) {
    const attempt = booking.onlinePayments.find((p) => p.reference === reference);
    if (attempt) return { booking, attempt };
  }
  return undefined;
}

/** Whether the booking of a private link has an attempt with this reference (the return page's check). */
export function ownsReference(core: BookingCore, code: string, token: string, reference: string): Booking {
  const booking = core.byLink(code, token);
  if (!booking.onlinePayments.some((p) => p.reference === reference)) throw notFound('No encontramos ese pago.');
  return booking;
}

/**
 * A transaction the gateway reported (a verified event, or a look-up by id), applied to the
 * attempt of its reference, idempotently: the same transaction and status again, or a pending
 * after a final status (events out of order), change nothing. An unknown reference is 404, an
 * amount or currency other than the attempt's is 409; neither changes anything. APPROVED
 * records the payment and confirms a held booking, or a lapsed one whose nights are still free;
 * when the booking cannot take it any more the payment is kept and flagged for a refund. All
 * of it, with its e-mails, in one save.
 */
export async function applyOnlineTransaction(core: BookingCore, tx: ProviderTransaction): Promise<AppliedTransaction> {
  const found = findAttempt(core, tx.reference);
  if (!found) throw notFound(UNKNOWN_REFERENCE);
  const { booking } = found;
  if (tx.currency !== 'COP' || tx.amountInCents !== found.attempt.amountInCents) {
    core.deps.log.error(
      `payments: transaction ${tx.id} for ${tx.reference} refused: ${tx.amountInCents} ${tx.currency}, the attempt is ${found.attempt.amountInCents} COP`,
    );
    throw conflict(WRONG_AMOUNT);
  }
  const attempt = attemptFor(core, booking, found.attempt, tx);
  if (!isNews(attempt.status, tx.status) && attempt.transactionId === tx.id) return { booking, outcome: 'duplicate' };
  const at = core.iso();
  attempt.transactionId = tx.id;
  attempt.status = tx.status;
  if (tx.methodType) attempt.methodType = tx.methodType;
  attempt.updatedAt = at;
  booking.updatedAt = at;
  if (tx.status === 'APPROVED') approved(core, booking, attempt);
  else gatewayWaits(core, booking, attempt);
  await core.commit();
  return { booking, outcome: 'applied' };
}

/**
 * The attempt a transaction updates: the one it already updated, else the reference's attempt
 * if no transaction claimed it yet; a second transaction on a reference (the guest tried again
 * in the same checkout) gets an attempt of its own.
 */
function attemptFor(core: BookingCore, booking: Booking, first: OnlinePayment, tx: ProviderTransaction): OnlinePayment {
  const same = booking.onlinePayments.find((p) => p.reference === tx.reference && p.transactionId === tx.id);
  if (same) return same;
  if (first.transactionId === undefined) return first;
  const at = core.iso();
  const next: OnlinePayment = { ...first, status: 'PENDING', createdAt: at, updatedAt: at };
  delete next.transactionId;
  delete next.methodType;
  delete next.refundDue;
  booking.onlinePayments.push(next);
  return booking.onlinePayments.at(-1)!;
}

/**
 * A transaction the gateway reported PENDING (a PSE or Nequi payment the bank has not settled)
 * holds the booking in verification: the hold does not lapse while it waits; the owner is told.
 * A final word other than APPROVED (declined, voided, error) ends that wait; a lapsed deadline
 * then lapses the hold at the next timer.
 */
function gatewayWaits(core: BookingCore, booking: Booking, attempt: OnlinePayment): void {
  if (attempt.status === 'PENDING') {
    if (booking.state !== 'aceptada' || booking.verification) return;
    booking.verification = { since: attempt.updatedAt, reference: attempt.reference };
    booking.history.push({
      at: attempt.updatedAt,
      state: booking.state,
      by: 'pasarela',
      event: { kind: 'gateway-pending', data: { amount: attempt.amountInCents / 100 } },
    });
    core.mail(booking, 'owner-payment-pending');
  } else if (booking.verification?.reference === attempt.reference) {
    delete booking.verification;
  }
}

/** An approved transaction: the payment recorded; the booking confirmed if it can take it, else flagged for a refund. */
function approved(core: BookingCore, booking: Booking, attempt: OnlinePayment): void {
  const amount = attempt.amountInCents / 100;
  booking.payments.push({
    id: newRecordId(),
    amount,
    method: 'wompi',
    date: todayAtCabin(new Date(core.deps.now())),
    transactionId: attempt.transactionId!,
    ...(attempt.methodType ? { note: `Pago en línea (${attempt.methodType})` } : {}),
    recordedAt: attempt.updatedAt,
  });
  booking.paid = paidOf(booking);
  if (booking.verification?.reference !== undefined) delete booking.verification;
  const lapsed = booking.state === 'vencida';
  if (can('confirm', booking, core.deps.now(), 'pasarela') && (!lapsed || core.nightsFree(booking))) {
    booking.depositDueAt = null;
    const note = lapsed
      ? 'Anticipo pagado en línea (Wompi) después del plazo; las noches seguían libres'
      : 'Anticipo pagado en línea (Wompi)';
    core.move(booking, 'confirmada', 'pasarela', note, { kind: 'confirmed', data: { amount, method: 'wompi' } });
    core.mail(booking, 'guest-confirmed', 'owner-payment');
  } else if (booking.state === 'aceptada' || booking.state === 'confirmada' || booking.state === 'completada') {
    booking.history.push({
      at: attempt.updatedAt,
      state: booking.state,
      by: 'pasarela',
      event: { kind: 'payment-recorded', data: { amount, method: 'wompi' } },
    });
    core.mail(booking, 'guest-payment', 'owner-payment');
  } else {
    // Lapsed with its nights taken, cancelled, declined: never confirmed over another booking.
    attempt.refundDue = true;
    core.oweRefund(booking, amount, 'pasarela');
    core.mail(booking, 'owner-refund-due');
  }
}

/**
 * Whether a status reported for an attempt is news: anything after PENDING is; a final status
 * (APPROVED, DECLINED, VOIDED, ERROR) never changes again, so a late PENDING or a second final
 * word (out of order, a retry) is not.
 */
function isNews(current: OnlinePaymentStatus, reported: OnlinePaymentStatus): boolean {
  return !FINAL_ONLINE_PAYMENT_STATUSES.includes(current) && FINAL_ONLINE_PAYMENT_STATUSES.includes(reported);
}
