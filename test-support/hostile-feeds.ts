/**
 * Calendar feeds built to hurt a parser (issue 19, item 1): rules that never match, time zones
 * that change every hour or minute, repeats since 1900, huge, deeply nested and malformed files.
 * Each is what a channel's server (or anyone who can make the owner add a link) could send; all
 * stay under the 2 MB fetch cap unless their name says otherwise.
 */

const CRLF = '\r\n';
const lines = (...l: string[]) => l.join(CRLF);
const calendar = (...body: string[]) =>
  lines('BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//hostile//EN', ...body, 'END:VCALENDAR');

/** A repeat that ical.js searches for forever: 30 February. The 234-byte feed. */
export const neverMatchingRule = () =>
  calendar(
    'BEGIN:VEVENT',
    'UID:never@hostile.test',
    'DTSTAMP:20260101T000000Z',
    'DTSTART;VALUE=DATE:20260101',
    'DTEND;VALUE=DATE:20260102',
    'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
    'SUMMARY:Nunca',
    'END:VEVENT',
  );

/** A zone whose offset "changes" every hour (or minute) since 1970: every date-time in it expands them all. */
export const churningTimeZone = (freq: 'HOURLY' | 'MINUTELY') =>
  calendar(
    'BEGIN:VTIMEZONE',
    'TZID:Churn/Zone',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `RRULE:FREQ=${freq}`,
    'TZOFFSETFROM:-0500',
    'TZOFFSETTO:-0500',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    'UID:churn@hostile.test',
    'DTSTART;TZID=Churn/Zone:20270301T100000',
    'DTEND;TZID=Churn/Zone:20270301T120000',
    'SUMMARY:Reserved',
    'END:VEVENT',
  );

const dailySince1900 = (uid: string) =>
  lines(
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTART:19000101T100000Z',
    'DTEND:19000101T110000Z',
    'RRULE:FREQ=DAILY',
    'SUMMARY:x',
    'END:VEVENT',
  );

/** `calendars` VCALENDARs in one file, each with `perCalendar` timed events repeating daily since 1900. */
export function dailySince1900Calendars(calendars: number, perCalendar = 1): string {
  const out: string[] = [];
  for (let c = 0; c < calendars; c++) {
    const events = Array.from({ length: perCalendar }, (_, i) => dailySince1900(`d${c}-${i}@hostile.test`));
    out.push(calendar(...events));
  }
  return out.join(CRLF);
}

/** As many daily-since-1900 events as fit in `bytes`, 4 000 to a calendar (under the count a calendar may hold). */
export function dailySince1900Filling(bytes: number): string {
  const one = dailySince1900('d0-0000@hostile.test').length + CRLF.length;
  const events = Math.floor(bytes / (one + 1));
  return dailySince1900Calendars(Math.ceil(events / 4000), 4000);
}

/** A file of `bytes` made of one event with tiny properties: hundreds of thousands of them to hold in memory. */
export function manyProperties(bytes: number): string {
  const head = lines(
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//hostile//EN',
    'BEGIN:VEVENT',
    'UID:props@hostile.test',
    'DTSTART;VALUE=DATE:20270101',
  );
  const tail = lines('END:VEVENT', 'END:VCALENDAR');
  const prop = `X-A;P=1:1${CRLF}`;
  const count = Math.floor((bytes - head.length - tail.length - 4) / prop.length);
  return `${head}${CRLF}${prop.repeat(count)}${tail}`;
}

/** One event whose RDATE lists as many dates as fit in `bytes`: each becomes an object in memory. */
export function manyDates(bytes: number): string {
  const count = Math.floor((bytes - 300) / 9);
  const start = Date.UTC(2000, 0, 1);
  const dates = Array.from({ length: count }, (_, i) =>
    new Date(start + (i % 70_000) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', ''),
  );
  return calendar(
    'BEGIN:VEVENT',
    'UID:dates@hostile.test',
    'DTSTART;VALUE=DATE:20000101',
    `RDATE;VALUE=DATE:${dates.join(',')}`,
    'END:VEVENT',
  );
}

/** Components nested `depth` deep. */
export function deeplyNested(depth: number): string {
  return lines(
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//hostile//EN',
    'BEGIN:X-N\r\n'.repeat(depth) + 'END:X-N\r\n'.repeat(depth) + 'END:VCALENDAR',
  );
}

/** Rules that are legal to write but make a parser loop, throw or expand without end. */
export const oddRules: Record<string, string> = {
  'zero interval': 'FREQ=DAILY;INTERVAL=0',
  'every second': 'FREQ=SECONDLY',
  'yearly on 30 February, Mondays only': 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30;BYDAY=MO',
  'a billion weeks at position -367': 'FREQ=WEEKLY;COUNT=999999999;BYSETPOS=-367',
  'every minute of 31 April': 'FREQ=MINUTELY;BYMONTH=4;BYMONTHDAY=31',
  'every two billion days': 'FREQ=DAILY;INTERVAL=2000000000',
};

export const oddRule = (rule: string) =>
  calendar(
    'BEGIN:VEVENT',
    'UID:odd@hostile.test',
    'DTSTART:20270101T000000Z',
    'DTEND:20270101T000001Z',
    `RRULE:${rule}`,
    'END:VEVENT',
  );

/** A file cut off in the middle of an event, with junk lines. */
export const truncated = (): string =>
  lines(
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    '\u0000\u0001junk',
    'BEGIN:VEVENT',
    'UID:cut@hostile.test',
    'DTSTART;VALUE=DATE:2027',
  );

/** A VEVENT whose DTSTART is in year 0000 and ends in the future (issue 19, item 5). */
export const yearZero = (endCompact: string) =>
  calendar(
    'BEGIN:VEVENT',
    'UID:year-zero@hostile.test',
    'DTSTART;VALUE=DATE:00000101',
    `DTEND;VALUE=DATE:${endCompact}`,
    'SUMMARY:Desde siempre',
    'END:VEVENT',
  );

/** The corpus the server must survive with /api/health answering throughout. */
export function hostileFeeds(): Array<{ name: string; body: string }> {
  const twoMb = 2 * 1024 * 1024 - 1024;
  return [
    { name: 'never-matching rule (30 February)', body: neverMatchingRule() },
    { name: 'time zone changing every hour since 1970', body: churningTimeZone('HOURLY') },
    { name: 'time zone changing every minute since 1970', body: churningTimeZone('MINUTELY') },
    { name: 'five calendars repeating daily since 1900', body: dailySince1900Calendars(5) },
    { name: '2 MB of events repeating daily since 1900', body: dailySince1900Filling(twoMb) },
    { name: '2 MB of tiny properties', body: manyProperties(twoMb) },
    { name: '2 MB of dates in one RDATE', body: manyDates(twoMb) },
    { name: 'components nested 100 000 deep', body: deeplyNested(100_000) },
    ...Object.entries(oddRules).map(([name, rule]) => ({ name: `rule: ${name}`, body: oddRule(rule) })),
    { name: 'truncated, with junk lines', body: truncated() },
  ];
}

/**
 * The other side of the budget: the largest ordinary feed we accept, 5 000 stays with the long
 * descriptions channels write, timed in a zone the file defines, just under 2 MB. It must import.
 */
export function largestOrdinaryFeed(firstDay: Date = new Date()): string {
  const compact = (offset: number) => {
    const d = new Date(firstDay.getTime() + offset * 86_400_000);
    return d.toISOString().slice(0, 10).replaceAll('-', '');
  };
  const description = `DESCRIPTION:Reservation URL: https://www.example.com/hosting/reservations/details/HMABCDEFGH\\nPhone Number (Last 4 Digits): 1234\\nGuests: 4${'\\n'.repeat(1)}Notes: llegada tarde`;
  const events = Array.from({ length: 5_000 }, (_, i) =>
    lines(
      'BEGIN:VEVENT',
      `DTSTAMP:${compact(0)}T120000Z`,
      `DTSTART;TZID=America/Bogota:${compact(1 + (i % 700))}T150000`,
      `DTEND;TZID=America/Bogota:${compact(3 + (i % 700))}T110000`,
      `UID:${String(i).padStart(6, '0')}-7c3a2f0d9b1e8a6f5c4d3b2a19e8f7d6@airbnb.com`,
      'SUMMARY:Reserved',
      description,
      'END:VEVENT',
    ),
  );
  return calendar(
    'BEGIN:VTIMEZONE',
    'TZID:America/Bogota',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:-0500',
    'TZOFFSETTO:-0500',
    'END:STANDARD',
    'END:VTIMEZONE',
    ...events,
  );
}
