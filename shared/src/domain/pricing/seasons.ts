import { isStayFree, rangesOverlap, type DateRange } from '../availability/ranges';
import { nightsBetween, nightsOf } from './dates';

/** A season: its nights are `[start, end)`, like a stay's; it sets the price and the minimum stay. */
export interface SeasonRule extends DateRange {
  id: string;
  name: string;
  pricePerPerson: number;
  minNights: number;
}

/** What prices a stay: the base (outside every season) and the seasons, which never overlap. */
export interface PricingRules {
  base: { pricePerPerson: number; minNights: number };
  seasons: readonly SeasonRule[];
}

export interface NightPrice {
  date: string;
  pricePerPerson: number;
}

/** Nights of a stay grouped by what priced them, in the order the stay meets them. */
export interface QuotePart {
  /** null for the base price. */
  seasonId: string | null;
  name: string;
  nights: number;
  pricePerPerson: number;
  /** people × price × nights. */
  subtotal: number;
}

export interface StayQuote {
  nights: number;
  nightly: NightPrice[];
  total: number;
  minNights: number;
  breakdown: QuotePart[];
}

export const BASE_RATE_NAME = 'Tarifa base';

export const STAY_MESSAGES = {
  unavailable: 'Algunas de las noches elegidas ya están ocupadas. Elige otras fechas.',
  minNights: (n: number) => `La estadía mínima para estas fechas es de ${n} ${n === 1 ? 'noche' : 'noches'}.`,
} as const;

export function seasonOfNight(date: string, seasons: readonly SeasonRule[]): SeasonRule | undefined {
  return seasons.find((s) => s.start <= date && date < s.end);
}

/**
 * The minimum stay: the highest minimum among the periods the stay touches, a period being a
 * season or, for nights outside every season, the base. A stay with no nights gets the base.
 */
export function minNightsForStay(checkIn: string, checkOut: string, rules: PricingRules): number {
  const stay = { start: checkIn, end: checkOut };
  const nights = Math.max(0, nightsBetween(checkIn, checkOut));
  let covered = 0;
  let min = 0;
  for (const s of rules.seasons) {
    if (!rangesOverlap(stay, s)) continue;
    covered += nightsBetween(s.start > checkIn ? s.start : checkIn, s.end < checkOut ? s.end : checkOut);
    min = Math.max(min, s.minNights);
  }
  if (covered < nights || nights === 0) min = Math.max(min, rules.base.minNights);
  return min;
}

/** Price of every night, total for the group and the minimum stay. */
export function quoteStay(
  stay: { checkIn: string; checkOut: string; numPeople: number },
  rules: PricingRules,
): StayQuote {
  const nightly: NightPrice[] = [];
  const breakdown: QuotePart[] = [];
  for (const date of nightsOf(stay.checkIn, stay.checkOut)) {
    const season = seasonOfNight(date, rules.seasons);
    const pricePerPerson = season?.pricePerPerson ?? rules.base.pricePerPerson;
    nightly.push({ date, pricePerPerson });
    const seasonId = season?.id ?? null;
    let part = breakdown.find((p) => p.seasonId === seasonId);
    if (!part) {
      part = { seasonId, name: season?.name ?? BASE_RATE_NAME, nights: 0, pricePerPerson, subtotal: 0 };
      breakdown.push(part);
    }
    part.nights += 1;
    part.subtotal += pricePerPerson * stay.numPeople;
  }
  return {
    nights: nightly.length,
    nightly,
    total: nightly.reduce((sum, n) => sum + n.pricePerPerson * stay.numPeople, 0),
    minNights: minNightsForStay(stay.checkIn, stay.checkOut, rules),
    breakdown,
  };
}

/**
 * Whether a stay can be booked: every night free and at least the minimum stay. The messages are
 * the ones the visitor sees, from the page or from the server's 409/400.
 */
export function checkStay(
  stay: { checkIn: string; checkOut: string },
  rules: PricingRules,
  blocked: readonly DateRange[],
): { available: boolean; minNights: number; tooShort: boolean; problems: string[] } {
  const available = isStayFree(stay, blocked);
  const minNights = minNightsForStay(stay.checkIn, stay.checkOut, rules);
  const tooShort = nightsBetween(stay.checkIn, stay.checkOut) < minNights;
  const problems: string[] = [];
  if (!available) problems.push(STAY_MESSAGES.unavailable);
  if (tooShort) problems.push(STAY_MESSAGES.minNights(minNights));
  return { available, minNights, tooShort, problems };
}
