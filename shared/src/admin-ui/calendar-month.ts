import { addDays, mondayOf, monthRange, nightsBetween } from '../domain/pricing/dates';
import { CALENDAR_SOURCES, type CalendarEntry, type Feed } from '../domain/schemas/calendar';

/** The month as weeks from Monday to Sunday; days of the neighbouring months are null. */
export function monthWeeks(month: string): (string | null)[][] {
  const { start, end } = monthRange(month);
  // The days of the week before the first: the Colombian calendar starts on Monday.
  const lead = nightsBetween(mondayOf(start), start);
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = start; d < end; d = addDays(d, 1)) cells.push(d);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

const monthFormat = new Intl.DateTimeFormat('es-CO', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "noviembre de 2026". */
export function formatMonth(month: string): string {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}

/** How many colours (and patterns) the feeds cycle through; admin.css defines each. */
const FEED_STYLES = 6;

/** How the panel shows one source: its name in full, the short text on each day, its style. */
export interface SourceLook {
  name: string;
  short: string;
  className: string;
}

/**
 * Every source's look: manual blocks, direct reservations and each feed in the order added.
 * Each has its own text as well as its colour, so nothing relies on colour alone.
 */
export function sourceLooks(feeds: readonly Feed[]): Map<string, SourceLook> {
  const looks = new Map<string, SourceLook>([
    [CALENDAR_SOURCES.manual, { name: 'Bloqueo manual', short: 'Manual', className: 'adm-cal-src--manual' }],
    [CALENDAR_SOURCES.direct, { name: 'Reserva directa', short: 'Directa', className: 'adm-cal-src--direct' }],
  ]);
  feeds.forEach((f, i) =>
    looks.set(f.id, { name: f.name, short: f.name, className: `adm-cal-src--feed${i % FEED_STYLES}` }),
  );
  return looks;
}

export const UNKNOWN_SOURCE: SourceLook = { name: 'Otra fuente', short: 'Otra', className: 'adm-cal-src--other' };

/** The entries holding a night (a checkout day is not a night of that entry). */
export function entriesOnNight(entries: readonly CalendarEntry[], night: string): CalendarEntry[] {
  return entries.filter((e) => e.start <= night && night < e.end);
}
