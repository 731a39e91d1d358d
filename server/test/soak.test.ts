import { readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server';
import { bearer, upload } from './helpers/http';
import { longRuns } from '../../test-support/runs';
import { jpegWithGps } from './helpers/fixtures';

const openFiles = () => readdirSync('/proc/self/fd').length;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)] ?? 0;
const p95 = (xs: number[]) => quantile(xs, 0.95);
const median = (xs: number[]) => quantile(xs, 0.5);
/** A short run in `npm test`; `npm run test:slow` keeps the load on for a minute. */
const DURATION = longRuns() ? 60_000 : 5_000;

describe('soak: public pages while photos upload', () => {
  let s: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'cabana-soak-dist-'));
    await writeFile(
      join(dist, 'index.html'),
      `<!doctype html><html lang="es"><h1>Inicio</h1>${'<p>texto</p>'.repeat(500)}</html>`,
    );
    s = await startTestServer({ websiteDist: dist });
  });
  afterAll(async () => {
    await s.close();
    await rm(dist, { recursive: true, force: true });
  });

  it(
    'holds latency, memory and open files flat, with no 5xx',
    async () => {
      const token = await s.loginToken();
      const photo = await jpegWithGps(1400, 1000);
      const statuses = new Map<number, number>();
      const latencies: Array<{ at: number; ms: number }> = [];
      const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

      // Warm up once so lazy initialisation does not count as growth.
      await upload(s, photo, { headers: bearer(token) });
      await fetch(`${s.url}/`).then((r) => r.arrayBuffer());
      const started = Date.now();
      // Sampled once the load is running (sockets open, buffers warm), compared with the end.
      let fdsBefore = 0;
      let rssBefore = 0;
      const sampler = setTimeout(() => {
        fdsBefore = openFiles();
        rssBefore = process.memoryUsage().rss;
      }, DURATION / 3);

      const readers = Array.from({ length: 6 }, async (_, i) => {
        const paths = ['/', '/api/imagenes', '/api/precioPersona/precio'];
        let n = i;
        while (Date.now() - started < DURATION) {
          const t0 = performance.now();
          const res = await fetch(`${s.url}${paths[n++ % paths.length]}`, { headers: { 'accept-encoding': 'br' } });
          await res.arrayBuffer();
          latencies.push({ at: Date.now() - started, ms: performance.now() - t0 });
          count(res.status);
        }
      });
      const uploaders = Array.from({ length: 2 }, async () => {
        while (Date.now() - started < DURATION) {
          const res = await upload(s, photo, { headers: bearer(token) });
          await res.arrayBuffer();
          count(res.status);
        }
      });
      await Promise.all([...readers, ...uploaders]);
      clearTimeout(sampler);

      const fivexx = [...statuses].filter(([st]) => st >= 500);
      expect(fivexx).toEqual([]);
      expect(statuses.get(201) ?? 0).toBeGreaterThan(1);
      expect(latencies.length).toBeGreaterThan(100);
      const early = latencies.filter((l) => l.at < DURATION / 3).map((l) => l.ms);
      const late = latencies.filter((l) => l.at > (2 * DURATION) / 3).map((l) => l.ms);
      // Flat: the last third is not markedly slower than the first (image work is queued, not piled
      // up). Medians, because other test files share these two cores and make single requests jump.
      expect(early.length).toBeGreaterThan(20);
      expect(late.length).toBeGreaterThan(20);
      expect(median(late)).toBeLessThan(median(early) * 3 + 50);
      expect(fdsBefore).toBeGreaterThan(0);
      expect(openFiles() - fdsBefore).toBeLessThan(10);
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(120 * 1024 * 1024);
      console.log(
        `soak: ${latencies.length} reads (p95 early ${p95(early).toFixed(0)} ms, late ${p95(late).toFixed(0)} ms), ` +
          `${statuses.get(201) ?? 0} uploads, fds ${fdsBefore}→${openFiles()}, rss +${((process.memoryUsage().rss - rssBefore) / 1048576).toFixed(0)} MB`,
      );
    },
    DURATION + 60_000,
  );
});
