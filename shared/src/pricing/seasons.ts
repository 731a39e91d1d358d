import { BUSINESS } from '../config/business';
import { CALENDAR_LIMITS } from '../config/calendar';
import { isCalendarDate, isStayFree, rangesOverlap, type DateRange } from '../availability/ranges';
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

export interface SeasonProblem {
  /** Index of the season in the list given. */
  index: number;
  field: 'name' | 'start' | 'end' | 'pricePerPerson' | 'minNights';
  message: string;
}

/** What the season's own fields need, without the seasons' ids. */
export type SeasonDraft = Omit<SeasonRule, 'id'>;

const cop = (n: number) => `$${n.toLocaleString('es-CO')}`;

/** Each problem of a list of seasons, beside the field it belongs to; empty when the list is fine. */
export function seasonProblems(seasons: readonly SeasonDraft[]): SeasonProblem[] {
  const problems: SeasonProblem[] = [];
  const add = (index: number, field: SeasonProblem['field'], message: string) =>
    problems.push({ index, field, message });
  seasons.forEach((s, i) => {
    if (s.name.trim() === '') add(i, 'name', 'Escribe el nombre de la temporada.');
    else if (s.name.trim().length > CALENDAR_LIMITS.seasonNameMax)
      add(i, 'name', `El nombre admite hasta ${CALENDAR_LIMITS.seasonNameMax} caracteres.`);
    const datesOk = isCalendarDate(s.start) && isCalendarDate(s.end);
    if (!isCalendarDate(s.start)) add(i, 'start', 'Elige una fecha de inicio válida.');
    if (!isCalendarDate(s.end)) add(i, 'end', 'Elige una fecha de fin válida.');
    if (datesOk && s.end <= s.start) add(i, 'end', 'La temporada debe terminar después de su inicio.');
    if (
      !Number.isSafeInteger(s.pricePerPerson) ||
      s.pricePerPerson < BUSINESS.priceMin ||
      s.pricePerPerson > BUSINESS.priceMax
    ) {
      add(
        i,
        'pricePerPerson',
        `El precio debe ser un número entero de pesos entre ${cop(BUSINESS.priceMin)} y ${cop(BUSINESS.priceMax)} COP.`,
      );
    }
    if (!Number.isSafeInteger(s.minNights) || s.minNights < 1 || s.minNights > CALENDAR_LIMITS.maxMinNights) {
      add(i, 'minNights', `Las noches mínimas deben ser un número entero entre 1 y ${CALENDAR_LIMITS.maxMinNights}.`);
    }
  });
  // Overlaps, among the seasons whose dates are fine on their own.
  const valid = seasons
    .map((s, index) => ({ s, index }))
    .filter(({ s }) => isCalendarDate(s.start) && isCalendarDate(s.end) && s.start < s.end)
    .sort((a, b) => (a.s.start < b.s.start ? -1 : a.s.start > b.s.start ? 1 : 0));
  // Compared with the one reaching furthest so far, so a long season is checked against every later one.
  let reach: SeasonDraft | undefined;
  for (const { s, index } of valid) {
    if (reach && s.start < reach.end) {
      add(index, 'start', `Se cruza con «${reach.name.trim()}»: las temporadas no pueden solaparse.`);
    }
    if (!reach || s.end > reach.end) reach = s;
  }
  return problems;
}
