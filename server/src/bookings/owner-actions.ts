import fsp from 'node:fs/promises';
import path from 'node:path';
import { todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { adjustPrice, paidOf, refundFor } from '@cabana/shared/domain/pricing/booking';
import {
  BOOKINGS_PAGE,
  type BOOKING_ORDERS,
  type AcceptBookingInput,
  type Booking,
  type BookingState,
  type CancelBookingInput,
  type HistoryEvent,
  type RecordPaymentInput,
  type RecordRefundInput,
  type RejectReceiptInput,
  type ReopenBookingInput,
} from '@cabana/shared/domain/schemas/booking';
import { can, refundableOf, refusal } from '@cabana/shared/domain/bookings/lifecycle';
import { newestFirst } from '@cabana/shared/domain/lib/newest-first';
import { conflict, invalidInput, notFound } from '../domain-errors';
import { newRecordId } from '../lib/ids';
import { receiptFileName } from './receipt-rules';
import { type BookingCore, NOT_FOUND } from './booking-core';

/**
 * What the owner does with a booking from the panel: accept, decline, extend a hold, record a
 * payment or a refund, reject a receipt, reopen, cancel, complete, read a receipt, delete.
 */

const NIGHTS_TAKEN = 'Algunas de las noches de esta reserva ya están ocupadas por otra reserva o un bloqueo.';

const RECEIPT_NOT_FOUND = 'No encontramos ese comprobante.';

/** A page of the owner's list: optional search, order and paging (issue 28 item 1, issue 33). */
export type BookingListQuery = {
  offset?: number;
  limit?: number;
  q?: string;
  orden?: (typeof BOOKING_ORDERS)[number];
};

export function listBookings(
  core: BookingCore,
  state: BookingState | undefined,
  page: BookingListQuery = {},
): Booking[] {
  const needle = page.q ? folded(page.q) : '';
  const all = core.deps.store.view.bookings.filter(
    (b) =>
      (state === undefined || b.state === state) &&
      (!needle || [b.name, b.code, b.email].some((field) => folded(field).includes(needle))),
  );
  const offset = page.offset ?? 0;
  const sorted =
    page.orden === 'llegada'
      ? byArrival(all, todayAtCabin(new Date(core.deps.now())))
      : newestFirst(all, (b) => b.createdAt);
  return sorted.slice(offset, offset + (page.limit ?? BOOKINGS_PAGE));
}

/** Lower case without accents, for the owner's search ("Pérez" finds "perez"). */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Stays not over yet, soonest arrival first; then those that ended, latest first. */
function byArrival<T extends { checkIn: string; checkOut: string; id: string }>(all: readonly T[], today: string): T[] {
  const ahead = all
    .filter((b) => b.checkOut >= today)
    .sort((a, b) => a.checkIn.localeCompare(b.checkIn) || a.id.localeCompare(b.id));
  const past = all
    .filter((b) => b.checkOut < today)
    .sort((a, b) => b.checkIn.localeCompare(a.checkIn) || a.id.localeCompare(b.id));
  return [...ahead, ...past];
}

export function getBooking(core: BookingCore, id: string): Booking {
  return core.byId(id);
}

export async function accept(core: BookingCore, id: string, input: AcceptBookingInput): Promise<Booking> {
  const booking = core.byId(id);
  core.allow(booking, 'accept');
  if (!core.nightsFree(booking)) throw conflict(NIGHTS_TAKEN);
  if (input.total !== undefined && input.total !== booking.price.total) {
    booking.price = adjustPrice(booking.price, input.total, input.note ?? '');
  } else if (input.note) {
    booking.price = { ...booking.price, adjustmentNote: input.note };
  }
  core.hold(booking, 'propietario', input.note);
  core.mail(booking, booking.state === 'confirmada' ? 'guest-confirmed' : 'guest-accepted');
  await core.commit();
  return booking;
}

export async function decline(core: BookingCore, id: string, reason: string): Promise<Booking> {
  const booking = core.byId(id);
  core.allow(booking, 'decline');
  booking.declineReason = reason;
  core.move(booking, 'rechazada', 'propietario', reason, { kind: 'declined', data: { reason } });
  core.mail(booking, 'guest-declined');
  await core.commit();
  return booking;
}

export async function extendHold(core: BookingCore, id: string, hours: number): Promise<Booking> {
  const booking = core.byId(id);
  core.allow(booking, 'extendHold');
  const from = Math.max(core.deps.now(), Date.parse(booking.depositDueAt ?? core.iso()));
  booking.depositDueAt = core.iso(from + hours * 3_600_000);
  // A new deadline gets its own reminder.
  delete booking.reminders.hold;
  core.note(
    booking,
    'propietario',
    { kind: 'hold-extended', data: { hours, until: booking.depositDueAt } },
    `Plazo del anticipo extendido ${hours} h`,
  );
  core.mail(booking, 'guest-accepted');
  await core.commit();
  return booking;
}

export async function recordPayment(core: BookingCore, id: string, input: RecordPaymentInput): Promise<Booking> {
  const booking = core.byId(id);
  core.allow(booking, 'recordPayment');
  if (input.receiptId !== undefined && !booking.receipts.some((r) => r.id === input.receiptId)) {
    const message = 'Ese comprobante no es de esta reserva.';
    throw invalidInput(message, { receiptId: message });
  }
  booking.payments.push({
    id: newRecordId(),
    amount: input.amount,
    method: input.method,
    date: input.date,
    ...(input.receiptId ? { receiptId: input.receiptId } : {}),
    ...(input.note ? { note: input.note } : {}),
    recordedAt: core.iso(),
  });
  booking.paid = paidOf(booking);
  booking.updatedAt = core.iso();
  // The owner decided: whatever waited for verification is settled by this payment.
  delete booking.verification;
  const event: HistoryEvent = { kind: 'payment-recorded', data: { amount: input.amount, method: input.method } };
  const lapsed = booking.state === 'vencida';
  if (can('confirm', booking, core.deps.now(), 'propietario') && (!lapsed || core.nightsFree(booking))) {
    // On a lapsed booking this is a repair: the guest paid in time for nights still free.
    booking.depositDueAt = null;
    core.move(booking, 'confirmada', 'propietario', 'Anticipo recibido', { ...event, kind: 'confirmed' });
    core.mail(booking, 'guest-confirmed', 'owner-payment');
  } else if (lapsed) {
    // The nights went to someone else (or the deposit is not complete): the money is owed back.
    core.note(booking, 'propietario', event);
    core.oweRefund(booking, input.amount, 'propietario');
    core.mail(booking, 'guest-payment-refund');
  } else {
    core.note(booking, 'propietario', event);
    core.mail(booking, 'guest-payment', 'owner-payment');
  }
  await core.commit();
  return booking;
}

/**
 * The owner rejects the receipt waiting for verification (unreadable, another amount, not
 * arrived), with a reason the guest is told: a held booking gets a new deadline (`hours`, by
 * default the settings' hold, moved out of the night), so the guest can pay or send another.
 */
export async function rejectReceipt(core: BookingCore, id: string, input: RejectReceiptInput): Promise<Booking> {
  const booking = core.byId(id);
  core.allow(booking, 'rejectReceipt');
  delete booking.verification;
  const data: Record<string, string | number> = { reason: input.reason };
  if (booking.state === 'aceptada') {
    booking.depositDueAt = core.deadline(input.hours ?? core.deps.store.data.settings.holdHours);
    delete booking.reminders.hold;
    data.until = booking.depositDueAt;
  }
  core.note(booking, 'propietario', { kind: 'receipt-rejected', data }, input.reason);
  core.mail(booking, 'guest-receipt-rejected');
  await core.commit();
  return booking;
}

/**
 * A lapsed booking held again with a new deadline (the owner's repair), when its nights are
 * still free (409 otherwise); with its deposit already paid it is confirmed at once.
 */
export async function reopen(core: BookingCore, id: string, input: ReopenBookingInput): Promise<Booking> {
  const booking = core.byId(id);
  core.allow(booking, 'reopen');
  if (!core.nightsFree(booking)) throw conflict(NIGHTS_TAKEN);
  // The money it holds counts for the stay again.
  delete booking.refundOwed;
  core.hold(booking, 'propietario', input.note, input.hours ?? core.deps.store.data.settings.holdHours, 'reopened');
  core.mail(booking, booking.state === 'confirmada' ? 'guest-confirmed' : 'guest-accepted');
  await core.commit();
  return booking;
}

/** The owner records money given back (made in Wompi's dashboard or by transfer): clears `refundDue`. */
export async function recordRefund(core: BookingCore, id: string, input: RecordRefundInput): Promise<Booking> {
  const booking = core.byId(id);
  core.allow(booking, 'recordRefund');
  const refundable = refundableOf(booking);
  if (input.amount > refundable) {
    const message = `El reembolso no puede superar lo pagado y no devuelto (${refundable} pesos).`;
    throw invalidInput(message, { amount: message });
  }
  const at = core.iso();
  booking.refunds.push({
    id: newRecordId(),
    amount: input.amount,
    date: input.date,
    ...(input.note ? { note: input.note } : {}),
    recordedAt: at,
  });
  for (const p of booking.onlinePayments) if (p.refundDue) p.refundDue = false;
  const owed = Math.max(0, (booking.refundOwed ?? 0) - input.amount);
  if (owed > 0) booking.refundOwed = owed;
  else delete booking.refundOwed;
  core.note(
    booking,
    'propietario',
    { kind: 'refund-recorded', data: { amount: input.amount } },
    `Reembolso registrado: ${input.amount} pesos`,
  );
  core.mail(booking, 'guest-refunded');
  await core.commit();
  return booking;
}

export async function cancelByOwner(core: BookingCore, id: string, input: CancelBookingInput): Promise<Booking> {
  const booking = core.byId(id);
  core.allow(booking, 'cancel');
  const refund = input.refund ?? refundFor(booking.cancellationPolicy, booking, core.deps.now());
  if (refund > booking.paid) {
    const message = `El reembolso no puede superar lo pagado (${booking.paid} pesos).`;
    throw invalidInput(message, { refund: message });
  }
  core.cancel(booking, 'propietario', refund, input.reason ?? '');
  core.mail(booking, 'guest-cancelled');
  await core.commit();
  return booking;
}

export async function complete(core: BookingCore, id: string): Promise<Booking> {
  const booking = core.byId(id);
  if (booking.state === 'confirmada' && todayAtCabin(new Date(core.deps.now())) < booking.checkOut) {
    throw conflict('La reserva se puede marcar como completada desde el día de salida.');
  }
  core.allow(booking, 'complete');
  core.move(booking, 'completada', 'propietario', undefined, { kind: 'completed' });
  await core.commit();
  return booking;
}

export async function receiptFile(
  core: BookingCore,
  id: string,
  receiptId: string,
): Promise<{ id: string; name: string; type: string; bytes: number; fileName: string; data: string }> {
  const booking = core.byId(id);
  const index = booking.receipts.findIndex((r) => r.id === receiptId);
  const receipt = booking.receipts[index];
  if (!receipt) throw notFound(RECEIPT_NOT_FOUND);
  let data: Buffer;
  try {
    data = await fsp.readFile(path.join(core.deps.receiptsDir, booking.id, receipt.id));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw notFound(RECEIPT_NOT_FOUND);
    throw err;
  }
  return {
    id: receipt.id,
    name: receipt.name,
    type: receipt.type,
    bytes: receipt.bytes,
    fileName: receiptFileName(booking.code, index, receipt.type),
    data: data.toString('base64'),
  };
}

/**
 * The owner deletes requests and ended bookings at once, without an e-mail to anyone: their
 * unsent e-mails and receipts go with them. All or nothing: an unknown id is 404, one still
 * under way (held, confirmed) or with money recorded is 409, and then nothing is deleted.
 */
export async function deleteMany(core: BookingCore, ids: readonly string[]): Promise<{ deleted: number }> {
  const { store, outbox } = core.deps;
  const wanted = new Set(ids);
  const found = store.view.bookings.filter((b) => wanted.has(b.id));
  if (found.length < wanted.size) throw notFound(NOT_FOUND);
  const now = core.deps.now();
  const kept = found.filter((b) => !can('delete', b, now, 'propietario'));
  if (kept.length > 0)
    throw conflict(`${refusal('delete')} No se pueden borrar: ${kept.map((b) => b.code).join(', ')}.`);
  const all = store.data.bookings;
  all.splice(0, Infinity, ...store.view.bookings.filter((b) => !wanted.has(b.id)));
  outbox.forgetBookings(wanted);
  // Their personal data leaves the journal at once, not when it next fills.
  await store.save({ forget: true });
  for (const id of wanted) await fsp.rm(path.join(core.deps.receiptsDir, id), { recursive: true, force: true });
  return { deleted: found.length };
}
