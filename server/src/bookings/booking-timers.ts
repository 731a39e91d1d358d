import fsp from 'node:fs/promises';
import path from 'node:path';
import { addDays, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { FINAL_STATES, type Booking } from '@cabana/shared/domain/schemas/booking';
import { can } from '@cabana/shared/domain/bookings/lifecycle';
import { cabinInstant } from '@cabana/shared/domain/pricing/booking';
import { PRE_ARRIVAL_DAYS_DEFAULT } from '@cabana/shared/domain/config/setting-defaults';
import { REVIEW_REMINDER_DAYS } from '@cabana/shared/domain/schemas/review';
import { type BookingCore } from './booking-core';
import { frozenTerms, policyTerms } from './booking-terms';

/**
 * What time alone does to bookings (run at start and on a timer), retention, and the start-up
 * migration of issue 29.
 */

/** A hold's reminder goes this long before its deadline (or at half the hold, if shorter). */
const HOLD_REMINDER_MS = 6 * 3_600_000;

/** The balance's reminder goes this many days before it is due (before arrival when due on arrival). */
const BALANCE_REMINDER_DAYS = 3;

const DAY_MS = 24 * 3_600_000;

/** The pre-arrival message goes from this hour (cabin time) of its day, never at night. */
const PRE_ARRIVAL_HOUR = '09:00';
/** The check-out reminder goes from this hour (cabin time) of the day before leaving: the last evening. */
const CHECKOUT_REMINDER_HOUR = '16:00';

/**
 * The start-up migration of issue 29: a booking made before terms were stored gets them once,
 * from what it already froze (policy, hours, deposit %, cleaning fee) and today's settings for
 * the rest (house rules, balance days), marked `source: 'migration'` with a typed history event.
 * One save for all of them; nothing to do the next time.
 */
export async function freezeMissingTerms(core: BookingCore): Promise<number> {
  const { store } = core.deps;
  const at = core.iso();
  let changed = 0;
  for (const b of store.data.bookings) {
    if (b.terms) continue;
    const terms = frozenTerms(store.data.settings, at, 'migration');
    b.terms = {
      ...terms,
      cancellationPolicy: policyTerms(b.cancellationPolicy),
      checkInTime: b.checkInTime,
      checkOutTime: b.checkOutTime,
      depositPercent: b.price.depositPercent,
      cleaningFee: b.price.cleaningFee,
    };
    b.history.push({ at, state: b.state, by: 'sistema', event: { kind: 'terms-frozen' } });
    changed += 1;
  }
  if (changed > 0) await core.commit();
  return changed;
}

/**
 * What time alone does, run at start and on a timer: holds past their deadline lapse
 * (`vencida`, nights freed), confirmed stays past check-out are completed, reminders go out
 * before a hold's deadline and before the balance is due. One save per booking changed.
 */
export async function runTimers(core: BookingCore): Promise<number> {
  const { store, now } = core.deps;
  const at = now();
  const today = todayAtCabin(new Date(at));
  // Stays already reviewed get no invitation nor reminder (issue 35).
  const reviewed = new Set(store.view.reviews.map((r) => r.bookingId));
  let changed = 0;
  for (const booking of store.data.bookings) {
    if (remindStay(core, booking, at)) {
      changed += 1;
      await core.commit();
    }
    if (can('lapse', booking, at, 'sistema')) {
      booking.depositDueAt = null;
      core.move(booking, 'vencida', 'sistema', 'El plazo del anticipo terminó', { kind: 'lapsed' });
      core.mail(booking, 'guest-expired');
    } else if (can('remindHold', booking, at, 'sistema') && booking.depositDueAt && !booking.reminders.hold) {
      const due = Date.parse(booking.depositDueAt);
      const lead = Math.min(HOLD_REMINDER_MS, (due - Date.parse(lastHoldStart(booking))) / 2);
      if (at < due - lead) continue;
      booking.reminders = { ...booking.reminders, hold: core.iso(at) };
      core.mail(booking, 'guest-hold-reminder');
    } else if (can('complete', booking, at, 'sistema')) {
      core.move(booking, 'completada', 'sistema', undefined, { kind: 'completed' });
    } else if (can('remindBalance', booking, at, 'sistema') && !booking.reminders.balance) {
      const dueDate = booking.balanceDueAt ?? booking.checkIn;
      if (today < addDays(dueDate, -BALANCE_REMINDER_DAYS)) continue;
      booking.reminders = { ...booking.reminders, balance: core.iso(at) };
      core.mail(booking, 'guest-balance-reminder');
    } else if (reviewed.has(booking.id)) {
      continue;
    } else if (can('inviteReview', booking, at, 'sistema') && !booking.reminders.review) {
      booking.reminders = { ...booking.reminders, review: core.iso(at) };
      core.mail(booking, 'guest-review-invite');
    } else if (
      booking.reminders.review &&
      !booking.reminders.reviewAgain &&
      can('remindReview', booking, at, 'sistema') &&
      at >= Date.parse(booking.reminders.review) + REVIEW_REMINDER_DAYS * DAY_MS
    ) {
      booking.reminders = { ...booking.reminders, reviewAgain: core.iso(at) };
      core.mail(booking, 'guest-review-reminder');
    } else {
      continue;
    }
    changed += 1;
    await core.commit();
  }
  return changed;
}

/**
 * A confirmed stay's messages (issue 32), each once (stamped in `reminders` in the same save as
 * its e-mail): the arrival instructions `preArrivalDays` before arrival (at once when confirmed
 * later), and the check-out reminder the evening before leaving. True when one was written.
 */
function remindStay(core: BookingCore, booking: Booking, at: number): boolean {
  const days = core.deps.store.data.settings.preArrivalDays ?? PRE_ARRIVAL_DAYS_DEFAULT;
  const stamp = core.iso(at);
  let wrote = false;
  if (
    !booking.reminders.preArrival &&
    can('remindArrival', booking, at, 'sistema') &&
    at >= cabinInstant(addDays(booking.checkIn, -days), PRE_ARRIVAL_HOUR)
  ) {
    booking.reminders = { ...booking.reminders, preArrival: stamp };
    core.mail(booking, 'guest-pre-arrival');
    wrote = true;
  }
  if (
    !booking.reminders.checkout &&
    can('remindCheckout', booking, at, 'sistema') &&
    at >= cabinInstant(addDays(booking.checkOut, -1), CHECKOUT_REMINDER_HOUR)
  ) {
    booking.reminders = { ...booking.reminders, checkout: stamp };
    core.mail(booking, 'guest-checkout-reminder');
    wrote = true;
  }
  return wrote;
}

/** Removes the bookings retention says to forget, with their receipts and e-mails (the caller saves). */
export async function forget(core: BookingCore, cutoff: number): Promise<number> {
  const { store, outbox } = core.deps;
  const all = store.data.bookings;
  // Never a booking that still owes the guest money.
  const gone = all.filter((b) => FINAL_STATES.includes(b.state) && !b.refundOwed && Date.parse(b.updatedAt) < cutoff);
  if (gone.length === 0) return 0;
  const ids = new Set(gone.map((b) => b.id));
  all.splice(0, Infinity, ...all.filter((b) => !ids.has(b.id)));
  outbox.forgetBookings(ids);
  await store.save();
  for (const id of ids) await fsp.rm(path.join(core.deps.receiptsDir, id), { recursive: true, force: true });
  return gone.length;
}

/**
 * Requests left unanswered lapse (`vencida`): the day after their check-in date (a same-day
 * request can still be accepted on the day), or after the owner's `requestExpiryDays`. The guest of a request that looked human is told politely (they
 * are waiting for an answer and may book elsewhere); a suspect one's address gets nothing, as
 * it may not be the sender's. One save for all of them.
 */
export async function expireRequests(core: BookingCore): Promise<number> {
  const { store, now } = core.deps;
  const at = now();
  const today = todayAtCabin(new Date(at));
  const cutoff = at - store.view.settings.requestExpiryDays * DAY_MS;
  const lapsed = store.view.bookings.filter(
    (b) => b.state === 'solicitada' && (b.checkIn < today || Date.parse(b.createdAt) <= cutoff),
  );
  if (lapsed.length === 0) return 0;
  const ids = new Set(lapsed.map((b) => b.id));
  for (const booking of store.data.bookings) {
    if (!ids.has(booking.id)) continue;
    core.move(booking, 'vencida', 'sistema', 'La solicitud venció sin respuesta');
    if (!booking.suspect) core.mail(booking, 'guest-request-expired');
  }
  await core.commit();
  return lapsed.length;
}

/** When the current hold began: the last time the booking became `aceptada` or had its deadline moved. */
function lastHoldStart(b: Booking): string {
  for (let i = b.history.length - 1; i >= 0; i--) if (b.history[i]!.state === 'aceptada') return b.history[i]!.at;
  return b.updatedAt;
}
