import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, TEST_ADMIN, TEST_ENV } from '../../test-support/server';
import { launchServer, processUsage, type LaunchedServer } from '../../test-support/built-server';
import { readJson, WithIdSchema } from '../../test-support/json';
import { bearer, formToken, json, upload } from './helpers/http';
import { longRuns } from '../../test-support/runs';
import { jpegWithGps } from './helpers/fixtures';

type Kind = 'page' | 'api read' | 'enquiry' | 'upload' | 'delete';

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? 0;
const median = (xs: number[]) => quantile(xs, 0.5);
const mb = (bytes: number) => (bytes / 1048576).toFixed(0);

/**
 * A short run in `npm test`, a minute in `npm run test:slow`, SOAK_MINUTES (10 by default) in
 * `npm run test:soak`.
 */
const minutes = Number(process.env.SOAK_MINUTES);
const DURATION = minutes > 0 ? minutes * 60_000 : longRuns() ? 60_000 : 5_000;

describe('soak: the built server under pages, API reads, enquiries and uploads together', () => {
  let server: LaunchedServer;
  let dataDir: string;
  let dist: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cabana-soak-'));
    dist = await mkdtemp(join(tmpdir(), 'cabana-soak-dist-'));
    await writeFile(
      join(dist, 'index.html'),
      `<!doctype html><html lang="es"><h1>Inicio</h1>${'<p>texto</p>'.repeat(500)}</html>`,
    );
    // As in production: node server/dist/main.js under the launcher, in its own process, so its
    // memory and open files are the server's alone.
    server = await launchServer({
      ...TEST_ENV,
      ENQUIRIES_PER_CLIENT: '1000000',
      ENQUIRIES_GLOBAL: '1000000',
      DATA_DIR: dataDir,
      WEBSITE_DIST: dist,
    });
  });
  afterAll(async () => {
    if (server && server.proc.exitCode === null) {
      server.proc.kill('SIGTERM');
      await new Promise((r) => server.proc.once('exit', r));
    }
    await rm(dataDir, { recursive: true, force: true });
    await rm(dist, { recursive: true, force: true });
  });

  it(
    'holds latency, memory and open files flat, with no 5xx',
    async () => {
      const site = { apiUrl: `${server.url}/api` };
      const token = await adminToken(server.url, TEST_ADMIN);
      const photo = await jpegWithGps(1400, 1000);
      const statuses = new Map<number, number>();
      const latencies: Array<{ kind: Kind; at: number; ms: number }> = [];
      let started = 0;
      const timed = async (kind: Kind, request: () => Promise<Response>): Promise<Response> => {
        const t0 = performance.now();
        const res = await request();
        const body = await res.arrayBuffer();
        latencies.push({ kind, at: Date.now() - started, ms: performance.now() - t0 });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        return new Response(res.status === 204 ? null : body, { status: res.status, headers: res.headers });
      };
      const running = () => Date.now() - started < DURATION;

      // Warm up once so lazy initialisation does not count as growth.
      await upload(site, photo, { headers: bearer(token) });
      await fetch(`${server.url}/`).then((r) => r.arrayBuffer());
      started = Date.now();
      // Sampled once the load is running (sockets open, buffers warm), compared with the end.
      let first: { rss: number; fds: number } | undefined;
      const sampler = setTimeout(() => (first = processUsage(server.serverPid)), DURATION / 3);

      const readers = Array.from({ length: 6 }, async (_, i) => {
        const paths = ['/', '/api/imagenes', '/api/precioPersona/precio', '/api/disponibilidad'];
        for (let n = i; running(); n++) {
          const path = paths[n % paths.length]!;
          await timed(path === '/' ? 'page' : 'api read', () =>
            fetch(`${server.url}${path}`, { headers: { 'accept-encoding': 'br' } }),
          );
        }
      });
      const enquirer = (async () => {
        while (running()) {
          const formTokenValue = await formToken(site);
          await timed('enquiry', () =>
            json(site, 'POST', '/consultas', {
              type: 'contacto',
              name: 'Juan',
              email: 'juan@example.com',
              message: '¿Tienen parqueadero?',
              consent: true,
              formToken: formTokenValue,
            }),
          );
          // Visitors, not a flood: about five a second.
          await new Promise((r) => setTimeout(r, 200));
        }
      })();
      // Each photo is deleted again, so the data folder stays the same size however long the run.
      const uploaders = Array.from({ length: 2 }, async () => {
        while (running()) {
          const res = await timed('upload', () => upload(site, photo, { headers: bearer(token) }));
          if (res.status !== 201) continue;
          const { id } = await readJson(res, WithIdSchema);
          await timed('delete', () => json(site, 'DELETE', `/imagenes/${id}`, undefined, bearer(token)));
        }
      });
      await Promise.all([...readers, enquirer, ...uploaders]);
      clearTimeout(sampler);
      const last = processUsage(server.serverPid);

      const of = (kind: Kind) => latencies.filter((l) => l.kind === kind).map((l) => l.ms);
      const line = (kind: Kind) => {
        const xs = of(kind);
        return `${kind.padEnd(9)} ${String(xs.length).padStart(6)}  p50 ${median(xs).toFixed(0)} ms, p95 ${quantile(xs, 0.95).toFixed(0)} ms, p99 ${quantile(xs, 0.99).toFixed(0)} ms`;
      };
      console.log(
        [
          `soak of the built server, ${(DURATION / 60_000).toFixed(1)} min: statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
          ...(['page', 'api read', 'enquiry', 'upload', 'delete'] as const).map(line),
          `server RSS ${mb(first?.rss ?? 0)} → ${mb(last.rss)} MB, open files ${first?.fds} → ${last.fds}`,
        ].join('\n  '),
      );

      expect([...statuses].filter(([st]) => st >= 500)).toEqual([]);
      expect(statuses.get(201) ?? 0).toBeGreaterThan(2);
      expect(of('enquiry').length).toBeGreaterThan(1);
      expect(statuses.get(204) ?? 0).toBeGreaterThan(0);
      const reads = latencies.filter((l) => l.kind === 'page' || l.kind === 'api read');
      const early = reads.filter((l) => l.at < DURATION / 3).map((l) => l.ms);
      const late = reads.filter((l) => l.at > (2 * DURATION) / 3).map((l) => l.ms);
      // Flat: the last third is not markedly slower than the first (image work is queued, not piled
      // up). Medians, because other test files share these two cores and make single requests jump.
      expect(early.length).toBeGreaterThan(20);
      expect(late.length).toBeGreaterThan(20);
      expect(median(late)).toBeLessThan(median(early) * 3 + 50);
      expect(first).toBeDefined();
      expect(last.fds - first!.fds).toBeLessThan(10);
      expect(last.rss - first!.rss).toBeLessThan(120 * 1024 * 1024);
      expect(server.proc.exitCode).toBeNull();
    },
    DURATION + 60_000,
  );
});
