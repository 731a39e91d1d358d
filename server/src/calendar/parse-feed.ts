import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { BUSINESS } from '@cabana/shared/config/business';
import { CALENDAR_LIMITS } from '@cabana/shared/config/calendar';
import { addDays, wallClock, zoneOffsetMs } from '@cabana/shared/pricing/dates';
import { cleanLine } from '@cabana/shared/schemas/text';

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

export const PARSE_MESSAGES = {
  notCalendar:
    'La dirección no devolvió un calendario iCal (puede ser una página web). Revisa que sea el enlace de exportación del calendario.',
  unreadable: 'El calendario no tiene un formato iCal válido y no se pudo leer.',
  badEvent: (uid: string) => `Un evento del calendario tiene fechas que no se pueden leer (UID ${uid.slice(0, 80)}).`,
  tooMany: `El calendario tiene más de ${CALENDAR_LIMITS.maxEventsPerFeed} eventos; no parece el calendario de un alojamiento.`,
} as const;

const cabinParts = wallClock(BUSINESS.timeZone);

/** The cabin's date at an instant, and whether that instant is its midnight. */
function cabinDate(ms: number): { date: string; midnight: boolean } {
  const p = Object.fromEntries(cabinParts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, midnight: p.hour === '00' && p.minute === '00' && p.second === '00' };
}

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

/**
 * The nights an event blocks at the cabin. All-day events keep their dates as they are (DTEND is
 * the checkout). A timed event blocks the night of every cabin date it touches; it ends on a date
 * only if it lasts past that date's midnight.
 */
function nightsOfEvent(
  start: ICAL.Time,
  end: ICAL.Time,
  tz: { start?: string; end?: string },
): { start: string; end: string } {
  if (start.isDate) {
    const s = start.toString();
    const e = end.isDate ? end.toString() : cabinDate(instantOf(end, tz.end)).date;
    return { start: s, end: e > s ? e : addDays(s, 1) };
  }
  const startMs = instantOf(start, tz.start);
  const endMs = Math.max(startMs, instantOf(end, tz.end));
  const first = cabinDate(startMs).date;
  const last = cabinDate(endMs);
  const endDate = last.midnight && endMs > startMs ? last.date : addDays(last.date, 1);
  return { start: first, end: endDate > first ? endDate : addDays(first, 1) };
}

function tzidOf(component: ICAL.Component, name: string): string | undefined {
  const value = component.getFirstProperty(name)?.getParameter('tzid');
  return typeof value === 'string' ? value : undefined;
}

const isCancelled = (c: ICAL.Component) =>
  String(c.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';

/**
 * Reads an iCal feed with ical.js. Every event counts whatever its SUMMARY says (channels write
 * "Reserved", "Not available", "CLOSED - Not available", a guest's name…), except cancelled ones.
 * Events that ended before `today` are dropped; repeats are expanded up to a horizon.
 */
export function parseFeed(text: string, today: string): ParsedEvent[] {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new FeedParseError(PARSE_MESSAGES.notCalendar);
  let jcal: unknown;
  try {
    jcal = ICAL.parse(text);
  } catch {
    throw new FeedParseError(PARSE_MESSAGES.unreadable);
  }
  const roots = (Array.isArray(jcal) && Array.isArray(jcal[0]) ? jcal : [jcal]) as unknown[];
  const horizon = ICAL.Time.fromDateString(addDays(today, CALENDAR_LIMITS.recurrenceHorizonDays));
  const events: ParsedEvent[] = [];
  const push = (e: ParsedEvent) => {
    if (e.end <= today) return;
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
    if (vevents.length > CALENDAR_LIMITS.maxEventsPerFeed) throw new FeedParseError(PARSE_MESSAGES.tooMany);
    const masters = new Map<string, ICAL.Event>();
    const exceptions: ICAL.Event[] = [];
    const singles: ICAL.Event[] = [];
    for (const c of vevents) {
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
      if (master) master.relateException(ex);
      else singles.push(ex);
    }

    let steps = 0;
    try {
      for (const event of singles) {
        const c = event.component;
        if (isCancelled(c)) continue;
        // RFC 5545 requires a UID; without one, the event's own text is the best identity there is.
        const uid =
          event.uid || `sin-uid-${createHash('sha256').update(c.toString()).digest('base64url').slice(0, 22)}`;
        const range = readRange(uid, () =>
          nightsOfEvent(event.startDate, event.endDate, { start: tzidOf(c, 'dtstart'), end: tzidOf(c, 'dtend') }),
        );
        const rid = c.getFirstPropertyValue('recurrence-id');
        push({ key: rid ? `${uid}#${String(rid)}` : uid, ...range, summary: summaryOf(event) });
      }
      for (const [uid, master] of masters) {
        const c = master.component;
        if (isCancelled(c)) continue;
        const tz = { start: tzidOf(c, 'dtstart'), end: tzidOf(c, 'dtend') };
        const it = readRange(uid, () => master.iterator());
        for (let next = it.next(); next; next = it.next()) {
          if (++steps > CALENDAR_LIMITS.maxEventsPerFeed * 20) throw new FeedParseError(PARSE_MESSAGES.tooMany);
          if (next.compare(horizon) >= 0) break;
          const details = master.getOccurrenceDetails(next);
          if (isCancelled(details.item.component)) continue;
          const range = readRange(uid, () => nightsOfEvent(details.startDate, details.endDate, tz));
          push({ key: `${uid}#${next.toString()}`, ...range, summary: summaryOf(details.item) });
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
  } catch {
    throw new FeedParseError(PARSE_MESSAGES.badEvent(uid));
  }
}
