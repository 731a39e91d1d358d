import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server';
import { readError } from '../../test-support/json';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self'; font-src 'self'; connect-src 'self' https://api.emailjs.com; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";
const JS = `console.log(${JSON.stringify('hola '.repeat(2000))});\n`;

describe('the built website', () => {
  let s: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'cabana-dist-'));
    await mkdir(join(dist, 'assets'));
    await mkdir(join(dist, 'planes'));
    await mkdir(join(dist, 'video'));
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><html lang="es"><title>Inicio</title><h1>Inicio</h1></html>',
    );
    await writeFile(join(dist, '404.html'), '<!doctype html><html lang="es"><h1>Página no encontrada</h1></html>');
    await mkdir(join(dist, 'admin'));
    await writeFile(join(dist, 'admin', 'index.html'), '<!doctype html><html lang="es"><h1>Panel</h1></html>');
    await writeFile(join(dist, 'planes', 'index.html'), '<!doctype html><html lang="es"><h1>Planes</h1></html>');
    await writeFile(join(dist, 'assets', 'index-abc123.js'), JS);
    await writeFile(join(dist, 'assets', 'index-abc123.js.map'), '{"sources":["secret.ts"]}');
    await writeFile(join(dist, '.env'), 'VITE_SECRET=1');
    await writeFile(join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    await writeFile(join(dist, 'video', 'hero.mp4'), Buffer.alloc(10_000, 3));
    s = await startTestServer({ websiteDist: dist });
  });
  afterAll(async () => {
    await s.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves pages with the CSP and security headers, not cached', async () => {
    const res = await fetch(`${s.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('<h1>Inicio</h1>');
    expect(res.headers.get('content-security-policy')).toBe(CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('serves prerendered routes from <path>/index.html', async () => {
    for (const p of ['/planes', '/planes/']) {
      const res = await fetch(`${s.url}${p}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<h1>Planes</h1>');
    }
  });

  it('never lets the admin pages be cached', async () => {
    const res = await fetch(`${s.url}/admin`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers unknown paths with 404.html and status 404', async () => {
    const res = await fetch(`${s.url}/no-existe`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Página no encontrada');
    expect(res.headers.get('content-security-policy')).toBe(CSP);
  });

  it('never serves source maps, dotfiles or anything outside the build', async () => {
    for (const p of [
      '/assets/index-abc123.js.map',
      '/.env',
      '/%2e%2e/package.json',
      '/..%2f..%2fpackage.json',
      '/%2e%2e%2f%2e%2e%2fetc/passwd',
      '/assets/%00x',
    ]) {
      const res = await fetch(`${s.url}${p}`);
      expect(res.status, p).toBe(404);
      const text = await res.text();
      expect(text).not.toContain('secret.ts');
      expect(text).not.toContain('VITE_SECRET');
    }
  });

  it('gives hashed assets an immutable cache and compresses text (brotli, gzip)', async () => {
    const br = await fetch(`${s.url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-type')).toMatch(/^text\/javascript/);
    // fetch decodes transparently; the header shows what travelled.
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(JS);
    const raw = await new Promise<Buffer>((resolve, reject) => {
      http
        .get(`${s.url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          expect(res.headers['content-encoding']).toBe('gzip');
          expect(res.headers.vary).toMatch(/Accept-Encoding/i);
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        })
        .on('error', reject);
    });
    expect(raw.length).toBeLessThan(JS.length / 5);
    expect(zlib.gunzipSync(raw).toString()).toBe(JS);
  });

  it('answers conditional requests with 304 and byte ranges with 206', async () => {
    const first = await fetch(`${s.url}/robots.txt`);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    // node:http, not fetch: fetch adds "Cache-Control: no-cache" to conditional requests.
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get(`${s.url}/robots.txt`, { headers: { 'if-none-match': etag } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject);
    });
    expect(status).toBe(304);
    const part = await fetch(`${s.url}/video/hero.mp4`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/10000');
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect((await part.arrayBuffer()).byteLength).toBe(100);
  });

  it('keeps the API apart: JSON errors, no-store, and no data folder on the web', async () => {
    const res = await fetch(`${s.url}/api/no-existe`);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await readError(res)).code).toBe('NOT_FOUND');
    const health = await fetch(`${s.url}/api/health`);
    expect(await health.json()).toEqual({ ok: true });
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    expect(health.headers.get('access-control-allow-origin')).toBeNull();
    const cors = await fetch(`${s.url}/api/sesion`, { headers: { origin: 'https://evil.example' } });
    expect(cors.headers.get('access-control-allow-origin')).toBeNull();
    expect(cors.headers.get('access-control-allow-credentials')).toBeNull();
    for (const p of ['/db.json', '/data/db.json', '/images/']) expect((await fetch(`${s.url}${p}`)).status).toBe(404);
  });
});

describe('without a website build', () => {
  it('serves a minimal Spanish page at / and 404 elsewhere', async () => {
    const s = await startTestServer();
    try {
      const res = await fetch(`${s.url}/`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('lang="es"');
      expect(html).toMatch(/Cabaña/);
      expect(res.headers.get('content-security-policy')).toBe(CSP);
      expect(html).not.toMatch(/<script/);
      expect((await fetch(`${s.url}/planes`)).status).toBe(404);
    } finally {
      await s.close();
    }
  });
});
