import { describe, expect, it } from 'vitest';
import { BOOKING_STATES, type Actor, type BookingState } from '../../schemas/booking';
import { cabinInstant } from '../../pricing/booking';
import {
  actionsFor,
  can,
  LIFECYCLE_ACTIONS,
  LIFECYCLE_ACTORS,
  reasonableDeadline,
  type LifecycleAction,
  type LifecycleBooking,
} from '../lifecycle';

const NOW = Date.parse('2027-01-10T15:00:00Z');
const HOUR = 3_600_000;

/** A booking in `state`: deadline ahead, nothing paid, no receipt waiting, the stay in the future. */
const booking = (state: BookingState, over: Partial<LifecycleBooking> = {}): LifecycleBooking => ({
  state,
  depositDueAt: state === 'aceptada' ? new Date(NOW + 10 * HOUR).toISOString() : null,
  paid: 0,
  price: { deposit: 500_000, total: 1_000_000 } as LifecycleBooking['price'],
  checkIn: '2027-02-01',
  checkOut: '2027-02-05',
  receipts: [],
  onlinePayments: [],
  refunds: [],
  ...over,
});

const O: Actor = 'propietario';
const G: Actor = 'huesped';
const S: Actor = 'sistema';

/** Every permitted (action, actor) per state for that booking; everything else is refused. */
const EXPECTED: Record<BookingState, [LifecycleAction, Actor][]> = {
  solicitada: [
    ['accept', O],
    ['decline', O],
    ['cancel', G],
    ['cancel', O],
    ['delete', O],
  ],
  aceptada: [
    ['extendHold', O],
    ['recordPayment', O],
    ['cancel', G],
    ['cancel', O],
    ['uploadReceipt', G],
    ['payOnline', G],
    ['remindHold', S],
  ],
  confirmada: [
    ['recordPayment', O],
    ['cancel', G],
    ['cancel', O],
    ['uploadReceipt', G],
    ['remindBalance', S],
    ['registerGuests', G],
    ['correctRegistration', O],
    ['remindRegistration', S],
    ['showItinerary', G],
    ['remindArrival', S],
    ['remindCheckout', S],
  ],
  completada: [
    ['recordPayment', O],
    ['correctRegistration', O],
    ['delete', O],
  ],
  rechazada: [['delete', O]],
  vencida: [
    ['recordPayment', O],
    ['reopen', O],
    ['delete', O],
  ],
  cancelada: [['delete', O]],
};

describe('the lifecycle table', () => {
  for (const state of BOOKING_STATES) {
    for (const action of LIFECYCLE_ACTIONS) {
      for (const actor of LIFECYCLE_ACTORS) {
        const allowed = EXPECTED[state].some(([a, who]) => a === action && who === actor);
        it(`${state} × ${action} × ${actor}: ${allowed ? 'allowed' : 'refused'}`, () => {
          expect(can(action, booking(state), NOW, actor)).toBe(allowed);
        });
      }
    }
  }

  it('closes the online check-in on the day of departure (issue 34)', () => {
    const stay = { checkOut: '2027-01-11' };
    expect(can('registerGuests', booking('confirmada', stay), NOW, G)).toBe(true);
    expect(can('registerGuests', booking('confirmada', { checkOut: '2027-01-10' }), NOW, G)).toBe(false);
    // The owner may still correct it for the stay's record.
    expect(can('correctRegistration', booking('confirmada', { checkOut: '2027-01-10' }), NOW, O)).toBe(true);
  });

  it('lists what each actor may do, in the table order', () => {
    expect(actionsFor(booking('aceptada'), 'huesped', NOW)).toEqual(['cancel', 'uploadReceipt', 'payOnline']);
    expect(actionsFor(booking('vencida'), 'propietario', NOW)).toEqual(['recordPayment', 'reopen', 'delete']);
    expect(actionsFor(booking('cancelada'), 'huesped', NOW)).toEqual([]);
  });

  it('a hold past its deadline lapses, unless a payment waits for verification', () => {
    const past = { depositDueAt: new Date(NOW - 1).toISOString() };
    expect(can('lapse', booking('aceptada', past), NOW, S)).toBe(true);
    expect(can('lapse', booking('aceptada', { ...past, verification: { since: 'x', receiptId: 'r' } }), NOW, S)).toBe(
      false,
    );
    expect(can('lapse', booking('aceptada', { ...past, verification: { since: 'x', reference: 'R' } }), NOW, S)).toBe(
      false,
    );
    // Past the deadline the guest can neither upload a receipt nor pay online; no reminder goes.
    expect(can('uploadReceipt', booking('aceptada', past), NOW, G)).toBe(false);
    expect(can('payOnline', booking('aceptada', past), NOW, G)).toBe(false);
    expect(can('remindHold', booking('aceptada', past), NOW, S)).toBe(false);
  });

  it('rejecting a receipt needs one waiting; a gateway wait is not a receipt', () => {
    expect(can('rejectReceipt', booking('aceptada', { verification: { since: 'x', receiptId: 'r' } }), NOW, O)).toBe(
      true,
    );
    expect(can('rejectReceipt', booking('aceptada', { verification: { since: 'x', reference: 'R' } }), NOW, O)).toBe(
      false,
    );
    expect(can('rejectReceipt', booking('aceptada', { verification: { since: 'x', receiptId: 'r' } }), NOW, G)).toBe(
      false,
    );
  });

  it('confirming needs the deposit; a refund needs money paid and not given back', () => {
    expect(can('confirm', booking('aceptada', { paid: 500_000 }), NOW, 'pasarela')).toBe(true);
    expect(can('confirm', booking('vencida', { paid: 500_000 }), NOW, O)).toBe(true);
    expect(can('confirm', booking('aceptada', { paid: 499_999 }), NOW, 'pasarela')).toBe(false);
    expect(can('confirm', booking('cancelada', { paid: 500_000 }), NOW, O)).toBe(false);
    const paid = { paid: 300_000 };
    expect(can('recordRefund', booking('cancelada', paid), NOW, O)).toBe(true);
    expect(can('recordRefund', booking('solicitada', paid), NOW, O)).toBe(false);
    const given = { ...paid, refunds: [{ id: 'f', amount: 300_000, date: '2027-01-09', recordedAt: 'x' }] };
    expect(can('recordRefund', booking('cancelada', given), NOW, O)).toBe(false);
  });

  it('deleting needs a request or an ended booking with no money recorded', () => {
    expect(can('delete', booking('cancelada'), NOW, O)).toBe(true);
    expect(can('delete', booking('cancelada', { paid: 10_000 }), NOW, O)).toBe(false);
    const refunded = { refunds: [{ id: 'f', amount: 1, date: '2027-01-09', recordedAt: 'x' }] };
    expect(can('delete', booking('rechazada', refunded), NOW, O)).toBe(false);
    const approved = { onlinePayments: [{ status: 'APPROVED' }] as LifecycleBooking['onlinePayments'] };
    expect(can('delete', booking('vencida', approved), NOW, O)).toBe(false);
    expect(can('delete', booking('confirmada'), NOW, O)).toBe(false);
  });

  it('a confirmed stay completes from its check-out date', () => {
    expect(can('complete', booking('confirmada', { checkOut: '2027-01-10' }), NOW, S)).toBe(true);
    expect(can('complete', booking('confirmada', { checkOut: '2027-01-11' }), NOW, O)).toBe(false);
  });

  it('the pre-arrival message goes until the arrival day, the check-out reminder until the day before leaving', () => {
    const stay = { checkIn: '2027-01-10', checkOut: '2027-01-11' };
    expect(can('remindArrival', booking('confirmada', stay), NOW, S)).toBe(true);
    expect(can('remindArrival', booking('confirmada', { ...stay, checkIn: '2027-01-09' }), NOW, S)).toBe(false);
    expect(can('remindCheckout', booking('confirmada', stay), NOW, S)).toBe(true);
    expect(can('remindCheckout', booking('confirmada', { ...stay, checkOut: '2027-01-10' }), NOW, S)).toBe(false);
    expect(can('showItinerary', booking('completada', stay), NOW, G)).toBe(false);
  });

  it('a misspelt action does not compile', () => {
    // @ts-expect-error: 'cancell' is not an action of the table
    expect(() => can('cancell', booking('aceptada'), NOW)).toThrow();
  });
});

describe('reasonableDeadline', () => {
  const at = (date: string, time: string) => cabinInstant(date, time);
  it('keeps a deadline in the day', () => {
    expect(reasonableDeadline(at('2027-01-10', '08:00'))).toBe(at('2027-01-10', '08:00'));
    expect(reasonableDeadline(at('2027-01-10', '20:59'))).toBe(at('2027-01-10', '20:59'));
  });
  it('moves one between 21:00 and 08:00 at the cabin to the next 09:00', () => {
    expect(reasonableDeadline(at('2027-01-10', '21:00'))).toBe(at('2027-01-11', '09:00'));
    expect(reasonableDeadline(at('2027-01-10', '23:30'))).toBe(at('2027-01-11', '09:00'));
    expect(reasonableDeadline(at('2027-01-11', '01:30'))).toBe(at('2027-01-11', '09:00'));
    expect(reasonableDeadline(at('2027-01-11', '07:59'))).toBe(at('2027-01-11', '09:00'));
  });
});
