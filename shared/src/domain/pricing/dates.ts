import { BUSINESS } from '../config/business';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written as YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Today's date (YYYY-MM-DD) at the cabin, whatever the visitor's or server's time zone. */
export function todayAtCabin(now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Whole nights between two YYYY-MM-DD dates (negative or zero when out of order). */
export function nightsBetween(checkIn: string, checkOut: string): number {
  const a = Date.parse(`${checkIn}T00:00:00Z`);
  const b = Date.parse(`${checkOut}T00:00:00Z`);
  return Math.round((b - a) / 86_400_000);
}

const DAY_MS = 86_400_000;

/** The date `days` after (or before) a YYYY-MM-DD date, computed in UTC so no zone can shift it. */
export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The cabin's date (YYYY-MM-DD) of an instant written as ISO. */
export const dateAtCabin = (iso: string): string => todayAtCabin(new Date(iso));

/** The Monday of a YYYY-MM-DD date's week (the Colombian calendar starts on Monday). */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * Month arithmetic on `YYYY-MM` strings: dates stay `YYYY-MM-DD` strings at the cabin, so no
 * time zone can shift a day.
 */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The month `delta` months after (or before) a `YYYY-MM` month. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The month's nights as a range: its first day and the first day of the next month. */
export function monthRange(month: string): { start: string; end: string } {
  return { start: `${month}-01`, end: `${shiftMonth(month, 1)}-01` };
}

/** How many days a `YYYY-MM` month has. */
export const daysInMonth = (month: string): number => {
  const { start, end } = monthRange(month);
  return nightsBetween(start, end);
};

/** The nights of a stay `[checkIn, checkOut)` as YYYY-MM-DD strings (checkout is not a night). */
export function nightsOf(checkIn: string, checkOut: string): string[] {
  const nights: string[] = [];
  for (let d = checkIn; d < checkOut; d = addDays(d, 1)) nights.push(d);
  return nights;
}

/** Year to second, two digits each, 24-hour: the wall clock of a time zone, in parts. */
export const wallClock = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });

/** A time zone's offset from UTC (ms, negative west of Greenwich) at the instant `ms`. */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const p = Object.fromEntries(
    wallClock(timeZone)
      .formatToParts(new Date(ms))
      .map((x) => [x.type, Number(x.value)]),
  );
  return Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant (epoch ms) the cabin's next day begins: what shows "today" is stale from then on. */
export function nextDayStartAtCabin(now: Date = new Date()): number {
  const midnightAsUtc = Date.parse(`${addDays(todayAtCabin(now), 1)}T00:00:00Z`);
  return midnightAsUtc - zoneOffsetMs(midnightAsUtc, BUSINESS.timeZone);
}
