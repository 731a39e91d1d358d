import { BUSINESS } from '../config/business';
import { zoneOffsetMs } from './dates';
import { CANCELLATION_POLICIES, splitTotal, type CancellationPolicyId } from './terms';

export {
  CANCELLATION_POLICIES,
  CANCELLATION_POLICY_IDS,
  balanceDueDate,
  splitTotal,
  type CancellationPolicy,
  type CancellationPolicyId,
} from './terms';
import type { StayQuote } from './seasons';

/**
 * The booking's money and cancellation rules, without zod: the guest's page and the `/planes`
 * form show them on a first visit; the schemas are in schemas/booking.ts.
 */

/** The instant (epoch ms) of a cabin date at a cabin wall-clock time `HH:MM`. */
export function cabinInstant(date: string, time: string): number {
  const wall = Date.parse(`${date}T${time}:00Z`);
  // Twice, so an instant next to a daylight-saving change gets that side's offset.
  const first = wall - zoneOffsetMs(wall, BUSINESS.timeZone);
  return wall - zoneOffsetMs(first, BUSINESS.timeZone);
}

/** What a refund depends on: the stay's arrival, its total and what was paid. */
export interface RefundableBooking {
  checkIn: string;
  checkInTime: string;
  price: { total: number };
  payments: readonly { amount: number }[];
}

export const paidOf = (b: Pick<RefundableBooking, 'payments'>): number => b.payments.reduce((s, p) => s + p.amount, 0);

/**
 * What the guest gets back when the stay is cancelled at `now` under `policy`: the policy keeps a
 * share of the total (none with enough notice, all of it with too little) and everything paid
 * above that share is returned. Whole pesos; never negative, never more than what was paid.
 */
export function refundFor(policy: CancellationPolicyId, booking: RefundableBooking, now: number | Date): number {
  const at = typeof now === 'number' ? now : now.getTime();
  const paid = paidOf(booking);
  const daysBefore = Math.floor((cabinInstant(booking.checkIn, booking.checkInTime) - at) / 86_400_000);
  const step = CANCELLATION_POLICIES[policy].steps.find((s) => daysBefore >= s.daysBefore);
  const keptShare = 1 - (step?.refundPercent ?? 0) / 100;
  const kept = Math.round(booking.price.total * keptShare);
  return Math.max(0, Math.min(paid, paid - kept));
}

/** The booking settings the price and deadlines depend on (a subset of `Settings`). */
export interface BookingTerms {
  cleaningFee: number;
  depositPercent: number;
  /** Days before arrival the balance is due; null: on arrival. */
  balanceDueDays: number | null;
}

/** The price of a stay as frozen in the booking at request time. */
export interface BookingPrice {
  nights: number;
  numPeople: number;
  /** Price per person of each night. */
  nightly: { date: string; pricePerPerson: number }[];
  /** nights × people × the seasonal price. */
  lodging: number;
  cleaningFee: number;
  /** What the guest pays: `adjustedTotal` when the owner set one, else lodging + cleaning fee. */
  total: number;
  /** The total the owner set when accepting, or null. */
  adjustedTotal: number | null;
  /** The owner's note on that adjustment, which the guest sees ('' when none). */
  adjustmentNote: string;
  depositPercent: number;
  deposit: number;
  balance: number;
}

/** The frozen price of a stay from its quote and the owner's terms. */
export function priceBooking(
  quote: Pick<StayQuote, 'nights' | 'nightly' | 'total'>,
  numPeople: number,
  terms: BookingTerms,
): BookingPrice {
  const total = quote.total + terms.cleaningFee;
  return {
    nights: quote.nights,
    numPeople,
    nightly: quote.nightly.map((n) => ({ date: n.date, pricePerPerson: n.pricePerPerson })),
    lodging: quote.total,
    cleaningFee: terms.cleaningFee,
    total,
    adjustedTotal: null,
    adjustmentNote: '',
    depositPercent: terms.depositPercent,
    ...splitTotal(total, terms.depositPercent),
  };
}

/** The same price with the total the owner set when accepting (and the note the guest sees). */
export function adjustPrice(price: BookingPrice, total: number, note: string): BookingPrice {
  return { ...price, total, adjustedTotal: total, adjustmentNote: note, ...splitTotal(total, price.depositPercent) };
}
