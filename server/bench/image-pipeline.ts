/**
 * npm run bench -w server   (or part of the root `npm run bench`)
 * 1. One 12-megapixel JPEG (4000×3000, photo-like detail) into every variant through the real
 *    pipeline, against bare sharp doing the same operations with the same encoder settings, in
 *    the same (fresh) process, runs interleaved.
 * 2. The real server in its own process while 8 of those photos are uploaded at once: its RSS.
 */
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { makePhoto, PHOTO_HEIGHT, PHOTO_WIDTH } from '../fixtures/photo';
import { startChild } from './processes';
import type { ENCODERS as Encoders } from '../src/images/pipeline';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const UPLOADS = 8;

export interface VariantFigure {
  name: string;
  format: string;
  width: number;
  height: number;
  bytes: number;
}

export interface PipelineResults {
  input: { width: number; height: number; bytes: number };
  runs: number;
  oursMs: number[];
  bareMs: number[];
  variants: VariantFigure[];
  placeholderBytes: number;
  encoders: unknown;
  libvipsThreads: number;
  /** Peak RSS of the process that ran both, in MB. */
  processPeakRssMb: number;
  uploads: { count: number; seconds: number; statuses: number[]; serverPeakRssMb: number; serverIdleRssMb: number };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Bare sharp: the pipeline's decode, resizes and encodes, without its checks and bookkeeping. */
async function bareSharp(file: string, encoders: typeof Encoders): Promise<number> {
  const { data, info } = await sharp(file, { sequentialRead: true })
    .rotate()
    .resize({ width: 1600, withoutEnlargement: true })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  let bytes = 0;
  for (const w of [480, 960, 1600]) {
    const r = await sharp(data, { raw: info }).resize({ width: w }).raw().toBuffer({ resolveWithObject: true });
    const at = () => sharp(r.data, { raw: r.info });
    bytes += (await at().avif(encoders.avif).toBuffer()).length;
    bytes += (await at().webp(encoders.webp).toBuffer()).length;
    if (w >= 960) bytes += (await at().jpeg(encoders.jpeg).toBuffer()).length;
  }
  const tiny = await sharp(data, { raw: info })
    .resize({ width: encoders.placeholder.width })
    .flatten({ background: '#ffffff' })
    .blur(encoders.placeholder.blur)
    .webp(encoders.placeholder.webp)
    .toBuffer();
  return bytes + tiny.length;
}

/** Child: both contenders in one fresh process, alternating, so neither gets a warmer cache. */
async function child(file: string) {
  const { processImage, ENCODERS } = await import('../src/images/pipeline');
  const oursMs: number[] = [];
  const bareMs: number[] = [];
  let variants: VariantFigure[] = [];
  let placeholderBytes = 0;
  for (let i = 0; i < RUNS; i++) {
    let t0 = performance.now();
    const out = await processImage(file);
    oursMs.push(performance.now() - t0);
    variants = out.variants.map((v) => ({
      name: v.name,
      format: v.format,
      width: v.width,
      height: v.height,
      bytes: v.data.length,
    }));
    placeholderBytes = out.placeholder.length;
    t0 = performance.now();
    await bareSharp(file, ENCODERS);
    bareMs.push(performance.now() - t0);
  }
  process.stdout.write(
    `RESULT ${JSON.stringify({
      oursMs,
      bareMs,
      variants,
      placeholderBytes,
      encoders: ENCODERS,
      libvipsThreads: sharp.concurrency(),
      processPeakRssMb: process.resourceUsage().maxRSS / 1024,
    })}\n`,
  );
}

const rssMb = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

/** 8 uploads at once to the real server in its own process, sampling its resident memory. */
async function uploads(file: string): Promise<PipelineResults['uploads']> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cabana-bench-uploads-'));
  const server = await startChild<{ url: string; pid: number; email: string; password: string }>(
    path.join(here, 'server-child.ts'),
    [dataDir],
  );
  try {
    const { url, pid, email, password } = server.info;
    const login = await fetch(`${url}/api/sesion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email, password, token: true }),
    });
    const { token } = (await login.json()) as { token: string };
    const bytes = await fs.readFile(file);
    const serverIdleRssMb = rssMb(pid);
    let peak = serverIdleRssMb;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: UPLOADS }, async (_, i) => {
        const fd = new FormData();
        fd.set('image', new Blob([bytes], { type: 'image/jpeg' }), `foto-${i}.jpg`);
        fd.set('title', `Foto ${i + 1}`);
        const res = await fetch(`${url}/api/imagenes/upload`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: fd,
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    return { count: UPLOADS, seconds, statuses, serverPeakRssMb: peak, serverIdleRssMb };
  } finally {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchPipeline(log = console.log): Promise<PipelineResults> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cabana-bench-'));
  const file = path.join(dir, 'photo-12mp.jpg');
  try {
    await makePhoto(file);
    const { size } = await fs.stat(file);
    log(`input: ${PHOTO_WIDTH}×${PHOTO_HEIGHT} JPEG, ${(size / 1024 / 1024).toFixed(2)} MB, ${RUNS} runs each`);
    const out = await new Promise<string>((resolve, reject) => {
      const p = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', file], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      p.stdout.on('data', (d: Buffer) => (text += d.toString()));
      p.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`pipeline child failed (${code})`))));
    });
    const line = out.split('\n').find((l) => l.startsWith('RESULT '));
    if (!line) throw new Error(`no result from the pipeline child: ${out}`);
    const r = JSON.parse(line.slice(7)) as Omit<PipelineResults, 'input' | 'runs' | 'uploads'>;
    log(
      `pipeline ${median(r.oursMs).toFixed(0)} ms vs bare sharp ${median(r.bareMs).toFixed(0)} ms (median of ${RUNS}); ` +
        `variants: ${r.variants.map((v) => `${v.name} ${(v.bytes / 1024).toFixed(0)} KB`).join(', ')}`,
    );
    const up = await uploads(file);
    log(
      `${up.count} uploads at once: ${up.seconds.toFixed(1)} s, statuses ${up.statuses.join(',')}, server RSS peak ${up.serverPeakRssMb.toFixed(0)} MB (idle ${up.serverIdleRssMb.toFixed(0)} MB)`,
    );
    return { input: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, bytes: size }, runs: RUNS, ...r, uploads: up };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export { median };

const childIndex = process.argv.indexOf('--child');
if (childIndex > 0) {
  await child(process.argv[childIndex + 1]!);
} else if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const jsonIndex = process.argv.indexOf('--json');
  const results = await benchPipeline();
  if (jsonIndex > 0) await fs.writeFile(process.argv[jsonIndex + 1]!, JSON.stringify(results, null, 2));
}
