/**
 * HTTP throughput of the real server against references measured in the same run:
 *   tsx server/bench/http.ts [--json out.json]
 * Our server, a minimal Koa + @koa/router app and bare node:http each run in their own process
 * and send the same bytes (fetched from our server first); autocannon, 50 connections, runs in
 * yet another process. The data folder holds 24 published 12-MP photos.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededDataDir } from '../fixtures/seeded-data';
import { load, startChild, type LoadResult } from './processes';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 50;

export interface HttpCase {
  name: string;
  path: string;
  headers: Record<string, string>;
  bytes: number;
  contentEncoding: string | undefined;
  ours: LoadResult;
  koa: LoadResult;
  bare: LoadResult;
}

export interface HttpResults {
  connections: number;
  seconds: number;
  rounds: number;
  photos: number;
  cases: HttpCase[];
}

interface Fetched {
  body: Buffer;
  type: string;
  encoding: string | undefined;
}

/** The exact bytes a client gets (node:http does not decode them, unlike fetch). */
function fetchRaw(url: string, headers: Record<string, string>): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode}`));
          resolve({
            body: Buffer.concat(chunks),
            type: String(res.headers['content-type'] ?? 'application/octet-stream'),
            encoding: res.headers['content-encoding'],
          });
        });
      })
      .on('error', reject);
  });
}

const best = (runs: LoadResult[]): LoadResult => runs.reduce((a, b) => (b.rps > a.rps ? b : a));

export async function benchHttp(websiteDist: string | undefined, log = console.log): Promise<HttpResults> {
  const dataDir = await seededDataDir(24, log);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'cabana-bench-http-'));
  const ours = await startChild<{ url: string; pid: number }>(path.join(here, 'server-child.ts'), [
    dataDir,
    ...(websiteDist ? [websiteDist] : []),
  ]);
  const cases: HttpCase[] = [];
  try {
    const plan: { name: string; path: string; headers: Record<string, string> }[] = [
      { name: 'GET /api/imagenes', path: '/api/imagenes', headers: {} },
      { name: 'GET /api/imagenes (br)', path: '/api/imagenes', headers: { 'accept-encoding': 'br, gzip' } },
      { name: 'GET /', path: '/', headers: {} },
      { name: 'GET / (br)', path: '/', headers: { 'accept-encoding': 'br, gzip' } },
    ];
    // BENCH_ONLY="/api/imagenes" measures only the cases whose name contains it.
    for (const c of plan.filter((p) => !process.env.BENCH_ONLY || p.name.includes(process.env.BENCH_ONLY))) {
      const got = await fetchRaw(ours.info.url + c.path, c.headers);
      const bodyFile = path.join(tmp, `${cases.length}.body`);
      await fs.writeFile(bodyFile, got.body);
      const refArgs = [c.path, bodyFile, got.type, ...(got.encoding ? [got.encoding] : [])];
      const koa = await startChild<{ url: string; pid: number }>(path.join(here, 'reference-server.ts'), [
        'koa',
        ...refArgs,
      ]);
      const bare = await startChild<{ url: string; pid: number }>(path.join(here, 'reference-server.ts'), [
        'bare',
        ...refArgs,
      ]);
      try {
        const runs: Record<'ours' | 'koa' | 'bare', LoadResult[]> = { ours: [], koa: [], bare: [] };
        const targets = { ours: ours.info, koa: koa.info, bare: bare.info };
        for (const { url } of Object.values(targets)) {
          await load(url + c.path, { connections: CONNECTIONS, seconds: 2, headers: c.headers });
        }
        for (let round = 0; round < ROUNDS; round++) {
          // Alternate the order so a neighbour's burst of work does not always land on the same one.
          const order: (keyof typeof runs)[] = round % 2 === 0 ? ['ours', 'koa', 'bare'] : ['bare', 'koa', 'ours'];
          for (const k of order) {
            runs[k].push(
              await load(targets[k].url + c.path, {
                connections: CONNECTIONS,
                seconds: SECONDS,
                headers: c.headers,
                pid: targets[k].pid,
              }),
            );
          }
        }
        const result: HttpCase = {
          ...c,
          bytes: got.body.length,
          contentEncoding: got.encoding,
          ours: best(runs.ours),
          koa: best(runs.koa),
          bare: best(runs.bare),
        };
        cases.push(result);
        const f = (r: LoadResult) =>
          `${(r.rps / 1000).toFixed(1)}k rps, p99 ${r.p99} ms, ${r.cpuUsPerRequest?.toFixed(0) ?? '?'} µs CPU/req`;
        log(
          `${c.name.padEnd(24)} ${String(result.bytes).padStart(7)} B  ours ${f(result.ours)} | koa ${f(result.koa)} | bare ${f(result.bare)}` +
            (result.ours.non2xx || result.ours.errors
              ? `  (ours: ${result.ours.non2xx} non-2xx, ${result.ours.errors} errors)`
              : ''),
        );
      } finally {
        await koa.stop();
        await bare.stop();
      }
    }
  } finally {
    await ours.stop();
    await fs.rm(tmp, { recursive: true, force: true });
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  return { connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, photos: 24, cases };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const jsonIndex = process.argv.indexOf('--json');
  const dist = process.env.WEBSITE_DIST;
  const results = await benchHttp(dist);
  if (jsonIndex > 0) await fs.writeFile(process.argv[jsonIndex + 1]!, JSON.stringify(results, null, 2));
}
