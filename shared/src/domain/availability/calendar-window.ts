import { CALENDAR_LIMITS } from '../config/calendar';
import { isIsoDate } from '../pricing/dates';

// Apart from ranges.ts, which the public pages load: these need the calendar's limits.

/** A real date within the calendar's supported years. */
export function isCalendarDate(value: string): boolean {
  return isIsoDate(value) && value >= CALENDAR_LIMITS.minDate && value < CALENDAR_LIMITS.maxDate;
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
