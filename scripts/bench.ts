/**
 * `npm run bench`: every performance figure of the project in one run, each beside its
 * reference measured in the same run, written to docs/BENCHMARKS.md. Times live here, never in
 * tests (byte budgets are tests). Takes a while: 24 photos of 12 MP are seeded once (kept in the
 * temp folder), then HTTP load, the upload pipeline, the website (Lighthouse) and the desktop
 * bulk upload run one after another.
 *   BENCH_SECONDS=10 BENCH_ROUNDS=2 BENCH_RUNS=3 BENCH_LH_RUNS=3 BENCH_DESKTOP_PHOTOS=10 npm run bench
 *   npm run bench -- --skip desktop,website     # leave parts out (their section says so)
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchHttp, type HttpResults } from '../server/bench/http';
import { benchPipeline, median, type PipelineResults } from '../server/bench/image-pipeline';
import { benchStore, type StoreResults } from '../server/bench/store';
import { benchBookings, type BookingsResults } from '../server/bench/bookings';
import { measureWebsite, type WebsiteResults } from '../website/scripts/measure';
import { WEBSITE_DIR, buildSite } from '../website/scripts/build';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'docs', 'BENCHMARKS.md');
const skipIndex = process.argv.indexOf('--skip');
const skip = new Set(skipIndex > 0 ? (process.argv[skipIndex + 1] ?? '').split(',') : []);
const autocannonVersion = (createRequire(import.meta.url)('autocannon/package.json') as { version: string }).version;

const log = (msg: string) => console.log(msg);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const k = (rps: number) => `${(rps / 1000).toFixed(2)}k`;
const ok = (pass: boolean) => (pass ? 'met' : '**missed**');
const us = (n: number | undefined) => (n === undefined ? '–' : `${n.toFixed(0)} µs`);

function machine(): string {
  const cpus = os.cpus();
  const load = os.loadavg().map((l) => l.toFixed(1));
  return [
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB memory, ${os.type()} ${os.release()}`,
    `- Node ${process.version}, load average at the start ${load.join(' / ')} (1/5/15 min)`,
  ].join('\n');
}

function httpSection(r: HttpResults): string {
  const rows = r.cases.map((c) => {
    const vsKoa = c.ours.rps / c.koa.rps;
    const vsBare = c.ours.rps / c.bare.rps;
    const isPage = c.path === '/';
    const target = isPage
      ? `≥ 0.9× Koa: ${ok(vsKoa >= 0.9)}`
      : `≥ 1.0× Koa: ${ok(vsKoa >= 1)}, p99 < 20 ms: ${ok(c.ours.p99 < 20)}`;
    return (
      `| ${c.name} | ${c.bytes}${c.contentEncoding ? ` (${c.contentEncoding})` : ''} | ${k(c.ours.rps)}, p99 ${c.ours.p99} ms, ${us(c.ours.cpuUsPerRequest)} | ` +
      `${k(c.koa.rps)}, p99 ${c.koa.p99} ms, ${us(c.koa.cpuUsPerRequest)} | ${k(c.bare.rps)}, p99 ${c.bare.p99} ms, ${us(c.bare.cpuUsPerRequest)} | ` +
      `${vsKoa.toFixed(2)}× / ${vsBare.toFixed(2)}× | ${target} |`
    );
  });
  const errors = r.cases.filter((c) => c.ours.non2xx || c.ours.errors);
  return `## HTTP throughput

autocannon ${autocannonVersion}, ${r.connections} connections, ${r.seconds} s per run, best of ${r.rounds} rounds (order
alternated), after a 2-s warm-up. Our server, a minimal Koa + @koa/router app and bare node:http each run in their
own process and send the same bytes (fetched from our server first); autocannon runs in a fourth. The data folder
holds ${r.photos} published photos of 12 MP. "CPU/req" is the server process's user+system time divided by the
requests it answered: it moves much less than rps when other work shares the machine.

| request | bytes | ours (rps, p99, CPU/req) | minimal Koa | bare node:http | ours ÷ Koa / ÷ bare | target |
|---|---|---|---|---|---|---|
${rows.join('\n')}
${errors.length ? `\nErrors or non-2xx answers from our server: ${errors.map((c) => `${c.name}: ${c.ours.non2xx} non-2xx, ${c.ours.errors} errors`).join('; ')}\n` : ''}`;
}

function pipelineSection(r: PipelineResults): string {
  const ours = median(r.oursMs);
  const bare = median(r.bareMs);
  const variants = r.variants
    .map(
      (v) =>
        `| ${v.name} | ${v.format} | ${v.width}×${v.height} | ${v.bytes.toLocaleString('en')} B (${kb(v.bytes)}) |`,
    )
    .join('\n');
  const total = r.variants.reduce((n, v) => n + v.bytes, 0);
  return `## Upload pipeline

One ${r.input.width}×${r.input.height} JPEG (${(r.input.bytes / 1024 / 1024).toFixed(2)} MB) into every variant, ${r.runs} runs each,
our pipeline (\`processImage\`) and bare sharp doing the same decode, resizes and encodes with the same settings,
alternating in one fresh process (libvips threads: ${r.libvipsThreads}).

| | median | all runs |
|---|---|---|
| our pipeline | ${ours.toFixed(0)} ms | ${r.oursMs.map((t) => t.toFixed(0)).join(', ')} ms |
| bare sharp | ${bare.toFixed(0)} ms | ${r.bareMs.map((t) => t.toFixed(0)).join(', ')} ms |
| ratio | ${(ours / bare).toFixed(2)}× | target ≤ 1.2×: ${ok(ours / bare <= 1.2)} |

Encoder settings: \`${JSON.stringify(r.encoders)}\`. Peak RSS of that process: ${r.processPeakRssMb.toFixed(0)} MB.

| variant | format | size | bytes |
|---|---|---|---|
${variants}
| placeholder (data URL) | webp | 20 px wide | ${r.placeholderBytes} B |
| all variants | | | ${total.toLocaleString('en')} B (${kb(total)}) |

${r.uploads.count} uploads of that photo sent at once to the real server (its own process, image queue as configured):
answers ${r.uploads.statuses.join(', ')} in ${r.uploads.seconds.toFixed(1)} s; server RSS peak
**${r.uploads.serverPeakRssMb.toFixed(0)} MB** (idle before: ${r.uploads.serverIdleRssMb.toFixed(0)} MB), target < 300 MB: ${ok(r.uploads.serverPeakRssMb < 300)}.
`;
}

function bookingsSection(r: BookingsResults): string {
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
  return `## Booking requests at scale (issue 28)

The real server in its own process over a data folder of ${r.sizes.bookings.toLocaleString('en')} bookings and
${r.sizes.outbox.toLocaleString('en')} outbox messages (${(r.sizes.bytes / 1e6).toFixed(1)} MB of JSON); new booking requests one after
another while \`GET /api/health\` is probed every 25 ms (\`server/bench/bookings.ts\`).

| measure | value |
|---|---|
| start (import and open) | ${ms(r.startMs)} |
| journal append per request (median / max) | ${r.appendBytes.median.toLocaleString('en')} B / ${r.appendBytes.max.toLocaleString('en')} B |
| request latency (median / p99 / max) | ${ms(r.requestMs.median)} / ${ms(r.requestMs.p99)} / ${ms(r.requestMs.max)} |
| health latency meanwhile (median / p99 / max) | ${ms(r.healthMs.median)} / ${ms(r.healthMs.p99)} / ${ms(r.healthMs.max)} |
| \`GET /api/reservas\` (first answer) | ${mb(r.list.bytes)} in ${ms(r.list.ms)} |
| RSS idle / after / peak | ${r.rssMb.idle.toFixed(0)} / ${r.rssMb.after.toFixed(0)} / ${r.rssMb.peak.toFixed(0)} MB |
`;
}

function websiteSection(r: WebsiteResults): string {
  const js = r.js
    // /planes keeps 4 KB of room for its next features (issue 31).
    .map((j) => {
      const budget = (j.path === '/planes' || j.path === '/en/plans' ? 76 : 80) * 1024;
      return `| ${j.path} | ${j.files} | ${kb(j.raw)} | ${kb(j.gzip)} | ${ok(j.gzip <= budget)} |`;
    })
    .join('\n');
  const lh = r.lighthouse
    .map(
      (l) =>
        `| ${l.path} | ${l.performance} (${l.performanceRuns.join(', ')}) | ${(l.lcpMs / 1000).toFixed(2)} s (${l.lcpRuns.map((v) => (v / 1000).toFixed(2)).join(', ')}) | ${(l.fcpMs / 1000).toFixed(2)} s | ${l.tbtMs.toFixed(0)} ms | ${l.cls.toFixed(3)} | ${l.accessibility} / ${l.bestPractices} / ${l.seo} | ${ok(l.performance === 100 && l.lcpMs <= 1200)} |`,
    )
    .join('\n');
  const owner = r.ownerJs.map((j) => `| ${j.path} | ${j.files} | ${kb(j.raw)} | ${kb(j.gzip)} |`).join('\n');
  const g = r.galleryFirstScreen;
  return `## Website

Real server, website/dist, ${r.photos} published photos of 12 MP.

JavaScript a first visit loads (gzip -9 of each file, scripts written into the page included), budget ≤ 80 KB
(/planes ≤ 76 KB):

| page | files | raw | gzip | budget |
|---|---|---|---|---|
${js}

The owner's app (never loaded by visitors; no budget), first visit: \`/login\`, and \`/admin\` with a session (its
first section shown):

| page | files | raw | gzip |
|---|---|---|---|
${owner}

First screen of /galeria on a 390-px phone at DPR 2 (everything loaded before any scroll, headers included):
**${kb(g.bytes)}** in ${g.requests} requests, of which ${g.images} images ${kb(g.imageBytes)}; budget ≤ 400 KB: ${ok(g.bytes <= 400 * 1024)}.

Lighthouse (mobile preset, simulated slow 4G, offline, Debian's Chromium), ${r.lighthouse[0]?.performanceRuns.length ?? 0} runs a page; the
figures are the median run's (Lighthouse's computeMedianRun), every run's score and LCP in brackets. Budget (issue 31):
performance 100 and LCP ≤ 1.2 s:

| page | performance (runs) | LCP (runs) | FCP | TBT | CLS | a11y / best practices / SEO | budget |
|---|---|---|---|---|---|---|---|
${lh}
`;
}

function storeSection(r: StoreResults): string {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const row = (name: string, t: StoreResults['price']) =>
    `| ${name} | ${t.n} | ${ms(t.median)} (< 20: ${ok(t.median < 20)}) | ${ms(t.p99)} (< 50: ${ok(t.p99 < 50)}) | ${ms(t.max)} |`;
  return `## Store (issue 13)

${r.sizes.enquiries.toLocaleString('en')} enquiries, ${r.sizes.photos} photos, ${r.sizes.events.toLocaleString('en')} calendar events (${(r.sizes.bytes / 1e6).toFixed(1)} MB of
JSON), in a temp folder; each write timed from the change to its acknowledged (fsynced) save (\`server/bench/store.ts\`).

| Write | n | median | p99 | max |
| --- | --- | --- | --- | --- |
${row('price change', r.price)}
${row('new enquiry (+ used form token)', r.enquiry)}

- Longest event-loop stall while the writes ran: ${ms(r.maxStallMs)} (< 50 ms: ${ok(r.maxStallMs < 50)}); longest synchronous part of one save: ${ms(r.maxSyncMs)}.
- Reference, the single \`db.json\` before: serializing the whole data once took ${ms(r.wholeStringifyMs)} (median of 5), on the main thread, for every change.
- Opening the folder (import of the \`db.json\`, validation): ${ms(r.openMs)}.
- The admin's inbox (every enquiry, newest first, serialized): ${ms(r.inbox.viewMs)} read through \`store.view\`, ${ms(r.inbox.proxyMs)} through the change-tracking proxies of \`store.data\`.
`;
}

function desktopBench(photos: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'desktop', 'bench', 'bulk-upload.ts')], {
      env: { ...process.env, BENCH_PHOTOS: String(photos) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    p.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      process.stdout.write(d);
    });
    p.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`desktop bench failed (${code})`))));
  });
}

const sections: string[] = [];
const header = machine();
log(header);
const distDir = path.join(WEBSITE_DIR, 'dist');
log('Building the website…');
await buildSite('dist');

if (!skip.has('http')) {
  log('\n== HTTP ==');
  sections.push(httpSection(await benchHttp(distDir, log)));
} else sections.push('## HTTP throughput\n\nLeft out of this run (`--skip http`).\n');
if (!skip.has('pipeline')) {
  log('\n== Upload pipeline ==');
  sections.push(pipelineSection(await benchPipeline(log)));
} else sections.push('## Upload pipeline\n\nLeft out of this run (`--skip pipeline`).\n');
if (!skip.has('store')) {
  log('\n== Store ==');
  sections.push(storeSection(await benchStore(log)));
} else sections.push('## Store (issue 13)\n\nLeft out of this run (`--skip store`).\n');
if (!skip.has('bookings')) {
  log('\n== Booking requests at scale ==');
  sections.push(bookingsSection(await benchBookings(log)));
} else sections.push('## Booking requests at scale (issue 28)\n\nLeft out of this run (`--skip bookings`).\n');
if (!skip.has('website')) {
  log('\n== Website ==');
  sections.push(websiteSection(await measureWebsite({ log })));
} else sections.push('## Website\n\nLeft out of this run (`--skip website`).\n');
if (!skip.has('desktop')) {
  log('\n== Desktop bulk upload ==');
  const photos = Number(process.env.BENCH_DESKTOP_PHOTOS ?? 50);
  const out = await desktopBench(photos);
  sections.push(
    `## Desktop bulk upload\n\n${photos} generated 12-MP photos through the desktop upload queue to a real local server (\`desktop/bench/bulk-upload.ts\`); the uploading process is measured with glibc's malloc defaults and with two arenas, the closer stand-in for Electron's main (docs/decisions/030-desktop-upload-memory.md):\n\n\`\`\`\n${out.trim()}\n\`\`\`\n`,
  );
} else sections.push('## Desktop bulk upload\n\nLeft out of this run (`--skip desktop`).\n');

await writeFile(
  OUT,
  `# Benchmarks\n\nWritten by \`npm run bench\` (scripts/bench.ts); every figure stands beside its reference, measured in the\nsame run on the same machine. Times are only ever measured here, never in tests.\n\n${header}\n\n${sections.join('\n')}`,
);
log(`\nWritten ${path.relative(ROOT, OUT)}`);
