/**
 * Issue 28, item 1: a data folder holding 10,000 bookings and 20,000 outbox messages, served by
 * the real server in its own process. Measured: what one new booking request appends to the
 * journal and how long it takes, health's latency while requests arrive, the owner's list
 * (`GET /api/reservas`, first answer), and the server's memory (RSS, peak).
 *   npx tsx server/bench/bookings.ts [--json out.json]
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { addDays, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import type { BookingState } from '@cabana/shared/domain/schemas/booking';
import { initialData } from '../src/db/store';
import { DB_DIR, JOURNAL_FILE, LEGACY_FILE } from '../src/db/folder';
import type { Data } from '../src/db/schema';
import { probeHealth } from '../fixtures/health-probe';
import { storedBooking, storedMail } from '../fixtures/booking-records';
import { startChild } from './processes';

const here = path.dirname(fileURLToPath(import.meta.url));
const BOOKINGS = 10_000;
const OUTBOX = 20_000;
/** Requests still waiting for an answer among the stored bookings (the rest are in final states). */
const PENDING = 200;
const REQUESTS = 30;

export interface BookingsResults {
  sizes: { bookings: number; outbox: number; bytes: number };
  startMs: number;
  /** Bytes of the journal line each new request appended (median, max). */
  appendBytes: { median: number; max: number };
  requestMs: { median: number; p99: number; max: number };
  healthMs: { median: number; p99: number; max: number };
  list: { bytes: number; ms: number };
  rssMb: { idle: number; after: number; peak: number };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: pct(s, 0.5), p99: pct(s, 0.99), max: s.at(-1)! };
};

const STATES: BookingState[] = ['rechazada', 'completada', 'cancelada', 'vencida'];

/** The journal's last complete line, in bytes (what the latest save appended). */
async function lastLineBytes(dataDir: string): Promise<number> {
  const buf = await readFile(path.join(dataDir, DB_DIR, JOURNAL_FILE));
  const end = buf.length - 1;
  const start = buf.lastIndexOf(10, end - 1) + 1;
  return end + 1 - start;
}

const rssOf = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
};

export async function benchBookings(log: (msg: string) => void = console.log): Promise<BookingsResults> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cabana-bench-bookings-'));
  try {
    const now = Date.now();
    const data: Data = initialData();
    data.seeded = true;
    data.bookings = Array.from({ length: BOOKINGS }, (_, i) =>
      storedBooking(i, now, i >= BOOKINGS - PENDING ? 'solicitada' : STATES[i % STATES.length]!),
    );
    data.outbox = Array.from({ length: OUTBOX }, (_, i) => storedMail(i, now));
    const whole = JSON.stringify(data);
    await writeFile(path.join(dataDir, LEGACY_FILE), whole);
    log(`bookings: ${(whole.length / 1e6).toFixed(1)} MB of data (${BOOKINGS} bookings, ${OUTBOX} messages)`);

    const t0 = performance.now();
    // The store's verification (a full serialization per save) is for tests, not for a measurement.
    process.env.BENCH_SERVER_ENV = JSON.stringify({ CABANA_STORE_VERIFY: 'false', CABANA_CONTRACT_VERIFY: 'false' });
    const server = await startChild<{ url: string; pid: number; email: string; password: string }>(
      path.join(here, 'server-child.ts'),
      [dataDir],
    );
    const startMs = performance.now() - t0;
    const { url, pid } = server.info;
    try {
      await new Promise((r) => setTimeout(r, 1000));
      const idle = await rssOf(pid);
      const login = await fetch(`${url}/api/sesion`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email: server.info.email, password: server.info.password }),
      });
      const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;

      const probe = probeHealth(url, 25);
      const appended: number[] = [];
      const took: number[] = [];
      const today = todayAtCabin(new Date());
      for (let i = 0; i < REQUESTS; i++) {
        const { token } = (await (await fetch(`${url}/api/consultas/token`)).json()) as { token: string };
        const checkIn = addDays(today, 20 + i * 3);
        const body = {
          name: `Huésped ${i}`,
          email: `huesped${i}@example.com`,
          phone: '300 123 4567',
          checkIn,
          checkOut: addDays(checkIn, 2),
          numPeople: 4,
          message: 'Llegamos tarde',
          consent: true,
          website: '',
          formToken: token,
        };
        const sizeBefore = (await stat(path.join(dataDir, DB_DIR, JOURNAL_FILE))).size;
        const t = performance.now();
        const res = await fetch(`${url}/api/reservas`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: url },
          body: JSON.stringify(body),
        });
        await res.arrayBuffer();
        took.push(performance.now() - t);
        if (res.status !== 201) throw new Error(`booking request: ${res.status}`);
        const sizeAfter = (await stat(path.join(dataDir, DB_DIR, JOURNAL_FILE))).size;
        // A compaction in between shrinks the journal: the line is then the last one.
        appended.push(sizeAfter > sizeBefore ? sizeAfter - sizeBefore : await lastLineBytes(dataDir));
      }
      const health = await probe.stop();
      const tl = performance.now();
      const list = await fetch(`${url}/api/reservas`, { headers: { cookie } });
      const listBytes = (await list.arrayBuffer()).byteLength;
      const listMs = performance.now() - tl;
      const after = await rssOf(pid);
      const a = [...appended].sort((x, y) => x - y);
      const results: BookingsResults = {
        sizes: { bookings: BOOKINGS, outbox: OUTBOX, bytes: whole.length },
        startMs,
        appendBytes: { median: pct(a, 0.5), max: a.at(-1)! },
        requestMs: summary(took),
        healthMs: { median: health.percentile(50), p99: health.percentile(99), max: health.max },
        list: { bytes: listBytes, ms: listMs },
        rssMb: { idle: idle.rss, after: after.rss, peak: after.peak },
      };
      log(`bookings: ${JSON.stringify(results)}`);
      return results;
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const results = await benchBookings();
  const jsonIndex = process.argv.indexOf('--json');
  if (jsonIndex > 0) await writeFile(process.argv[jsonIndex + 1]!, JSON.stringify(results, null, 2));
}
