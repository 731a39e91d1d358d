import { CALENDAR_LIMITS } from '../config/calendar';
import { isIsoDate } from '../pricing/dates';

/**
 * A range of nights: `start` is the first night, `end` the day after the last one (a checkout
 * date, not a night). Both are YYYY-MM-DD strings at the cabin; comparing them as strings
 * compares the dates, so no `Date` (and no time zone) is ever involved.
 */
export interface DateRange {
  start: string;
  end: string;
}

/** A real date within the calendar's supported years. */
export function isCalendarDate(value: string): boolean {
  return isIsoDate(value) && value >= CALENDAR_LIMITS.minDate && value < CALENDAR_LIMITS.maxDate;
}

/** True when the two ranges share at least one night (a checkout on the other's first night does not). */
export function rangesOverlap(a: DateRange, b: DateRange): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Sorted ranges with overlapping and touching ones joined; empty ranges dropped. */
export function mergeRanges(ranges: readonly DateRange[]): DateRange[] {
  const sorted = ranges
    .filter((r) => r.start < r.end)
    .map((r) => ({ start: r.start, end: r.end }))
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const merged: DateRange[] = [];
  for (const r of sorted) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.end) {
      if (r.end > last.end) last.end = r.end;
    } else {
      merged.push(r);
    }
  }
  return merged;
}

/** The parts of the ranges that fall inside the window. */
export function clipRanges(ranges: readonly DateRange[], window: DateRange): DateRange[] {
  return ranges
    .map((r) => ({
      start: r.start > window.start ? r.start : window.start,
      end: r.end < window.end ? r.end : window.end,
    }))
    .filter((r) => r.start < r.end);
}

/** True when no night of the stay `[checkIn, checkOut)` is blocked. */
export function isStayFree(stay: { checkIn: string; checkOut: string }, blocked: readonly DateRange[]): boolean {
  const range = { start: stay.checkIn, end: stay.checkOut };
  return !blocked.some((b) => rangesOverlap(range, b));
}

/** True when the night starting on `date` is blocked. */
export function isNightBlocked(date: string, blocked: readonly DateRange[]): boolean {
  return blocked.some((b) => b.start <= date && date < b.end);
}

/**
 * End of the default availability window: the first day of the month after the month that lies
 * `months` ahead, so a month-by-month calendar gets whole months.
 */
export function availabilityWindowEnd(from: string, months: number = CALENDAR_LIMITS.defaultWindowMonths): string {
  const year = Number(from.slice(0, 4));
  const month = Number(from.slice(5, 7)) - 1 + months + 1;
  const y = year + Math.floor(month / 12);
  const m = (month % 12) + 1;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;
}
