import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarSchema, FeedSchema, type Calendar } from '@cabana/shared/domain/schemas/calendar';
import { FETCH_MESSAGES } from '../src/calendar/fetch-feed';
import { PARSE_MESSAGES } from '../src/calendar/parse-feed';
import { adminToken } from '../fixtures/server';
import { LAUNCH_ADMIN, launchOn, type LaunchedServer } from '../../test-support/built-server';
import { readStoredData } from '../../test-support/data-folder';
import { probeHealth, type HealthSamples } from '../fixtures/health-probe';
import { hostileFeeds } from '../../test-support/hostile-feeds';
import { day, feedFixture, startFeedServer, type FeedRoute, type FeedServer } from './helpers/ical-feeds';

/**
 * Issue 19, item 1: a corpus of hostile calendar feeds, served by a local channel to the server as
 * production runs it (`npm start`: the build, its parse worker beside it, in a process of its
 * own). Before, a 234-byte feed froze the server for good, and again after every restart. Now
 * every feed is read off the event loop within its budget: /api/health keeps answering under
 * 100 ms, each feed keeps its last good blocks and says why in Spanish, and the server restarts
 * healthy whatever its feeds hold.
 *
 * Health is asked every 25 ms whether or not earlier checks answered, from this process; the
 * server's own event loop is not reachable from here, but a loop blocked for a second makes
 * forty checks slow, not one. This machine is shared by several builds: single checks are
 * delayed now and then by the scheduler alone, hence percentiles.
 */

const FETCH_TIMEOUT_MS = 3_000;
const BUDGET_NOTE = ' Se volverá a intentar automáticamente dentro de 1 h; puedes sincronizarlo a mano antes.';

/** What each feed must end with: 'imported', or refused with this message. */
const OUTCOMES: Record<string, string> = {
  'never-matching rule (30 February)': PARSE_MESSAGES.tooComplex + BUDGET_NOTE,
  'time zone changing every hour since 1970': PARSE_MESSAGES.tooComplex + BUDGET_NOTE,
  'time zone changing every minute since 1970': PARSE_MESSAGES.tooComplex + BUDGET_NOTE,
  'five calendars repeating daily since 1900': PARSE_MESSAGES.tooComplex + BUDGET_NOTE,
  '2 MB of events repeating daily since 1900': PARSE_MESSAGES.tooComplex + BUDGET_NOTE,
  '2 MB of tiny properties': 'imported',
  '2 MB of dates in one RDATE': PARSE_MESSAGES.tooBig + BUDGET_NOTE,
  'components nested 100 000 deep': 'imported',
  'rule: zero interval': 'imported',
  'rule: every second': PARSE_MESSAGES.tooMany,
  'rule: yearly on 30 February, Mondays only': 'imported',
  'rule: a billion weeks at position -367': PARSE_MESSAGES.unreadable,
  'rule: every minute of 31 April': PARSE_MESSAGES.tooComplex + BUDGET_NOTE,
  'rule: every two billion days': PARSE_MESSAGES.tooComplex + BUDGET_NOTE,
  'truncated, with junk lines': PARSE_MESSAGES.unreadable,
  'slow: the headers, then nothing': FETCH_MESSAGES.timeout(FETCH_TIMEOUT_MS / 1000),
  'over the 2 MB cap': FETCH_MESSAGES.tooLarge(2),
};

function corpus(): Array<{ name: string; route: FeedRoute }> {
  return [
    ...hostileFeeds().map(({ name, body }) => ({ name, route: { body } })),
    { name: 'slow: the headers, then nothing', route: { hang: 'after-headers', body: 'BEGIN:VCALENDAR\r\n' } },
    { name: 'over the 2 MB cap', route: { body: `BEGIN:VCALENDAR\r\n${'X:y\r\n'.repeat(450_000)}`, chunked: true } },
  ];
}

const launch = (dataDir: string) =>
  launchOn(dataDir, {
    ICAL_ALLOW_PRIVATE_HOSTS: 'true',
    ICAL_SYNC_MINUTES: '0',
    ICAL_FETCH_TIMEOUT_MS: String(FETCH_TIMEOUT_MS),
  });

/** Kills the launcher and the server under it: a blocked server does not hear its launcher go. */
function kill(server: LaunchedServer | undefined) {
  if (!server) return;
  for (const pid of [server.serverPid, server.proc.pid!]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

const figures = (s: HealthSamples) =>
  `${s.latencies.length} checks, median ${s.percentile(50).toFixed(0)} ms, 95th ${s.percentile(95).toFixed(0)} ms, ` +
  `99th ${s.percentile(99).toFixed(0)} ms, slowest ${s.max.toFixed(0)} ms`;

/** The 95th percentile health may reach: 100 ms, or 5 times the idle server's in the same run. */
const healthBound = (idle: HealthSamples) => Math.max(100, 5 * idle.percentile(95));

describe('hostile calendar feeds (issue 19)', () => {
  let channel: FeedServer;
  let dataDir: string;
  beforeAll(async () => {
    channel = await startFeedServer();
    dataDir = await mkdtemp(join(tmpdir(), 'cabana-hostile-feeds-'));
  });
  afterAll(async () => {
    await channel.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('parses each one off the event loop, keeps health under 100 ms, keeps the blocks, restarts healthy', async () => {
    const feeds = corpus();
    expect(Object.keys(OUTCOMES).sort()).toEqual(feeds.map((f) => f.name).sort());
    let server: LaunchedServer | undefined = await launch(dataDir);
    try {
      const auth = { authorization: `Bearer ${await adminToken(server.url, LAUNCH_ADMIN)}` };
      const api = (method: string, path: string, body?: unknown) =>
        fetch(`${server!.url}/api${path}`, {
          method,
          headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          // A server that stopped answering fails the test here rather than at its time limit.
          signal: AbortSignal.timeout(60_000),
        });
      const calendar = async (): Promise<Calendar> =>
        CalendarSchema.parse(await (await api('GET', '/calendario')).json());

      // Every feed first imports an ordinary file: its blocks are what a hostile one must not lose.
      const ids: string[] = [];
      for (const [i, f] of feeds.entries()) {
        channel.set(`/f${i}.ics`, { body: feedFixture('vrbo') });
        const res = await api('POST', '/calendario/fuentes', { name: `Canal ${i}`, url: `${channel.url}/f${i}.ics` });
        expect(res.status, f.name).toBe(201);
        const { id } = FeedSchema.parse(await res.json());
        ids.push(id);
        expect((await api('POST', `/calendario/fuentes/${id}/sincronizar`)).status, f.name).toBe(200);
      }
      const good = (await calendar()).entries.filter((e) => e.source === ids[0]).map((e) => [e.start, e.end]);
      expect(good).toEqual([[day(50), day(55)]]);

      // The reference: the same probe on the idle server, just before, on the same busy machine.
      const idleProbe = probeHealth(server.url);
      await new Promise((r) => setTimeout(r, 2_000));
      const idle = await idleProbe.stop();
      const probe = probeHealth(server.url);
      const outcomes: Record<string, string> = {};
      const timings: string[] = [];
      for (const [i, f] of feeds.entries()) {
        channel.set(`/f${i}.ics`, f.route);
        const t0 = performance.now();
        const res = await api('POST', `/calendario/fuentes/${ids[i]}/sincronizar`);
        timings.push(`${f.name}: ${(performance.now() - t0).toFixed(0)} ms`);
        const body = (await res.json()) as { error?: string };
        outcomes[f.name] = res.status === 200 ? 'imported' : `${res.status} ${body.error}`;
      }
      const during = await probe.stop();
      console.log(
        `health while the corpus was read: ${figures(during)}; idle just before: ${figures(idle)}\n  ${timings.join('\n  ')}`,
      );

      expect(outcomes).toEqual(
        Object.fromEntries(Object.entries(OUTCOMES).map(([k, v]) => [k, v === 'imported' ? v : `502 ${v}`])),
      );
      const after = await calendar();
      for (const [i, f] of feeds.entries()) {
        if (OUTCOMES[f.name] === 'imported') continue;
        const kept = after.entries.filter((e) => e.source === ids[i]).map((e) => [e.start, e.end]);
        expect(kept, f.name).toEqual(good);
      }
      // Sent every 25 ms for the whole corpus: the server never stopped answering for long.
      expect(during.latencies.length).toBeGreaterThan(200);
      // 100 ms on a quiet machine; on a machine busy with other tests, a few times what the idle
      // server answered in the same run (a ratio, not a wall-clock limit): a parse on the event
      // loop would make it seconds.
      expect(during.percentile(95)).toBeLessThan(healthBound(idle));
      // Looser bounds for the slowest checks, which the machine's other work delays too (99th:
      // 30–92 ms, slowest 64–257 ms measured here); the old server blocked 5–25 s, or for good.
      expect(during.percentile(99)).toBeLessThan(500);
      expect(during.max).toBeLessThan(2_000);

      // A restart, with all of it in the data folder (the server is killed, as a crash would).
      kill(server);
      server = undefined;
      const stored = await readStoredData(dataDir);
      const backingOff = stored.calendar.feeds.filter((f) => f.retryAt).map((f) => f.id);
      expect(backingOff).toHaveLength(Object.values(OUTCOMES).filter((o) => o.endsWith(BUDGET_NOTE)).length);
      const hitsBefore = new Map(channel.hits);

      const t0 = performance.now();
      server = await launch(dataDir);
      const listenMs = performance.now() - t0;
      const restart = probeHealth(server.url);
      // Start-up reads every feed not backing off again; they all have answered within a few seconds.
      const others = feeds.map((_, i) => `/f${i}.ics`).filter((_, i) => !backingOff.includes(ids[i]!));
      for (let waited = 0; others.some((p) => channel.hits.get(p) === hitsBefore.get(p)) && waited < 60_000;) {
        await new Promise((r) => setTimeout(r, 100));
        waited += 100;
      }
      await new Promise((r) => setTimeout(r, FETCH_TIMEOUT_MS + 1_000));
      const afterRestart = await restart.stop();
      console.log(`restart: listening after ${listenMs.toFixed(0)} ms; health then: ${figures(afterRestart)}`);
      expect(afterRestart.percentile(95)).toBeLessThan(healthBound(idle));
      expect(afterRestart.percentile(99)).toBeLessThan(500);
      expect(afterRestart.max).toBeLessThan(2_000);
      // The feeds that ran out of budget were not read again at start; the others were.
      for (const [i, id] of ids.entries()) {
        const path = `/f${i}.ics`;
        if (backingOff.includes(id)) expect(channel.hits.get(path), feeds[i]!.name).toBe(hitsBefore.get(path));
        else expect(channel.hits.get(path), feeds[i]!.name).toBeGreaterThan(hitsBefore.get(path)!);
      }
    } finally {
      kill(server);
    }
  }, 300_000);
});
