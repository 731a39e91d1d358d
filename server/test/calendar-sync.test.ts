import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarSchema, FeedSchema } from '@cabana/shared/domain/schemas/calendar';
import { CalendarSync, type CalendarSyncOptions } from '../src/calendar/calendar-sync';
import { DEFAULT_PARSE_LIMITS } from '../src/calendar/feed-parser';
import { startTestServer } from '../../test-support/server';
import { bearer, json } from './helpers/http';
import { openTestStore } from './helpers/store';
import { day, feedFixture, startFeedServer, type FeedServer } from './helpers/ical-feeds';
import { readJson } from '../../test-support/json';
import { neverMatchingRule } from '../../test-support/hostile-feeds';
import { PARSE_MESSAGES } from '../src/calendar/parse-feed';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quiet = { info: () => undefined, error: () => undefined };

/** A store in `dir` with a never-synced feed per URL, and a sync of them every `intervalMs`. */
async function timedSync(dir: string, urls: string[], intervalMs: number, extra: Partial<CalendarSyncOptions> = {}) {
  const store = await openTestStore(dir);
  urls.forEach((url, i) =>
    store.data.calendar.feeds.push({
      id: `${'A'.repeat(15)}${i}`,
      name: new URL(url).pathname,
      url,
      exportToken: String(i).repeat(43),
      createdAt: new Date().toISOString(),
      lastSyncAt: null,
      lastError: null,
      events: [],
    }),
  );
  const opts = { timeoutMs: 15_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 5, allowPrivate: true, log: quiet };
  return { store, sync: new CalendarSync(store, { ...opts, intervalMs, ...extra }) };
}

describe('when feeds are imported', () => {
  let channels: FeedServer;
  let dataDir: string;
  beforeAll(async () => {
    channels = await startFeedServer();
    dataDir = await mkdtemp(join(tmpdir(), 'cabana-sync-'));
  });
  afterAll(async () => {
    await channels.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('imports every feed when the server starts', async () => {
    const env = { ICAL_ALLOW_PRIVATE_HOSTS: 'true', ICAL_SYNC_MINUTES: '0' };
    channels.set('/booking.ics', { body: feedFixture('booking') });
    let s = await startTestServer({ dataDir, env });
    let tok = await s.loginToken();
    const feed = await readJson(
      await json(
        s,
        'POST',
        '/calendario/fuentes',
        { name: 'Booking.com', url: `${channels.url}/booking.ics` },
        bearer(tok),
      ),
      FeedSchema,
    );
    expect((await json(s, 'POST', `/calendario/fuentes/${feed.id}/sincronizar`, undefined, bearer(tok))).status).toBe(
      200,
    );
    await s.close();

    // While the server was down, Booking.com got a new booking.
    const withNew = feedFixture('booking').replace(
      'END:VCALENDAR',
      `BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:${day(80).replaceAll('-', '')}\r\nDTEND;VALUE=DATE:${day(82).replaceAll('-', '')}\r\nUID:new@booking.com\r\nSUMMARY:CLOSED - Not available\r\nEND:VEVENT\r\nEND:VCALENDAR`,
    );
    channels.set('/booking.ics', { body: withNew });
    s = await startTestServer({ dataDir, env });
    try {
      tok = await s.loginToken();
      // Polls rather than waits a fixed time: the start-up import runs in the background.
      for (;;) {
        const cal = CalendarSchema.parse(await (await json(s, 'GET', '/calendario', undefined, bearer(tok))).json());
        if (cal.entries.some((e) => e.start === day(80))) break;
        await sleep(50);
      }
    } finally {
      await s.close();
    }
  });

  it('imports again on a timer, and stops when told to', async () => {
    channels.set('/vrbo.ics', { body: feedFixture('vrbo') });
    const dir = await mkdtemp(join(tmpdir(), 'cabana-timer-'));
    try {
      const { store, sync } = await timedSync(dir, [`${channels.url}/vrbo.ics`], 100);
      sync.start();
      while ((channels.hits.get('/vrbo.ics') ?? 0) < 3) await sleep(20);
      await sync.stop();
      const hits = channels.hits.get('/vrbo.ics');
      await sleep(400);
      expect(channels.hits.get('/vrbo.ics')).toBe(hits);
      expect(store.data.calendar.feeds[0]!.events.map((e) => [e.start, e.end])).toEqual([[day(50), day(55)]]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('skips a timer tick while the last round still runs: one round, one fetch in flight', async () => {
    // Each answer takes three intervals: without the skip, later rounds fetch the first feed
    // while an earlier one fetches the second.
    const slow = await startFeedServer();
    const dir = await mkdtemp(join(tmpdir(), 'cabana-slow-'));
    try {
      for (const name of ['airbnb', 'booking'] as const) {
        slow.set(`/${name}.ics`, { body: feedFixture(name), delayMs: 150 });
      }
      const { sync } = await timedSync(dir, [`${slow.url}/airbnb.ics`, `${slow.url}/booking.ics`], 50);
      sync.start();
      while ((slow.hits.get('/booking.ics') ?? 0) < 3) await sleep(20);
      await sync.stop();
      expect(slow.peakInFlight()).toBe(1);
      // Skipped ticks are not made up for later: rounds alternate the two feeds.
      expect(Math.abs(slow.hits.get('/airbnb.ics')! - slow.hits.get('/booking.ics')!)).toBeLessThanOrEqual(1);
    } finally {
      await slow.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('leaves a feed that ran out of its budget alone for an hour, then two, and forgets once it reads', async () => {
    const hostile = await startFeedServer();
    const dir = await mkdtemp(join(tmpdir(), 'cabana-backoff-'));
    let clock = Date.now();
    try {
      hostile.set('/f.ics', { body: feedFixture('airbnb') });
      // A small budget: the rule is refused sooner, the same way.
      const { store, sync } = await timedSync(dir, [`${hostile.url}/f.ics`], 20, {
        now: () => new Date(clock),
        parseLimits: { ...DEFAULT_PARSE_LIMITS, steps: 20_000 },
      });
      const feed = store.data.calendar.feeds[0]!;
      await sync.syncFeed(feed.id);
      expect(feed.events).toHaveLength(2);

      hostile.set('/f.ics', { body: neverMatchingRule() });
      await expect(sync.syncFeed(feed.id)).rejects.toThrow(PARSE_MESSAGES.tooComplex);
      expect(feed.lastError).toBe(
        `${PARSE_MESSAGES.tooComplex} Se volverá a intentar automáticamente dentro de 1 h; puedes sincronizarlo a mano antes.`,
      );
      expect(feed.retryAt).toBe(new Date(clock + 3_600_000).toISOString());
      // The blocks of the last good read stay.
      expect(feed.events).toHaveLength(2);

      // The timer ticks every 20 ms; for the next hour none of its rounds touches the feed.
      sync.start();
      await sleep(300);
      expect(hostile.hits.get('/f.ics')).toBe(2);
      clock += 3_600_000;
      while (feed.budgetFailures !== 2) await sleep(20);
      expect(hostile.hits.get('/f.ics')).toBe(3);
      expect(feed.retryAt).toBe(new Date(clock + 2 * 3_600_000).toISOString());
      expect(feed.lastError).toContain('dentro de 2 h');

      // The owner may still ask (the channel fixed its file); a good read forgets the back-off.
      hostile.set('/f.ics', { body: feedFixture('airbnb') });
      await sync.syncFeed(feed.id);
      expect(feed).toMatchObject({ lastError: null });
      expect(feed.retryAt).toBeUndefined();
      expect(feed.budgetFailures).toBeUndefined();

      // The back-off lives with the feed: a sync started afresh (a restart) leaves it alone too.
      hostile.set('/f.ics', { body: neverMatchingRule() });
      await expect(sync.syncFeed(feed.id)).rejects.toThrow(PARSE_MESSAGES.tooComplex);
      await sync.stop();
      const hits = hostile.hits.get('/f.ics');
      const restarted = new CalendarSync(store, { ...sync.opts, intervalMs: 0 });
      restarted.start();
      await sleep(300);
      await restarted.stop();
      expect(hostile.hits.get('/f.ics')).toBe(hits);
    } finally {
      await hostile.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('shares a waiting sync among the requests made meanwhile, so clicks cannot pile up', async () => {
    const slow = await startFeedServer();
    const dir = await mkdtemp(join(tmpdir(), 'cabana-clicks-'));
    try {
      slow.set('/f.ics', { body: feedFixture('vrbo'), delayMs: 200 });
      const { store, sync } = await timedSync(dir, [`${slow.url}/f.ics`], 0);
      const id = store.data.calendar.feeds[0]!.id;
      const first = sync.syncFeed(id);
      while (!slow.hits.get('/f.ics')) await sleep(10);
      const clicks = Array.from({ length: 10 }, () => sync.syncFeed(id));
      await Promise.all([first, ...clicks]);
      // One sync under way, one after it for every click made meanwhile.
      expect(slow.hits.get('/f.ics')).toBe(2);
      await sync.stop();
    } finally {
      await slow.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
