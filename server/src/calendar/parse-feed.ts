import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { CALENDAR_LIMITS } from '@cabana/shared/domain/config/calendar';
import { isCalendarDate } from '@cabana/shared/domain/availability/calendar-window';
import { addDays, isIsoDate, wallClock, zoneOffsetMs } from '@cabana/shared/domain/pricing/dates';
import { cleanLine } from '@cabana/shared/domain/schemas/text';

/** One blocked range read from a feed. `key` matches it across syncs (UID, plus the occurrence of a repeat). */
export interface ParsedEvent {
  key: string;
  start: string;
  end: string;
  summary: string;
}

/** The feed's content is not a calendar we can read; the message is Spanish and shown to the owner. */
export class FeedParseError extends Error {
  override name = 'FeedParseError';
}

/**
 * The feed asked for more work than one file may cost (steps here; time or memory in the worker,
 * see feed-parser.ts): a hostile or broken file, so automatic syncs back off (calendar-sync.ts).
 */
export class FeedBudgetError extends FeedParseError {
  override name = 'FeedBudgetError';
}

export const PARSE_MESSAGES = {
  notCalendar:
    'La dirección no devolvió un calendario iCal (puede ser una página web). Revisa que sea el enlace de exportación del calendario.',
  unreadable: 'El calendario no tiene un formato iCal válido y no se pudo leer.',
  badEvent: (uid: string) => `Un evento del calendario tiene fechas que no se pueden leer (UID ${uid.slice(0, 80)}).`,
  tooMany: `El calendario tiene más de ${CALENDAR_LIMITS.maxEventsPerFeed} eventos; no parece el calendario de un alojamiento.`,
  badDates: (uid: string) =>
    `Un evento del calendario tiene fechas fuera de lo admitido (entre ${CALENDAR_LIMITS.minDate.slice(0, 4)} y ${Number(CALENDAR_LIMITS.maxDate.slice(0, 4)) - 1}; UID ${uid.slice(0, 80)}).`,
  tooComplex:
    'El calendario exige demasiado cálculo para leerlo (repeticiones o zonas horarias que no terminan) y no se importó.',
  tooSlow: (ms: number) =>
    `El calendario tardó demasiado en leerse (más de ${Math.max(1, Math.round(ms / 1000))} s) y no se importó.`,
  tooBig: 'Leer el calendario ocupaba demasiada memoria y no se importó.',
} as const;

/**
 * Counts the work of one file: every candidate date ical.js looks at (a rule that never matches
 * loops inside a single `next()`, so whole occurrences are not enough), every day a large
 * INTERVAL skips, every occurrence and event we handle, in events and in time zones alike.
 */
class StepMeter {
  #left: number;
  constructor(steps: number) {
    this.#left = steps;
  }
  step(n = 1): void {
    this.#left -= n;
    if (this.#left < 0) throw new FeedBudgetError(PARSE_MESSAGES.tooComplex);
  }
}

let meter: StepMeter | undefined;

/**
 * ical.js has no limit or hook of its own: its iterator's methods are metered here. Outside
 * parseFeed (the export builds components and never iterates) the meter is off.
 */
function meterBefore(name: 'check_contracting_rules' | 'increment_monthday', steps: (arg: unknown) => number): void {
  const proto = ICAL.RecurIterator.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const original = proto[name];
  // Unmetered, a hostile file would run to the worker's deadline: an ical.js that renamed these fails at once.
  if (typeof original !== 'function') throw new Error(`ical.js has no RecurIterator.${name} to meter`);
  proto[name] = function (this: unknown, ...args: unknown[]) {
    meter?.step(steps(args[0]));
    return original.apply(this, args);
  };
}
// Once per candidate date, in every frequency.
meterBefore('check_contracting_rules', () => 1);
// Loops once per day: an INTERVAL of two billion days is two billion steps inside one candidate.
meterBefore('increment_monthday', (days) => Math.max(0, (Math.trunc(Number(days)) || 0) - 1));

const cabinParts = wallClock(BUSINESS.timeZone);

/** The cabin's date at an instant, and whether that instant is its midnight. */
function cabinDate(ms: number): { date: string; midnight: boolean } {
  const p = Object.fromEntries(cabinParts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return {
    date: `${(p.year ?? '').padStart(4, '0')}-${p.month}-${p.day}`,
    midnight: p.hour === '00' && p.minute === '00' && p.second === '00',
  };
}

/** YYYY-MM-DD of an all-day value (ical.js writes year 7 as "7"). */
const dateOf = (t: ICAL.Time) =>
  `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;

function knownTimeZone(tz: string | undefined): string | undefined {
  if (!tz) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    return undefined;
  }
}

/**
 * The instant of a date-time. UTC and zones defined in the file are ical.js's job; a TZID the file
 * does not define (common in hand-made feeds) is looked up in the runtime's zone database, and a
 * floating time is taken as the cabin's own wall clock.
 */
function instantOf(t: ICAL.Time, tzid: string | undefined): number {
  if (t.zone && t.zone.tzid !== 'floating') return t.toUnixTime() * 1000;
  const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  const zone = knownTimeZone(tzid) ?? BUSINESS.timeZone;
  // Twice, so an instant next to a daylight-saving change gets that side's offset.
  const first = wall - zoneOffsetMs(wall, zone);
  return wall - zoneOffsetMs(first, zone);
}

/** The cabin's check-in and check-out hours (`HH:MM`, settings), which decide the nights a timed event blocks. */
export interface StayHours {
  checkIn: string;
  checkOut: string;
}

/** The settings' defaults (15:00 and 11:00). */
export const DEFAULT_STAY_HOURS: StayHours = { checkIn: '15:00', checkOut: '11:00' };

/** HH:MM:SS of an instant at the cabin's clock. */
function cabinTime(ms: number): string {
  const p = Object.fromEntries(cabinParts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return `${p.hour}:${p.minute}:${p.second}`;
}

/**
 * The nights an event blocks at the cabin, or null when it blocks none. All-day events keep their
 * dates as they are (DTEND is the checkout). A timed event blocks the night of date D only when
 * it overlaps D's check-in to D+1's check-out: 15:00 to 11:00 the next day is one night, and a
 * visit from 12:00 to 14:00 (between a check-out and the next check-in) is none.
 */
function nightsOfEvent(
  start: ICAL.Time,
  end: ICAL.Time,
  tz: { start?: string; end?: string },
  hours: StayHours,
): { start: string; end: string } | null {
  if (start.isDate) {
    const s = dateOf(start);
    const e = end.isDate ? dateOf(end) : cabinDate(instantOf(end, tz.end)).date;
    return { start: s, end: e > s ? e : addDays(s, 1) };
  }
  const startMs = instantOf(start, tz.start);
  const endMs = Math.max(startMs, instantOf(end, tz.end));
  const checkOut = `${hours.checkOut}:00`;
  const checkIn = `${hours.checkIn}:00`;
  // Night D is [D at check-in, D+1 at check-out). The first night the event overlaps: the night
  // before its start date while that night's check-out has not come yet.
  const startDate = cabinDate(startMs).date;
  const first = cabinTime(startMs) < checkOut ? addDays(startDate, -1) : startDate;
  // The last: the night of its end date once that night's check-in has passed (an instant event
  // counts at its moment).
  const endDate = cabinDate(endMs).date;
  const endTime = cabinTime(endMs);
  const last = endTime > checkIn || (endMs === startMs && endTime >= checkIn) ? endDate : addDays(endDate, -1);
  if (last < first) return null;
  return { start: first, end: addDays(last, 1) };
}

function tzidOf(component: ICAL.Component, name: string): string | undefined {
  const value = component.getFirstProperty(name)?.getParameter('tzid');
  return typeof value === 'string' ? value : undefined;
}

const isCancelled = (c: ICAL.Component) =>
  String(c.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';

/** Work one feed file may cost, whatever it holds (see StepMeter). */
export interface ParseBudget {
  steps: number;
}

const DEFAULT_BUDGET: ParseBudget = { steps: CALENDAR_LIMITS.feedParseSteps };

/** YYYYMMDD as a number, to compare with an ical.js time's own fields without building anything. */
const dayNumber = (iso: string) => Number(iso.replaceAll('-', ''));

/**
 * Reads an iCal feed with ical.js. Every event counts whatever its SUMMARY says (channels write
 * "Reserved", "Not available", "CLOSED - Not available", a guest's name…), except cancelled ones.
 * Events that ended before `today` are dropped; repeats are expanded up to a horizon. The whole
 * file, all its calendars, events, repeats and time zones, shares one budget of steps.
 * Synchronous and CPU-bound: the server runs it in a worker (feed-parser.ts).
 */
export function parseFeed(
  text: string,
  today: string,
  budget: ParseBudget = DEFAULT_BUDGET,
  hours: StayHours = DEFAULT_STAY_HOURS,
): ParsedEvent[] {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new FeedParseError(PARSE_MESSAGES.notCalendar);
  meter = new StepMeter(budget.steps);
  try {
    return readCalendars(text, today, hours);
  } finally {
    meter = undefined;
  }
}

function readCalendars(text: string, today: string, hours: StayHours): ParsedEvent[] {
  let jcal: unknown;
  try {
    jcal = ICAL.parse(text);
  } catch {
    throw new FeedParseError(PARSE_MESSAGES.unreadable);
  }
  const roots = (Array.isArray(jcal) && Array.isArray(jcal[0]) ? jcal : [jcal]) as unknown[];
  const horizon = ICAL.Time.fromDateString(addDays(today, CALENDAR_LIMITS.recurrenceHorizonDays));
  const events: ParsedEvent[] = [];
  let eventsInFile = 0;
  const push = (uid: string, e: ParsedEvent) => {
    // Dropped before the range check: a feed may well hold events from long ago.
    if (isIsoDate(e.end) && e.end <= today) return;
    if (!isCalendarDate(e.start) || !isCalendarDate(e.end)) throw new FeedParseError(PARSE_MESSAGES.badDates(uid));
    if (events.length >= CALENDAR_LIMITS.maxEventsPerFeed) throw new FeedParseError(PARSE_MESSAGES.tooMany);
    events.push(e);
  };

  for (const raw of roots) {
    let root: ICAL.Component;
    try {
      root = new ICAL.Component(raw as ConstructorParameters<typeof ICAL.Component>[0]);
    } catch {
      throw new FeedParseError(PARSE_MESSAGES.unreadable);
    }
    if (root.name !== 'vcalendar') throw new FeedParseError(PARSE_MESSAGES.notCalendar);
    const vevents = root.getAllSubcomponents('vevent');
    eventsInFile += vevents.length;
    if (eventsInFile > CALENDAR_LIMITS.maxEventsPerFeed) throw new FeedParseError(PARSE_MESSAGES.tooMany);
    const masters = new Map<string, ICAL.Event>();
    const exceptions: ICAL.Event[] = [];
    const singles: ICAL.Event[] = [];
    const withExceptions = new Set<ICAL.Event>();
    for (const c of vevents) {
      meter?.step();
      // Exceptions are related below, by UID: left to itself ical.js scans every sibling for each
      // event (quadratic) and relates exceptions whatever their UID.
      const event = new ICAL.Event(c, { exceptions: [] });
      const uid = event.uid || '';
      if (c.hasProperty('recurrence-id')) exceptions.push(event);
      else if (c.hasProperty('rrule') || c.hasProperty('rdate')) masters.set(uid, event);
      else singles.push(event);
    }
    for (const ex of exceptions) {
      const master = masters.get(ex.uid || '');
      if (master) {
        master.relateException(ex);
        withExceptions.add(master);
      } else singles.push(ex);
    }

    try {
      for (const event of singles) {
        const c = event.component;
        if (isCancelled(c)) continue;
        // RFC 5545 requires a UID; without one, the event's own text is the best identity there is.
        const uid =
          event.uid || `sin-uid-${createHash('sha256').update(c.toString()).digest('base64url').slice(0, 22)}`;
        const range = readRange(uid, () =>
          nightsOfEvent(
            event.startDate,
            event.endDate,
            { start: tzidOf(c, 'dtstart'), end: tzidOf(c, 'dtend') },
            hours,
          ),
        );
        if (!range) continue;
        const rid = c.getFirstPropertyValue('recurrence-id');
        push(uid, { key: rid ? `${uid}#${String(rid)}` : uid, ...range, summary: summaryOf(event) });
      }
      for (const [uid, master] of masters) {
        const c = master.component;
        if (isCancelled(c)) continue;
        const tz = { start: tzidOf(c, 'dtstart'), end: tzidOf(c, 'dtend') };
        // Occurrences that ended well before today are passed over without working out their
        // nights (the costly part), unless an exception may have moved one of them.
        const spanDays = readRange(uid, () => Math.ceil(Math.max(0, master.duration.toSeconds()) / 86_400));
        const skipBefore = withExceptions.has(master) ? 0 : dayNumber(addDays(today, -(spanDays + 2)));
        const it = readRange(uid, () => master.iterator());
        for (let next = it.next(); next; next = it.next()) {
          meter?.step();
          if (next.compare(horizon) >= 0) break;
          if (next.year * 10_000 + next.month * 100 + next.day < skipBefore) continue;
          const details = master.getOccurrenceDetails(next);
          if (isCancelled(details.item.component)) continue;
          const range = readRange(uid, () => nightsOfEvent(details.startDate, details.endDate, tz, hours));
          if (!range) continue;
          push(uid, { key: `${uid}#${next.toString()}`, ...range, summary: summaryOf(details.item) });
        }
      }
    } catch (err) {
      if (err instanceof FeedParseError) throw err;
      throw new FeedParseError(PARSE_MESSAGES.unreadable);
    }
  }
  return events;
}

function summaryOf(event: ICAL.Event): string {
  // A feed is no form: control and bidi characters are dropped, not refused.
  const s = cleanLine(event.summary ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return s.slice(0, CALENDAR_LIMITS.eventSummaryMax);
}

/** ical.js reads dates lazily and throws on bad ones: name the event in the owner's message. */
function readRange<T>(uid: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    // Time zones are expanded lazily too, within the same budget: running out is no bad date.
    if (err instanceof FeedParseError) throw err;
    throw new FeedParseError(PARSE_MESSAGES.badEvent(uid));
  }
}
