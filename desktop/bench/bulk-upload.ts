/**
 * Benchmark (not a test): 50 generated 12-MP JPEGs through the desktop upload queue to a real
 * local server running in a child process. Reports bytes sent against the originals, total
 * time, and the peak RSS of the uploading process (`upload-child.ts`, alone in its own process,
 * so generating the photos does not count).
 *
 * The downscaled run goes twice: with glibc's malloc defaults, and with two malloc arenas
 * (MALLOC_ARENA_MAX=2, what the server runs with). Under the defaults every thread that ever ran a
 * decode keeps that peak as its own arena; Electron's main process allocates through Chromium's
 * allocator instead, so the second figure is the closer stand-in (docs/decisions/030-desktop-upload-memory.md).
 *
 *   npm run bench -w desktop            # downscaled (the app's behaviour) and, for contrast, originals
 *   BENCH_PHOTOS=20 npm run bench -w desktop
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { UploadChildResult } from './upload-child';

const here = path.dirname(fileURLToPath(import.meta.url));
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 50);
const UNIQUE = Math.min(10, PHOTOS);
const cacheDir = path.join(os.tmpdir(), `cabana-bench-photos-${PHOTOS}`);

const mb = (n: number) => (n / 1024 / 1024).toFixed(1);

async function generatePhotos(): Promise<void> {
  if (existsSync(cacheDir) && (await readdir(cacheDir)).length === PHOTOS) return;
  const { makePhoto } = await import('../test/helpers/photos');
  await mkdir(cacheDir, { recursive: true });
  const started = Date.now();
  // Ten distinct 4000×3000 photos with grain and EXIF (GPS, orientation), copied to 50 names:
  // rendering each takes seconds and identical pixels cost the pipeline the same work.
  const unique: string[] = [];
  for (let i = 0; i < UNIQUE; i++) {
    const file = path.join(cacheDir, `IMG_${String(i + 1).padStart(4, '0')}.jpg`);
    await writeFile(
      file,
      await makePhoto({ width: 4000, height: 3000, seed: i + 1, gps: true, orientation: i % 3 === 0 ? 6 : 1 }),
    );
    unique.push(file);
  }
  for (let i = UNIQUE; i < PHOTOS; i++) {
    await copyFile(unique[i % UNIQUE]!, path.join(cacheDir, `IMG_${String(i + 1).padStart(4, '0')}.jpg`));
  }
  console.log(`generated ${PHOTOS} photos in ${((Date.now() - started) / 1000).toFixed(1)} s → ${cacheDir}`);
}

function runChild(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'upload-child.ts'), ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`child exited ${code}`))));
  });
}

interface Run {
  mode: 'downscaled' | 'originals';
  /** Label of the uploader's malloc setting. */
  malloc: string;
  env: Record<string, string>;
}

const RUNS: Run[] = [
  { mode: 'downscaled', malloc: 'glibc', env: {} },
  { mode: 'downscaled', malloc: '2 arenas', env: { MALLOC_ARENA_MAX: '2' } },
  { mode: 'originals', malloc: 'glibc', env: {} },
];
const BUDGET_MB = 300;

async function main(): Promise<void> {
  await generatePhotos();
  const originals = (await Promise.all((await readdir(cacheDir)).map((f) => stat(path.join(cacheDir, f))))).reduce(
    (s, st) => s + st.size,
    0,
  );
  console.log(`${PHOTOS} photos, 4000×3000, ${mb(originals)} MB in total`);

  const results: (UploadChildResult & Run)[] = [];
  for (const run of RUNS) {
    const server = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'server-child.ts')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const line = await new Promise<string>((resolve) =>
        readline.createInterface({ input: server.stdout }).once('line', resolve),
      );
      const info = JSON.parse(line) as { url: string; email: string; password: string };
      const out = await runChild([cacheDir, info.url, info.email, info.password, run.mode], run.env);
      const resultLine = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (!resultLine) throw new Error(`no result from uploader: ${out}`);
      results.push({ ...(JSON.parse(resultLine.slice(7)) as UploadChildResult), ...run });
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  }

  const uplinkMbit = 2; // a weak rural uplink
  console.log(
    '\nmode        malloc    files  ok  fail  originals MB  sent MB  sent/orig  total s  RSS before MB  peak RSS MB  est. at 2 Mbit/s',
  );
  for (const r of results) {
    const est = (r.bytesSent * 8) / (uplinkMbit * 1_000_000) / 60;
    console.log(
      `${r.mode.padEnd(11)} ${r.malloc.padEnd(8)} ${String(r.files).padStart(6)} ${String(r.uploaded).padStart(3)} ${String(r.failed).padStart(5)}` +
        ` ${mb(r.bytesOriginal).padStart(13)} ${mb(r.bytesSent).padStart(8)} ${((r.bytesSent / r.bytesOriginal) * 100).toFixed(1).padStart(9)}%` +
        ` ${(r.ms / 1000).toFixed(1).padStart(8)} ${r.baseRssMb.toFixed(0).padStart(14)} ${r.peakRssMb.toFixed(0).padStart(12)} ${est.toFixed(1).padStart(12)} min`,
    );
  }
  const verdict = (r: UploadChildResult & Run) =>
    `${r.peakRssMb.toFixed(0)} MB with ${r.malloc === 'glibc' ? "glibc's defaults" : r.malloc}: ${r.peakRssMb < BUDGET_MB ? 'met' : 'missed'}`;
  const downscaled = results.filter((r) => r.mode === 'downscaled');
  console.log(`\nPeak RSS of the downscaling upload, target < ${BUDGET_MB} MB: ${downscaled.map(verdict).join('; ')}.`);
}

await main();
