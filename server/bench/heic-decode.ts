/**
 * npx tsx server/bench/heic-decode.ts
 * Uploads the 39.9-megapixel HEIC fixture to a real server in this process while pinging
 * /api/health every 20 ms, and prints the event loop's worst delay, the slowest health answer
 * and the process's resident memory (RSS) before, at its peak and after the upload.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { readEnv } from '../src/env';
import { startServer } from '../src/start';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/big-40mp.heic');
const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cabana-heic-bench-'));
const password = 'una frase de paso para medir';
const running = await startServer(
  readEnv({
    DATA_DIR: dir,
    HOST: '127.0.0.1',
    PORT: '0',
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: password,
    SEED_SAMPLE_PHOTOS: 'false',
    WEBSITE_DIST: path.join(dir, 'none'),
  }),
  { info: () => undefined, error: (m, e) => console.error(m, e) },
);
try {
  const api = `${running.url}/api`;
  const login = await fetch(`${api}/sesion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password, token: true }),
  });
  const { token } = (await login.json()) as { token: string };
  const heic = await fs.readFile(FIXTURE);
  global.gc?.();
  await sleep(500);
  const rssBefore = process.memoryUsage().rss;

  let peak = rssBefore;
  let slowestHealth = 0;
  let done = false;
  const pinger = (async () => {
    while (!done) {
      const t0 = performance.now();
      await fetch(`${api}/health`).then((r) => r.arrayBuffer());
      slowestHealth = Math.max(slowestHealth, performance.now() - t0);
      peak = Math.max(peak, process.memoryUsage().rss);
      await sleep(20);
    }
  })();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const fd = new FormData();
  fd.set('image', new Blob([heic], { type: 'image/heic' }), 'IMG_0001.HEIC');
  fd.set('title', 'HEIC de 40 MP');
  const t0 = performance.now();
  const res = await fetch(`${api}/imagenes/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: fd,
  });
  const uploadMs = performance.now() - t0;
  const body = (await res.json()) as { width?: number; height?: number; error?: string };
  loop.disable();
  done = true;
  await pinger;
  global.gc?.();
  await sleep(2000);
  const rssAfter = process.memoryUsage().rss;
  console.log(
    JSON.stringify({
      status: res.status,
      size: body.width ? `${body.width}x${body.height}` : body.error,
      uploadMs: Math.round(uploadMs),
      maxEventLoopDelayMs: Math.round(loop.max / 1e6),
      slowestHealthMs: Math.round(slowestHealth),
      rssBeforeMB: Math.round(rssBefore / MB),
      rssPeakMB: Math.round(peak / MB),
      rssAfterMB: Math.round(rssAfter / MB),
    }),
  );
} finally {
  await running.close();
  await fs.rm(dir, { recursive: true, force: true });
}
