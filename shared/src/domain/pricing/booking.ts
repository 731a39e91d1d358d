import { BUSINESS } from '../config/business';
import { zoneOffsetMs } from './dates';
import { FREE_CANCELLATION_DAYS, splitTotal, type CancellationPolicyId } from './terms';

export { CANCELLATION_POLICY_IDS, balanceDueDate, splitTotal, type CancellationPolicyId } from './terms';
import type { StayQuote } from './seasons';

/**
 * The booking's money and cancellation rules, without zod: the guest's page and the `/planes`
 * form show them on a first visit; the schemas are in schemas/booking.ts.
 */

/** One step of a policy: cancelling at least `daysBefore` whole days before arrival keeps `refundPercent` of the total refundable. */
interface RefundStep {
  daysBefore: number;
  refundPercent: number;
}

export interface CancellationPolicy {
  id: CancellationPolicyId;
  /** Spanish name shown to guests and in the panel. */
  name: string;
  /** The rules written out in Spanish, one sentence each. */
  rules: readonly string[];
  /** From the longest notice to the shortest; less notice than the last step refunds nothing of the total. */
  steps: readonly RefundStep[];
}

const KEPT_NOTE =
  'Cuando se retiene una parte del total, se devuelve lo pagado que la supere; lo que aún no se ha pagado no se cobra.';

/** The three presets the owner picks from (settings `cancellationPolicy`). */
export const CANCELLATION_POLICIES: Readonly<Record<CancellationPolicyId, CancellationPolicy>> = {
  flexible: {
    id: 'flexible',
    name: 'Flexible',
    rules: [
      'Cancelación hasta 1 día (24 horas) antes de la hora de llegada: se devuelve todo lo pagado.',
      'Con menos de 24 horas o si no llegas: se retiene el 50 % del total de la estadía.',
      KEPT_NOTE,
    ],
    steps: [
      { daysBefore: FREE_CANCELLATION_DAYS.flexible, refundPercent: 100 },
      { daysBefore: 0, refundPercent: 50 },
    ],
  },
  moderada: {
    id: 'moderada',
    name: 'Moderada',
    rules: [
      'Cancelación con 7 días o más antes de la llegada: se devuelve todo lo pagado.',
      'Entre 2 y 6 días antes: se retiene el 50 % del total de la estadía.',
      'Con menos de 2 días o si no llegas: no hay reembolso.',
      KEPT_NOTE,
    ],
    steps: [
      { daysBefore: FREE_CANCELLATION_DAYS.moderada, refundPercent: 100 },
      { daysBefore: 2, refundPercent: 50 },
    ],
  },
  estricta: {
    id: 'estricta',
    name: 'Estricta',
    rules: [
      'Cancelación con 30 días o más antes de la llegada: se devuelve todo lo pagado.',
      'Entre 14 y 29 días antes: se retiene el 50 % del total de la estadía.',
      'Con menos de 14 días o si no llegas: no hay reembolso.',
      KEPT_NOTE,
    ],
    steps: [
      { daysBefore: FREE_CANCELLATION_DAYS.estricta, refundPercent: 100 },
      { daysBefore: 14, refundPercent: 50 },
    ],
  },
};

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
