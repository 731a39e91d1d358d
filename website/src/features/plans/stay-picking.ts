import { isNightBlocked, type DateRange } from '@cabana/shared/domain/availability/ranges';
import { nightsBetween } from '@cabana/shared/domain/pricing/dates';
import { minNightsForStay, type PricingRules } from '@cabana/shared/domain/pricing/seasons';

/** What the calendar knows: the cabin's today, the end of the window it shows, and the blocked nights. */
export interface CalendarFacts {
  today: string;
  /** First day after the window (a checkout on it is fine; no night from it on is offered). */
  to: string;
  blocked: readonly DateRange[];
  /** Base price and seasons, when known: a departure that breaks the minimum stay is not offered. */
  rules?: PricingRules | null;
}

/** The dates picked so far (empty strings until chosen), as the reservation form holds them. */
export interface Picking {
  checkIn: string;
  checkOut: string;
}

/** True while the next day picked is the departure. */
export const choosingCheckOut = (p: Picking): boolean => p.checkIn !== '' && !(p.checkOut > p.checkIn);

/** A night a stay can start on: not past, inside the window, not blocked. */
const nightIsFree = (day: string, facts: CalendarFacts): boolean =>
  day >= facts.today && day < facts.to && !isNightBlocked(day, facts.blocked);

/**
 * The latest departure for a stay starting on `checkIn`: the first blocked night after it (a
 * checkout on a blocked night's first day is a same-day turnover) or the end of the window.
 */
export function lastCheckOut(checkIn: string, facts: CalendarFacts): string {
  const next = facts.blocked.find((b) => b.start > checkIn);
  return next && next.start < facts.to ? next.start : facts.to;
}

/**
 * The minimum stay a departure on `day` would break (the seasons' minimum for that stay), or
 * null when it keeps it or no arrival is chosen yet.
 */
export function minimumBroken(day: string, picking: Picking, facts: CalendarFacts): number | null {
  if (!facts.rules || !choosingCheckOut(picking) || day <= picking.checkIn) return null;
  const min = minNightsForStay(picking.checkIn, day, facts.rules);
  return nightsBetween(picking.checkIn, day) < min ? min : null;
}

/**
 * Days the visitor cannot pick now: a departure may fall on a blocked night, a stay may not span
 * one nor be shorter than its minimum; past days never.
 */
export function dayIsDisabled(day: string, picking: Picking, facts: CalendarFacts): boolean {
  if (choosingCheckOut(picking) && day > picking.checkIn)
    return day > lastCheckOut(picking.checkIn, facts) || minimumBroken(day, picking, facts) !== null;
  return !nightIsFree(day, facts);
}

/**
 * The dates after picking `day`: the departure when the stay from the chosen arrival to it is
 * free, else a new arrival. A day that may not be picked changes nothing.
 */
export function pickDay(day: string, picking: Picking, facts: CalendarFacts): Picking {
  if (dayIsDisabled(day, picking, facts)) return picking;
  if (choosingCheckOut(picking) && day > picking.checkIn) return { checkIn: picking.checkIn, checkOut: day };
  return { checkIn: day, checkOut: '' };
}
