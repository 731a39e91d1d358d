import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedBudgetError, FeedParseError, parseFeed, PARSE_MESSAGES } from '../src/calendar/parse-feed';
import { buildIcs, EXPORT_SUMMARY } from '../src/calendar/ical-export';
import type { SourcedEntry } from '../src/calendar/entries';
import { day, feedFixture } from './helpers/ical-feeds';
import {
  churningTimeZone,
  dailySince1900Calendars,
  neverMatchingRule,
  oddRule,
  oddRules,
  yearZero,
} from '../../test-support/hostile-feeds';

const TODAY = '2027-01-10';
const d = (n: number) => day(n, TODAY);
const compact = (n: number) => d(n).replaceAll('-', '');
const cal = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR'].join('\r\n');
const ev = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n');
const ranges = (text: string) =>
  parseFeed(text, TODAY).map(({ key, start, end, summary }) => ({ key, start, end, summary }));

describe('reading channel feeds', () => {
  it('reads Airbnb: every summary counts, folded lines, past stays dropped', () => {
    expect(ranges(feedFixture('airbnb', TODAY))).toEqual([
      {
        key: '1418fb94e984-7c3a2f0d9b1e8a6f5c4d3b2a19e8f7d6@airbnb.com',
        start: d(20),
        end: d(24),
        summary: 'Reserved',
      },
      {
        key: '1418fb94e984-0f9e8d7c6b5a49382716a5b4c3d2e1f0@airbnb.com',
        start: d(40),
        end: d(43),
        summary: 'Airbnb (Not available)',
      },
    ]);
  });

  it('reads Booking.com and Vrbo (a UID folded over two lines)', () => {
    expect(ranges(feedFixture('booking', TODAY)).map((e) => [e.start, e.end, e.summary])).toEqual([
      [d(30), d(33), 'CLOSED - Not available'],
      [d(24), d(26), 'CLOSED - Not available'],
    ]);
    expect(ranges(feedFixture('vrbo', TODAY))).toEqual([
      {
        key: '63b1c0d2-4e5f-4a6b-8c7d-9e0f1a2b3c4d-HomeAway-Reservation-HA-0X9Y8Z7W6V@homeaway.com',
        start: d(50),
        end: d(55),
        summary: 'Reserved - Carlos Gómez',
      },
    ]);
  });

  it('blocks the nights whose stay (15:00 to 11:00 next day) a timed (Google) event overlaps in Bogotá, and skips cancelled ones', () => {
    expect(ranges(feedFixture('google', TODAY)).map((e) => [e.summary, e.start, e.end])).toEqual([
      // 09:00–11:00 in Bogotá: before the 11:00 check-out, so the night before day 60.
      ['Mantenimiento de la piscina', d(59), d(60)],
      // 22:00 on day 64 to 21:00 on day 65 in Bogotá (day 65 03:00 to day 66 02:00 UTC).
      ['Familia', d(64), d(66)],
      // Ends exactly at midnight: the next night is free.
      ['Fumigación', d(70), d(72)],
    ]);
  });

  it.each([
    // 23:00 to 01:00 in Bogotá: one night.
    ['UTC', `DTSTART:${compact(5)}T040000Z`, `DTEND:${compact(5)}T060000Z`, [d(4), d(5)]],
    [
      'a zone the file does not define',
      `DTSTART;TZID=Europe/Madrid:${compact(5)}T010000`,
      `DTEND;TZID=Europe/Madrid:${compact(5)}T020000`,
      [d(4), d(5)],
    ],
    ['floating time (taken as Bogotá)', `DTSTART:${compact(5)}T230000`, `DTEND:${compact(6)}T010000`, [d(5), d(6)]],
    [
      'an unknown zone name (taken as Bogotá)',
      `DTSTART;TZID=Mars/Olympus:${compact(5)}T100000`,
      `DTEND;TZID=Mars/Olympus:${compact(5)}T120000`,
      // 10:00 to 12:00: the end of the night before.
      [d(4), d(5)],
    ],
    ['all-day without DTEND (one night)', `DTSTART;VALUE=DATE:${compact(5)}`, '', [d(5), d(6)]],
    // 16:00 in Bogotá, no duration: within that night's stay.
    ['timed without DTEND', `DTSTART:${compact(5)}T210000Z`, '', [d(5), d(6)]],
    // The case: a stay from check-in to check-out is one night, not two.
    [
      'check-in to check-out',
      `DTSTART;TZID=America/Bogota:${compact(5)}T150000`,
      `DTEND;TZID=America/Bogota:${compact(6)}T110000`,
      [d(5), d(6)],
    ],
    ['a duration', `DTSTART;VALUE=DATE:${compact(5)}`, 'DURATION:P3D', [d(5), d(8)]],
  ])('timed and odd events: %s', (_name, start, end, [s, e]) => {
    const text = cal(ev('UID:x', start, ...(end ? [end] : []), 'SUMMARY:x'));
    expect(ranges(text).map((r) => [r.start, r.end])).toEqual([[s, e]]);
  });

  it('blocks no night for a timed event between a check-out and the next check-in, and follows other hours', () => {
    const visit = cal(
      ev(
        'UID:visita',
        `DTSTART;TZID=America/Bogota:${compact(5)}T120000`,
        `DTEND;TZID=America/Bogota:${compact(5)}T140000`,
        'SUMMARY:Visita',
      ),
    );
    expect(ranges(visit)).toEqual([]);
    // With check-in at 13:00, 12:00–14:00 reaches into the night of day 5.
    const hours = { checkIn: '13:00', checkOut: '10:00' };
    expect(parseFeed(visit, TODAY, undefined, hours).map((r) => [r.start, r.end])).toEqual([[d(5), d(6)]]);
  });

  it('expands a repeating event up to a horizon, with its moved occurrence and excluded date', () => {
    const text = cal(
      ev(
        'UID:weekly',
        `DTSTART;VALUE=DATE:${compact(1)}`,
        `DTEND;VALUE=DATE:${compact(2)}`,
        'RRULE:FREQ=WEEKLY;COUNT=4',
        `EXDATE;VALUE=DATE:${compact(15)}`,
        'SUMMARY:Limpieza',
      ),
      ev(
        'UID:weekly',
        `RECURRENCE-ID;VALUE=DATE:${compact(8)}`,
        `DTSTART;VALUE=DATE:${compact(9)}`,
        `DTEND;VALUE=DATE:${compact(10)}`,
        'SUMMARY:Limpieza (movida)',
      ),
    );
    expect(ranges(text)).toEqual([
      { key: `weekly#${d(1)}`, start: d(1), end: d(2), summary: 'Limpieza' },
      { key: `weekly#${d(8)}`, start: d(9), end: d(10), summary: 'Limpieza (movida)' },
      { key: `weekly#${d(22)}`, start: d(22), end: d(23), summary: 'Limpieza' },
    ]);
    const forever = cal(ev('UID:daily', `DTSTART;VALUE=DATE:${compact(-400)}`, 'RRULE:FREQ=DAILY', 'SUMMARY:x'));
    const all = parseFeed(forever, TODAY);
    expect(all[0]?.start).toBe(d(0));
    expect(all.at(-1)!.start < d(2 * 366 + 1)).toBe(true);
  });

  it('gives an event without UID the same key on every read', () => {
    const text = cal(ev(`DTSTART;VALUE=DATE:${compact(3)}`, `DTEND;VALUE=DATE:${compact(4)}`, 'SUMMARY:Sin UID'));
    expect(parseFeed(text, TODAY)[0]!.key).toBe(parseFeed(text, TODAY)[0]!.key);
    expect(parseFeed(text, TODAY)[0]!.key).toMatch(/^sin-uid-/);
  });

  it('drops control and bidirectional-override characters from summaries (issue 12, item 15)', () => {
    const text = cal(
      ev(
        'UID:bidi',
        `DTSTART;VALUE=DATE:${compact(3)}`,
        `DTEND;VALUE=DATE:${compact(4)}`,
        'SUMMARY:Reserved - \u202EanA\u0007\u2066 G\u2069\\nx\u0000',
      ),
    );
    expect(parseFeed(text, TODAY)[0]!.summary).toBe('Reserved - anA G x');
  });

  it.each([
    ['an HTML page', '<!doctype html><html><body>Iniciar sesión</body></html>', PARSE_MESSAGES.notCalendar],
    ['empty', '', PARSE_MESSAGES.notCalendar],
    ['JSON', '{"error":"not found"}', PARSE_MESSAGES.notCalendar],
    ['garbage after the header', 'BEGIN:VCALENDAR\r\n\u0000\u0001garbage\r\nEND:VCALENDAR', PARSE_MESSAGES.unreadable],
    [
      'an event with a broken date',
      cal(ev('UID:rota', 'DTSTART;VALUE=DATE:2027XX01', 'SUMMARY:x')),
      PARSE_MESSAGES.badEvent('rota'),
    ],
  ])('refuses %s with a Spanish reason', (_name, text, message) => {
    expect(() => parseFeed(text, TODAY)).toThrow(FeedParseError);
    expect(() => parseFeed(text, TODAY)).toThrow(message);
  });

  it('refuses a feed with more events than a cabin could have', () => {
    const many = Array.from({ length: 5_001 }, (_, i) =>
      ev(`UID:e${i}`, `DTSTART;VALUE=DATE:${compact(1)}`, `DTEND;VALUE=DATE:${compact(2)}`, 'SUMMARY:x'),
    );
    expect(() => parseFeed(cal(...many), TODAY)).toThrow(PARSE_MESSAGES.tooMany);
  });
});

describe('the work one feed file may cost (issue 19, item 1)', () => {
  const refusal = (text: string, steps: number) => {
    try {
      parseFeed(text, TODAY, { steps });
    } catch (err) {
      return err;
    }
    return undefined;
  };

  // Each would run for seconds or forever with the old count (whole occurrences, per calendar,
  // none for time zones); a small budget shows they are stopped by counting every step.
  it.each([
    ['a rule that never matches (30 February)', neverMatchingRule()],
    ['a time zone changing every hour since 1970', churningTimeZone('HOURLY')],
    ['a time zone changing every minute since 1970', churningTimeZone('MINUTELY')],
    ['every minute of 31 April', oddRule(oddRules['every minute of 31 April']!)],
    ['an interval of two billion days', oddRule(oddRules['every two billion days']!)],
  ])('stops %s within the budget', (_name, text) => {
    const err = refusal(text, 20_000);
    expect(err).toBeInstanceOf(FeedBudgetError);
    expect((err as Error).message).toBe(PARSE_MESSAGES.tooComplex);
  });

  it('counts the budget per file, not per calendar; ordinary repeats stay well within it', () => {
    // One calendar repeating daily since 1900 takes about 100 000 steps to reach the horizon.
    expect(parseFeed(dailySince1900Calendars(1), TODAY, { steps: 120_000 })).not.toHaveLength(0);
    expect(refusal(dailySince1900Calendars(2), 120_000)).toBeInstanceOf(FeedBudgetError);
    // Ordinary repeats and zones, since long ago, need about a tenth of the default budget (20 000 steps).
    const text = cal(
      ...(feedFixture('google', TODAY).match(/BEGIN:VTIMEZONE[\s\S]*?END:VTIMEZONE/) ?? []),
      ev('UID:weekly', 'DTSTART;TZID=America/Bogota:20100104T100000', 'DURATION:PT2H', 'RRULE:FREQ=WEEKLY;BYDAY=MO,TH'),
      ev('UID:daily', 'DTSTART;VALUE=DATE:20150101', 'RRULE:FREQ=DAILY'),
      ev('UID:yearly', 'DTSTART;VALUE=DATE:19500310', 'RRULE:FREQ=YEARLY'),
    );
    expect(parseFeed(text, TODAY, { steps: 35_000 }).length).toBeGreaterThan(900);
  });

  it('counts the events of every calendar in the file, ended ones too', () => {
    const calendarOf = (n: number) =>
      cal(
        ...Array.from({ length: n }, (_, i) =>
          ev(`UID:e${n}-${i}`, `DTSTART;VALUE=DATE:${compact(-30)}`, `DTEND;VALUE=DATE:${compact(-29)}`),
        ),
      );
    expect(parseFeed(calendarOf(3_000), TODAY)).toEqual([]);
    expect(() => parseFeed(`${calendarOf(3_000)}\r\n${calendarOf(2_001)}`, TODAY)).toThrow(PARSE_MESSAGES.tooMany);
  });
});

describe('dates of imported events (issue 19, item 5)', () => {
  it('refuses an event in year 0000 that reaches into the future, naming it, and drops ones long ended', () => {
    for (const text of [
      yearZero(compact(30)),
      cal(ev('UID:year-zero@hostile.test', 'DTSTART:00000101T100000Z', `DTEND:${compact(30)}T100000Z`)),
      cal(ev('UID:year-zero@hostile.test', `DTSTART;VALUE=DATE:${compact(3)}`, 'DTEND;VALUE=DATE:99991231')),
    ]) {
      expect(() => parseFeed(text, TODAY)).toThrow(PARSE_MESSAGES.badDates('year-zero@hostile.test'));
    }
    // A feed may well hold events from long ago: ended, they are dropped without complaint.
    const text = cal(
      ev('UID:old', 'DTSTART;VALUE=DATE:00010101', 'DTEND;VALUE=DATE:00010105'),
      ev('UID:1999', 'DTSTART:19991231T100000Z', 'DTEND:19991231T120000Z'),
      ev('UID:now', `DTSTART;VALUE=DATE:${compact(3)}`, `DTEND;VALUE=DATE:${compact(4)}`),
    );
    expect(parseFeed(text, TODAY).map((e) => e.key)).toEqual(['now']);
  });
});

describe('writing our export', () => {
  const entry = (over: Partial<SourcedEntry>): SourcedEntry => ({
    id: 'abc',
    start: d(3),
    end: d(5),
    source: 'manual',
    label: 'Pintura de la terraza',
    kind: 'bloqueo',
    stampedAt: '2026-12-01T15:30:00.000Z',
    ...over,
  });
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it('folds long lines at 75 octets with CRLF, and ical.js reads the same values back', () => {
    const longId = 'x'.repeat(120);
    const text = buildIcs([entry({ id: longId })], TODAY);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n').slice(0, -1);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    const vevent = new ICAL.Component(ICAL.parse(text) as unknown[]).getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('uid')).toBe(`bloqueo-${longId}@brisasdelgolfo.co`);
  });

  it('writes dates as dates whatever the server time zone, and a stable DTSTAMP', () => {
    for (const tz of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
      process.env.TZ = tz;
      const text = buildIcs([entry({})], TODAY);
      expect(text).toContain(`DTSTART;VALUE=DATE:${compact(3)}\r\n`);
      expect(text).toContain(`DTEND;VALUE=DATE:${compact(5)}\r\n`);
      expect(text).toContain('DTSTAMP:20261201T153000Z\r\n');
      expect(text).toContain(`SUMMARY:${EXPORT_SUMMARY}\r\n`);
      expect(text).not.toContain('Pintura');
    }
  });

  it('leaves out what ended before today', () => {
    const text = buildIcs(
      [entry({ id: 'old', start: d(-5), end: d(0) }), entry({ id: 'now', start: d(-1), end: d(1) })],
      TODAY,
    );
    expect(text).not.toContain('bloqueo-old@');
    expect(text).toContain('bloqueo-now@');
  });
});
