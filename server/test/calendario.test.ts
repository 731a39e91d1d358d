import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CalendarEntrySchema,
  CalendarSchema,
  FeedSchema,
  type Calendar,
  type Feed,
} from '@cabana/shared/domain/schemas/calendar';
import { AvailabilitySchema } from '@cabana/shared/domain/schemas/availability';
import { FETCH_MESSAGES } from '../src/calendar/fetch-feed';
import { PARSE_MESSAGES } from '../src/calendar/parse-feed';
import { storeOldReservation } from '../../test-support/old-reservations';
import { startTestServer, type TestServer } from '../../test-support/server';
import { bearer, json } from './helpers/http';
import { yearZero } from '../../test-support/hostile-feeds';
import { day, feedFixture, startFeedServer, type FeedServer } from './helpers/ical-feeds';
import { parseJson, readError, readJson, WithIdSchema } from '../../test-support/json';

const FEEDS_ENV = { ICAL_ALLOW_PRIVATE_HOSTS: 'true', ICAL_SYNC_MINUTES: '0' };

async function addFeed(s: TestServer, tok: string, name: string, url: string): Promise<Feed> {
  const res = await json(s, 'POST', '/calendario/fuentes', { name, url }, bearer(tok));
  expect(res.status).toBe(201);
  return FeedSchema.parse(await res.json());
}

async function sync(s: TestServer, tok: string, id: string) {
  return json(s, 'POST', `/calendario/fuentes/${id}/sincronizar`, undefined, bearer(tok));
}

async function calendar(s: TestServer, tok: string): Promise<Calendar> {
  const res = await json(s, 'GET', '/calendario', undefined, bearer(tok));
  expect(res.status).toBe(200);
  return CalendarSchema.parse(await res.json());
}

async function blocked(s: TestServer, from = day(0), to = day(120)) {
  const res = await json(s, 'GET', `/disponibilidad?from=${from}&to=${to}`);
  expect(res.status).toBe(200);
  return AvailabilitySchema.parse(await res.json()).blocked;
}

const ranges = (entries: Calendar['entries'], source: string) =>
  entries.filter((e) => e.source === source).map((e) => [e.start, e.end, e.label]);

/** A request of the old reservation form, archived in Consultas (issue 33): the owner may still confirm it. */
const reservation = (s: TestServer, checkIn: string, checkOut: string, name = 'Lucía Fernández') =>
  storeOldReservation(s, { checkIn, checkOut, name, message: 'Nota privada: llegamos con mascota' });

describe('calendar feeds and export over HTTP', () => {
  let s: TestServer;
  let tok: string;
  let channels: FeedServer;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    channels = await startFeedServer();
    for (const name of ['airbnb', 'booking', 'vrbo', 'google'] as const) {
      channels.set(`/${name}.ics`, { body: feedFixture(name) });
    }
    s = await startTestServer({ env: FEEDS_ENV });
    tok = await s.loginToken();
  });
  afterAll(async () => {
    await s.close();
    await channels.close();
  });

  it('imports Airbnb, Booking.com, Vrbo and Google feeds: every summary blocks, timed events by Bogotá nights', async () => {
    for (const [name, label] of [
      ['airbnb', 'Airbnb'],
      ['booking', 'Booking.com'],
      ['vrbo', 'Vrbo'],
      ['google', 'Google'],
    ] as const) {
      const feed = await addFeed(s, tok, label, `${channels.url}/${name}.ics`);
      expect(feed).toMatchObject({ name: label, lastError: null });
      expect(feed.exportUrl).toMatch(new RegExp(`^${s.url}/api/calendario/ical/[A-Za-z0-9_-]{43}\\.ics$`));
      ids[name] = feed.id;
      const res = await sync(s, tok, feed.id);
      expect(res.status).toBe(200);
      const synced = FeedSchema.parse(await res.json());
      expect(synced.lastError).toBeNull();
      expect(Date.parse(synced.lastSyncAt!)).toBeGreaterThan(Date.now() - 60_000);
    }
    const cal = await calendar(s, tok);
    expect(ranges(cal.entries, ids.airbnb!)).toEqual([
      [day(20), day(24), 'Reserved'],
      [day(40), day(43), 'Airbnb (Not available)'],
    ]);
    expect(ranges(cal.entries, ids.booking!)).toEqual([
      [day(24), day(26), 'CLOSED - Not available'],
      [day(30), day(33), 'CLOSED - Not available'],
    ]);
    expect(ranges(cal.entries, ids.vrbo!)).toEqual([[day(50), day(55), 'Reserved - Carlos Gómez']]);
    expect(ranges(cal.entries, ids.google!)).toEqual([
      // 09:00–11:00: before the 11:00 check-out, so the night before (issue 21's calendar rule).
      [day(59), day(60), 'Mantenimiento de la piscina'],
      [day(64), day(66), 'Familia'],
      [day(70), day(72), 'Fumigación'],
    ]);

    // The public view: merged nights, nothing about who or why.
    const res = await json(s, 'GET', `/disponibilidad?from=${day(0)}&to=${day(120)}`);
    const text = await res.text();
    expect(parseJson(text, AvailabilitySchema).blocked).toEqual([
      { start: day(20), end: day(26) }, // Airbnb then Booking.com on the turnover day: joined
      { start: day(30), end: day(33) },
      { start: day(40), end: day(43) },
      { start: day(50), end: day(55) },
      { start: day(59), end: day(60) },
      { start: day(64), end: day(66) },
      { start: day(70), end: day(72) },
    ]);
    for (const secret of ['Reserved', 'Carlos', 'Airbnb', 'Familia', 'CLOSED', 'source', 'label']) {
      expect(text).not.toContain(secret);
    }
  });

  it('frees the nights of an event gone from a later fetch (a cancellation), keeping the other ids', async () => {
    const before = await calendar(s, tok);
    const kept = before.entries.find((e) => e.source === ids.airbnb && e.start === day(40))!;
    const cancelled = feedFixture('airbnb').replace(
      /BEGIN:VEVENT\r\nDTEND;VALUE=DATE:\d+\r\nDTSTART;VALUE=DATE:\d+\r\nUID:1418fb94e984-7c3a[\s\S]*?END:VEVENT\r\n/,
      '',
    );
    expect(cancelled).not.toContain('7c3a2f0d');
    channels.set('/airbnb.ics', { body: cancelled });
    expect((await sync(s, tok, ids.airbnb!)).status).toBe(200);
    const after = await calendar(s, tok);
    expect(ranges(after.entries, ids.airbnb!)).toEqual([[day(40), day(43), 'Airbnb (Not available)']]);
    expect(after.entries.find((e) => e.source === ids.airbnb)!.id).toBe(kept.id);
    expect((await blocked(s))[0]).toEqual({ start: day(24), end: day(26) });
  });

  it('keeps the last known blocks when a fetch fails, and says why (500, HTML, garbage, too large)', async () => {
    const known = ranges((await calendar(s, tok)).entries, ids.airbnb!);
    const big = `BEGIN:VCALENDAR\r\n${'x'.repeat(2 * 1024 * 1024)}`;
    const cases: Array<[string, Parameters<FeedServer['set']>[1], string]> = [
      ['500', { status: 500, body: 'Internal Server Error', type: 'text/plain' }, FETCH_MESSAGES.status(500)],
      [
        'HTML login page',
        { body: '<!DOCTYPE html><html><body>Inicia sesión</body></html>', type: 'text/html' },
        PARSE_MESSAGES.notCalendar,
      ],
      ['garbage', { body: 'BEGIN:VCALENDAR\r\n@@@ not ical @@@\r\n' }, PARSE_MESSAGES.unreadable],
      ['too large (streamed)', { body: big, chunked: true }, FETCH_MESSAGES.tooLarge(2)],
      ['too large (declared)', { body: big }, FETCH_MESSAGES.tooLarge(2)],
    ];
    for (const [name, route, message] of cases) {
      channels.set('/airbnb.ics', route);
      const res = await sync(s, tok, ids.airbnb!);
      expect(res.status, name).toBe(502);
      expect(await res.json(), name).toEqual({ error: message, code: 'FEED_UNREADABLE' });
      const cal = await calendar(s, tok);
      expect(cal.feeds.find((f) => f.id === ids.airbnb)?.lastError, name).toBe(message);
      expect(ranges(cal.entries, ids.airbnb!), name).toEqual(known);
    }
    // Back to normal: the error clears.
    channels.set('/airbnb.ics', { body: feedFixture('airbnb') });
    const res = await sync(s, tok, ids.airbnb!);
    expect(res.status).toBe(200);
    expect((await readJson(res, FeedSchema)).lastError).toBeNull();
    expect(ranges((await calendar(s, tok)).entries, ids.airbnb!)).toHaveLength(2);
  });

  it('exports iCal: CRLF, VALUE=DATE, UID and DTSTAMP, neutral summaries, no echo of the channel’s own events', async () => {
    const blockRes = await json(
      s,
      'POST',
      '/calendario/bloqueos',
      { start: day(80), end: day(82), note: 'Pintura terraza' },
      bearer(tok),
    );
    expect(blockRes.status).toBe(201);
    const block = await readJson(blockRes, WithIdSchema);
    const enquiryId = await reservation(s, day(90), day(93));
    expect((await json(s, 'PATCH', `/consultas/${enquiryId}`, { status: 'confirmada' }, bearer(tok))).status).toBe(200);

    const cal = await calendar(s, tok);
    const airbnbFeed = cal.feeds.find((f) => f.id === ids.airbnb)!;

    const read = async (url: string) => {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      const text = await res.text();
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      const events = new ICAL.Component(ICAL.parse(text) as unknown[]).getAllSubcomponents('vevent');
      return { text, events };
    };

    const all = await read(cal.exportUrl);
    const forAirbnb = await read(airbnbFeed.exportUrl);
    // Everything: 2 Airbnb + 2 Booking + 1 Vrbo + 3 Google + block + reservation.
    expect(all.events).toHaveLength(10);
    expect(forAirbnb.events).toHaveLength(8);

    for (const { text, events } of [all, forAirbnb]) {
      for (const ev of events) {
        expect(ev.getFirstPropertyValue('uid')).toMatch(
          /^(bloqueo|reserva|importado)-[A-Za-z0-9_-]+@brisasdelgolfo\.co$/,
        );
        expect(ev.getFirstProperty('dtstamp')?.getFirstValue()).toBeInstanceOf(ICAL.Time);
        for (const p of ['dtstart', 'dtend']) {
          const t = ev.getFirstPropertyValue(p) as ICAL.Time;
          expect(t.isDate, p).toBe(true);
        }
        expect(ev.getFirstPropertyValue('summary')).toBe('No disponible');
      }
      expect(text).toContain(`DTSTART;VALUE=DATE:${day(90).replaceAll('-', '')}`);
      expect(text).toContain(`DTEND;VALUE=DATE:${day(93).replaceAll('-', '')}`);
      expect(text).toContain(`UID:bloqueo-${block.id}@brisasdelgolfo.co`);
      expect(text).toContain(`UID:reserva-${enquiryId}@brisasdelgolfo.co`);
      for (const secret of [
        'Lucía',
        'Fernández',
        'mascota',
        'Pintura',
        'Reserved',
        'Carlos',
        'CLOSED',
        'Familia',
        'Fumigación',
        'Airbnb (',
      ]) {
        expect(text, secret).not.toContain(secret);
      }
    }
    // No echo: Airbnb's own nights are not in Airbnb's export (and are in the general one).
    const starts = (events: ICAL.Component[]) =>
      events.map((e) => (e.getFirstPropertyValue('dtstart') as ICAL.Time).toString());
    expect(starts(all.events)).toContain(day(20));
    expect(starts(forAirbnb.events)).not.toContain(day(20));
    expect(starts(forAirbnb.events)).not.toContain(day(40));
    expect(starts(forAirbnb.events)).toContain(day(24)); // Booking.com's stay on Airbnb's turnover day

    // Stable UIDs from one fetch to the next.
    const uids = (events: ICAL.Component[]) => events.map((e) => e.getFirstPropertyValue('uid')).sort();
    expect(uids((await read(cal.exportUrl)).events)).toEqual(uids(all.events));
  });

  it('answers 404 to a wrong or malformed export token', async () => {
    const cal = await calendar(s, tok);
    const good = new URL(cal.exportUrl);
    const token = good.pathname.split('/').pop()!.replace('.ics', '');
    const wrong = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const path of [
      `/calendario/ical/${wrong}.ics`,
      '/calendario/ical/short.ics',
      `/calendario/ical/${token}.txt`,
    ]) {
      const res = await json(s, 'GET', path);
      expect(res.status, path).toBe(404);
      expect((await readError(res)).code).toBe('NOT_FOUND');
    }
  });

  it('lists an imported event overlapping a confirmed direct reservation as a conflict (both kept)', async () => {
    const enquiryId = await reservation(s, day(100), day(104), 'Andrés Gil');
    expect((await json(s, 'PATCH', `/consultas/${enquiryId}`, { status: 'confirmada' }, bearer(tok))).status).toBe(200);
    const booking = feedFixture('booking').replace(
      'END:VCALENDAR',
      `BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:${day(103).replaceAll('-', '')}\r\nDTEND;VALUE=DATE:${day(106).replaceAll('-', '')}\r\nUID:late@booking.com\r\nSUMMARY:CLOSED - Not available\r\nEND:VEVENT\r\nEND:VCALENDAR`,
    );
    channels.set('/booking.ics', { body: booking });
    expect((await sync(s, tok, ids.booking!)).status).toBe(200);
    const cal = await calendar(s, tok);
    expect(cal.conflicts).toHaveLength(1);
    expect(cal.conflicts[0]?.direct).toEqual({
      id: enquiryId,
      start: day(100),
      end: day(104),
      source: 'directa',
      label: 'Andrés Gil',
    });
    expect(cal.conflicts[0]?.imported).toMatchObject({ start: day(103), end: day(106), source: ids.booking });
    expect(ranges(cal.entries, 'directa')).toContainEqual([day(100), day(104), 'Andrés Gil']);
  });

  it('manages manual blocks: 201, 204, 404, 400 in Spanish, admin only', async () => {
    const created = await json(
      s,
      'POST',
      '/calendario/bloqueos',
      { start: day(110), end: day(112), note: 'Familia' },
      bearer(tok),
    );
    expect(created.status).toBe(201);
    const block = await readJson(created, CalendarEntrySchema);
    expect(block).toMatchObject({ start: day(110), end: day(112), source: 'manual', label: 'Familia' });
    expect(await blocked(s, day(109), day(113))).toEqual([{ start: day(110), end: day(112) }]);

    for (const body of [
      { start: day(112), end: day(110) },
      { start: day(110), end: day(110) },
      { start: '2027-02-30', end: day(110) },
      { start: day(110), end: day(111), guest: 'x' },
      { start: day(110), end: day(111), note: 'x'.repeat(201) },
      { start: 20270101, end: day(111) },
    ]) {
      const res = await json(s, 'POST', '/calendario/bloqueos', body, bearer(tok));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await readError(res)).error).toMatch(/[a-záéíóúñ]/i);
    }
    expect(
      (
        await json(s, 'POST', '/calendario/bloqueos', '{"start":', {
          ...bearer(tok),
          'content-type': 'application/json',
        })
      ).status,
    ).toBe(400);
    expect((await json(s, 'POST', '/calendario/bloqueos', { start: day(110), end: day(111) })).status).toBe(401);
    expect((await json(s, 'DELETE', `/calendario/bloqueos/${block.id}`)).status).toBe(401);

    const del = await json(s, 'DELETE', `/calendario/bloqueos/${block.id}`, undefined, bearer(tok));
    expect(del.status).toBe(204);
    expect(await blocked(s, day(109), day(113))).toEqual([]);
    expect((await json(s, 'DELETE', `/calendario/bloqueos/${block.id}`, undefined, bearer(tok))).status).toBe(404);
    expect((await json(s, 'DELETE', '/calendario/bloqueos/..%2F..%2Fdb.json', undefined, bearer(tok))).status).toBe(
      404,
    );
  });

  it('manages feeds: bad URLs 400, duplicates 409, unknown 404, delete 204 frees its nights', async () => {
    for (const url of ['ftp://example.com/cal.ics', 'no es una url', 'javascript:alert(1)', '']) {
      const res = await json(s, 'POST', '/calendario/fuentes', { name: 'X', url }, bearer(tok));
      expect(res.status, url).toBe(400);
      expect((await readError(res)).fields).toHaveProperty('url');
    }
    const dup = await json(
      s,
      'POST',
      '/calendario/fuentes',
      { name: 'Otra', url: `${channels.url}/vrbo.ics` },
      bearer(tok),
    );
    expect(dup.status).toBe(409);
    expect((await json(s, 'GET', '/calendario/fuentes')).status).toBe(401);
    const list = await json(s, 'GET', '/calendario/fuentes', undefined, bearer(tok));
    expect((await readJson(list, FeedSchema.array())).map((f) => f.name)).toEqual([
      'Airbnb',
      'Booking.com',
      'Vrbo',
      'Google',
    ]);

    expect((await sync(s, tok, 'AAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await json(s, 'DELETE', '/calendario/fuentes/AAAAAAAAAAAAAAAA', undefined, bearer(tok))).status).toBe(404);

    const vrboExport = (await calendar(s, tok)).feeds.find((f) => f.id === ids.vrbo)!.exportUrl;
    expect(await blocked(s, day(50), day(55))).toEqual([{ start: day(50), end: day(55) }]);
    expect((await json(s, 'DELETE', `/calendario/fuentes/${ids.vrbo}`, undefined, bearer(tok))).status).toBe(204);
    expect(await blocked(s, day(50), day(55))).toEqual([]);
    expect((await fetch(vrboExport)).status).toBe(404);
  });
});

describe('calendar feeds with the default safety settings', () => {
  let s: TestServer;
  let tok: string;
  let channels: FeedServer;
  beforeAll(async () => {
    channels = await startFeedServer();
    channels.set('/airbnb.ics', { body: feedFixture('airbnb') });
    // No ICAL_ALLOW_PRIVATE_HOSTS: a feed on this machine is refused.
    s = await startTestServer({ env: { ICAL_SYNC_MINUTES: '0' } });
    tok = await s.loginToken();
  });
  afterAll(async () => {
    await s.close();
    await channels.close();
  });

  it('refuses a feed on a loopback address or a name that resolves to one', async () => {
    const port = new URL(channels.url).port;
    for (const url of [`${channels.url}/airbnb.ics`, `http://localhost:${port}/airbnb.ics`]) {
      const feed = await addFeed(s, tok, url.includes('localhost') ? 'Local' : 'Loopback', url);
      const res = await sync(s, tok, feed.id);
      expect(res.status).toBe(502);
      expect((await readError(res)).error).toBe(FETCH_MESSAGES.privateHost);
      expect((await calendar(s, tok)).feeds.find((f) => f.id === feed.id)?.lastError).toBe(FETCH_MESSAGES.privateHost);
    }
    expect(channels.hits.get('/airbnb.ics')).toBeUndefined();
  });
});

describe('a slow calendar feed', () => {
  let s: TestServer;
  let tok: string;
  let channels: FeedServer;
  beforeAll(async () => {
    channels = await startFeedServer();
    channels.set('/airbnb.ics', { body: feedFixture('airbnb') });
    s = await startTestServer({ env: { ...FEEDS_ENV, ICAL_FETCH_TIMEOUT_MS: '300' } });
    tok = await s.loginToken();
  });
  afterAll(async () => {
    await s.close();
    await channels.close();
  });

  it('times out, keeps the blocks it had and records why', async () => {
    const feed = await addFeed(s, tok, 'Airbnb', `${channels.url}/airbnb.ics`);
    expect((await sync(s, tok, feed.id)).status).toBe(200);
    const before = ranges((await calendar(s, tok)).entries, feed.id);
    expect(before).toHaveLength(2);
    for (const hang of ['before-headers', 'after-headers'] as const) {
      channels.set('/airbnb.ics', { hang, body: feedFixture('airbnb') });
      const res = await sync(s, tok, feed.id);
      expect(res.status).toBe(502);
      expect((await readError(res)).error).toBe(FETCH_MESSAGES.timeout(1));
      const cal = await calendar(s, tok);
      expect(cal.feeds[0]?.lastError).toBe(FETCH_MESSAGES.timeout(1));
      expect(ranges(cal.entries, feed.id)).toEqual(before);
    }
  });
});

describe('a feed date in year 0000 (issue 19, item 5)', () => {
  it('is refused, naming the event; one stored before never breaks the exports nor reaches the log', async () => {
    const channels = await startFeedServer();
    const s = await startTestServer({ env: FEEDS_ENV });
    const logged: string[] = [];
    const log = s.running.deps.log;
    const original = log.error.bind(log);
    log.error = (msg, err) => {
      logged.push(`${msg} ${String(err)}`);
      original(msg, err);
    };
    try {
      const tok = await s.loginToken();
      channels.set('/vrbo.ics', { body: feedFixture('vrbo') });
      channels.set('/booking.ics', { body: feedFixture('booking') });
      const vrbo = await addFeed(s, tok, 'Vrbo', `${channels.url}/vrbo.ics`);
      const booking = await addFeed(s, tok, 'Booking.com', `${channels.url}/booking.ics`);
      for (const f of [vrbo, booking]) expect((await sync(s, tok, f.id)).status).toBe(200);
      const known = ranges((await calendar(s, tok)).entries, vrbo.id);
      expect(known).toHaveLength(1);

      channels.set('/vrbo.ics', { body: yearZero(day(30).replaceAll('-', '')) });
      const res = await sync(s, tok, vrbo.id);
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({
        error: PARSE_MESSAGES.badDates('year-zero@hostile.test'),
        code: 'FEED_UNREADABLE',
      });
      expect(ranges((await calendar(s, tok)).entries, vrbo.id)).toEqual(known);

      // A data file from before the check holds what the old import stored ("0-01-01").
      const { store } = s.running.deps;
      store.data.calendar.feeds
        .find((f) => f.id === vrbo.id)!
        .events.push({
          id: 'AAAAAAAAAAAAAAAAAAAAAA',
          key: 'year-zero@hostile.test',
          start: '0-01-01',
          end: day(30),
          summary: 'Desde siempre',
          firstSeenAt: new Date().toISOString(),
        });
      await store.save();

      const cal = await calendar(s, tok);
      expect(ranges(cal.entries, vrbo.id)).toEqual(known);
      // The general link, the link Booking.com reads (which carries Vrbo's nights) and Vrbo's own.
      for (const url of [cal.exportUrl, booking.exportUrl, vrbo.exportUrl]) {
        const res = await fetch(url);
        expect(res.status, url).toBe(200);
        const text = await res.text();
        expect(text).not.toContain('DTSTART;VALUE=DATE:0');
        const events = new ICAL.Component(ICAL.parse(text) as unknown[]).getAllSubcomponents('vevent');
        expect(events.length, url).toBeGreaterThan(0);
      }
      expect((await blocked(s, day(0), day(60))).some((r) => r.start === day(50))).toBe(true);
      expect(logged).toEqual([]);
    } finally {
      await s.close();
      await channels.close();
    }
  });
});
