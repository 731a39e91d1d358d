import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import type { Enquiry } from '@cabana/shared/domain/schemas/enquiry';
import { newestFirst } from '@cabana/shared/domain/lib/newest-first';
import { initialData, openStore } from '../src/db/store';
import { LEGACY_FILE } from '../src/db/folder';
import type { Data, StoredImage } from '../src/db/schema';

/**
 * The store at the sizes of issue 13: 10,000 enquiries, 500 photos, 5,000 calendar events. Each
 * write is timed from the change to the acknowledged (fsynced) save, as a request would see it,
 * and the event loop's longest stall is recorded while the writes run.
 */
export interface StoreResults {
  sizes: { enquiries: number; photos: number; events: number; bytes: number };
  price: Timings;
  enquiry: Timings;
  /** Longest event-loop stall while the writes ran, ms. */
  maxStallMs: number;
  /** Longest synchronous part of one save() call (serializing what changed), ms. */
  maxSyncMs: number;
  /** What each save cost before: serializing the whole data once, ms (median of 5). */
  wholeStringifyMs: number;
  openMs: number;
  /** The admin's inbox: 10,000+ enquiries sorted newest first and serialized, ms (median of 5), read through store.view and through the tracking proxies. */
  inbox: { viewMs: number; proxyMs: number };
}
interface Timings {
  n: number;
  median: number;
  p99: number;
  max: number;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const timings = (xs: number[]): Timings => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, median: pct(s, 0.5), p99: pct(s, 0.99), max: s.at(-1)! };
};

function enquiry(i: number): Enquiry {
  const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  return {
    type: 'contacto',
    id: `B${String(i).padStart(15, '0')}`,
    name: `Persona de prueba ${i}`,
    email: `persona${i}@example.com`,
    message: `Hola, quisiera saber si la cabaña está disponible para el puente festivo. ${'Gracias. '.repeat(20)}`,
    status: 'nueva',
    createdAt: at,
    consentAt: at,
    policyVersion: '2026-11-01',
  };
}

function photo(i: number): StoredImage {
  const id = `P${String(i).padStart(15, '0')}`;
  const sizes = [480, 800, 1200, 1600, 2400];
  return {
    id,
    secure_url: `/media/${id}/1200.jpg`,
    title: `Foto ${i}`,
    description: 'Vista de la cabaña y el golfo al atardecer',
    width: 2400,
    height: 1600,
    placeholder: `data:image/webp;base64,${'A'.repeat(300)}`,
    variants: sizes.flatMap((w) =>
      (['avif', 'webp', 'jpeg'] as const).map((format) => ({
        url: `/media/${id}/${w}.${format === 'jpeg' ? 'jpg' : format}`,
        width: w,
        height: Math.round((w * 2) / 3),
        format,
      })),
    ),
    tags: [],
    status: 'published',
    created_at: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
    files: sizes.flatMap((w) => [`${w}.avif`, `${w}.webp`, `${w}.jpg`]),
    position: i,
  };
}

function bigData(): Data {
  const data = initialData();
  data.enquiries = Array.from({ length: 10_000 }, (_, i) => enquiry(i));
  data.images = Array.from({ length: 500 }, (_, i) => photo(i));
  data.calendar.feeds = Array.from({ length: 5 }, (_, f) => ({
    id: `F${String(f).padStart(15, '0')}`,
    name: `Airbnb ${f}`,
    url: `https://www.airbnb.com/calendar/ical/${f}.ics?s=abc`,
    exportToken: 'x'.repeat(43),
    createdAt: '2026-01-01T00:00:00.000Z',
    lastSyncAt: '2026-01-01T00:00:00.000Z',
    lastError: null,
    events: Array.from({ length: 1_000 }, (_, i) => ({
      id: `V${f}${String(i).padStart(14, '0')}`,
      key: `${f}-${i}@airbnb.com`,
      start: '2027-01-01',
      end: '2027-01-03',
      summary: 'Reserved',
      firstSeenAt: '2026-01-01T00:00:00.000Z',
    })),
  }));
  return data;
}

export async function benchStore(log: (msg: string) => void, rounds = 300): Promise<StoreResults> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cabana-bench-store-'));
  try {
    const data = bigData();
    const whole = JSON.stringify(data);
    await writeFile(path.join(dir, LEGACY_FILE), whole);
    const wholeTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      JSON.stringify(data, null, 2);
      wholeTimes.push(performance.now() - t);
    }
    let t0 = performance.now();
    const store = await openStore(dir, { verify: false });
    const openMs = performance.now() - t0;
    log(`store: opened ${(whole.length / 1e6).toFixed(1)} MB of data in ${openMs.toFixed(0)} ms`);

    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const price: number[] = [];
    const enq: number[] = [];
    let maxSyncMs = 0;
    const timeSave = async (change: () => void, into: number[]) => {
      t0 = performance.now();
      change();
      const saving = store.save();
      maxSyncMs = Math.max(maxSyncMs, performance.now() - t0);
      await saving;
      into.push(performance.now() - t0);
    };
    let lastTick = performance.now();
    const gaps: string[] = [];
    const ticker = setInterval(() => {
      const now = performance.now();
      if (now - lastTick > 40) gaps.push(`${(now - lastTick).toFixed(0)} ms after save ${price.length + enq.length}`);
      lastTick = now;
    }, 5);
    for (let i = 0; i < rounds; i++) {
      await timeSave(() => {
        store.data.price = { precio: 100_000 + i, updatedAt: new Date().toISOString() };
      }, price);
      await timeSave(() => {
        store.data.enquiries.push(enquiry(20_000 + i));
        store.data.usedFormTokens.push({ nonce: `n${i}`.padEnd(22, 'x'), expiresAt: Date.now() + 3_600_000 });
      }, enq);
    }
    loop.disable();
    clearInterval(ticker);
    if (gaps.length) log(`store: stalls over 40 ms: ${gaps.join(', ')}`);
    const inboxMs = (list: () => readonly Enquiry[]) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        JSON.stringify(newestFirst(list(), (e) => e.createdAt));
        times.push(performance.now() - t);
      }
      return times.sort((a, b) => a - b)[2]!;
    };
    const inbox = { viewMs: inboxMs(() => store.view.enquiries), proxyMs: inboxMs(() => store.data.enquiries) };
    log(
      `store: inbox of ${store.view.enquiries.length} enquiries ${inbox.viewMs.toFixed(0)} ms (through the proxies ${inbox.proxyMs.toFixed(0)} ms)`,
    );
    await store.close();
    const results: StoreResults = {
      sizes: { enquiries: 10_000, photos: 500, events: 5_000, bytes: whole.length },
      price: timings(price),
      enquiry: timings(enq),
      maxStallMs: loop.max / 1e6,
      maxSyncMs,
      wholeStringifyMs: [...wholeTimes].sort((a, b) => a - b)[2]!,
      openMs,
      inbox,
    };
    log(
      `store: price median ${results.price.median.toFixed(1)} ms p99 ${results.price.p99.toFixed(1)} ms; ` +
        `enquiry median ${results.enquiry.median.toFixed(1)} ms p99 ${results.enquiry.p99.toFixed(1)} ms; ` +
        `max stall ${results.maxStallMs.toFixed(1)} ms, max sync ${results.maxSyncMs.toFixed(1)} ms; whole stringify ${results.wholeStringifyMs.toFixed(0)} ms`,
    );
    return results;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// `npx tsx server/bench/store.ts`: this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  await benchStore(console.info);
}
