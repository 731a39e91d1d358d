/**
 * A range of nights: `start` is the first night, `end` the day after the last one (a checkout
 * date, not a night). Both are YYYY-MM-DD strings at the cabin; comparing them as strings
 * compares the dates, so no `Date` (and no time zone) is ever involved.
 */
export interface DateRange {
  start: string;
  end: string;
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
