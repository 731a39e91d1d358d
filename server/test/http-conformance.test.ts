import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageSchema, type Image } from '@cabana/shared/domain/schemas/image';
import { startTestServer, type TestServer } from '../../test-support/server';
import { bearer, json, raw, upload, type RawResponse } from './helpers/http';
import { jpegWithGps } from './helpers/fixtures';
import { parseJson } from '../../test-support/json';

const JS = `console.log(${JSON.stringify('hola '.repeat(2000))});\n`;
const CSS = `body{color:#123}\n${'.c{margin:0}\n'.repeat(300)}`;
/** Made differently from what the server would make itself, so the test can tell which was sent. */
const JS_BR = zlib.brotliCompressSync(JS, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
const JS_GZ = zlib.gzipSync(JS, { level: 1 });
const VIDEO_BYTES = 10_000;

/** Headers that must be equal between HEAD and GET (Date and the connection's own are not). */
function comparable(res: RawResponse): Record<string, unknown> {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = res.headers;
  return rest;
}

describe('HTTP conformance', () => {
  let s: TestServer;
  let dist: string;
  let token: string;
  let photo: Image;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'cabana-dist-'));
    await mkdir(join(dist, 'assets'));
    await mkdir(join(dist, 'video'));
    await writeFile(
      join(dist, 'index.html'),
      `<!doctype html><html lang="es"><h1>Inicio</h1>${'<p>Mar</p>'.repeat(200)}</html>`,
    );
    await writeFile(join(dist, '404.html'), '<!doctype html><html lang="es"><h1>Página no encontrada</h1></html>');
    await writeFile(join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    await writeFile(join(dist, 'assets', 'index-abc123.js'), JS);
    await writeFile(join(dist, 'assets', 'index-abc123.js.br'), JS_BR);
    await writeFile(join(dist, 'assets', 'index-abc123.js.gz'), JS_GZ);
    await writeFile(join(dist, 'assets', 'style-abc123.css'), CSS);
    await writeFile(join(dist, 'video', 'hero.mp4'), Buffer.alloc(VIDEO_BYTES, 3));
    s = await startTestServer({ websiteDist: dist });
    token = await s.loginToken();
    const res = await upload(s, await jpegWithGps(1200, 900), { headers: bearer(token) });
    expect(res.status).toBe(201);
    photo = (await res.json()) as Image;
  });
  afterAll(async () => {
    await s.close();
    await rm(dist, { recursive: true, force: true });
  });

  describe('public JSON lists', () => {
    for (const path of ['/api/imagenes', '/api/precioPersona/precio']) {
      it(`${path}: ETag, 304 on If-None-Match in every encoding, revalidated not stored blindly`, async () => {
        for (const encoding of ['identity', 'gzip', 'br']) {
          const first = await raw(`${s.url}${path}`, 'GET', { 'accept-encoding': encoding });
          expect(first.status).toBe(200);
          const etag = String(first.headers.etag);
          expect(etag).toMatch(/^"[^"]+"$/);
          expect(first.headers['cache-control']).toBe('no-cache');
          const again = await raw(`${s.url}${path}`, 'GET', { 'accept-encoding': encoding, 'if-none-match': etag });
          expect(again.status).toBe(304);
          expect(again.body.length).toBe(0);
          expect(again.headers.etag).toBe(etag);
        }
      });
    }

    it('gives /api/imagenes a new ETag after a caption edit, an upload and a delete; the old ETag gets 200', async () => {
      const etagOf = async () => String((await raw(`${s.url}/api/imagenes`)).headers.etag);
      const before = await etagOf();
      const edit = await json(s, 'PATCH', `/imagenes/${photo.id}`, { title: 'Atardecer en el muelle' }, bearer(token));
      expect(edit.status).toBe(200);
      const afterEdit = await etagOf();
      expect(afterEdit).not.toBe(before);
      const stale = await raw(`${s.url}/api/imagenes`, 'GET', { 'if-none-match': before });
      expect(stale.status).toBe(200);
      expect(parseJson(stale.body.toString(), ImageSchema.array())[0]?.title).toBe('Atardecer en el muelle');

      const second = (await (await upload(s, await jpegWithGps(800, 600), { headers: bearer(token) })).json()) as Image;
      const afterUpload = await etagOf();
      expect(afterUpload).not.toBe(afterEdit);
      expect((await json(s, 'DELETE', `/imagenes/${second.id}`, undefined, bearer(token))).status).toBe(204);
      const afterDelete = await etagOf();
      expect(afterDelete).not.toBe(afterUpload);
      expect((await raw(`${s.url}/api/imagenes`, 'GET', { 'if-none-match': afterUpload })).status).toBe(200);
    });

    it('gives the price a new ETag after a change and keeps the list ETag when the list did not change', async () => {
      const price = await raw(`${s.url}/api/precioPersona/precio`);
      const list = await raw(`${s.url}/api/imagenes`);
      const res = await json(s, 'PATCH', '/precioPersona/precio', { precio: 123_000 }, bearer(token));
      expect(res.status).toBe(200);
      const after = await raw(`${s.url}/api/precioPersona/precio`, 'GET', {
        'if-none-match': String(price.headers.etag),
      });
      expect(after.status).toBe(200);
      expect(JSON.parse(after.body.toString())).toEqual({ precio: 123_000 });
      expect(after.headers.etag).not.toBe(price.headers.etag);
      expect((await raw(`${s.url}/api/imagenes`, 'GET', { 'if-none-match': String(list.headers.etag) })).status).toBe(
        304,
      );
    });

    it('answers from memory exactly as the app does (headers, body, 304, HEAD), and never stale', async () => {
      for (const headers of [{}, { 'accept-encoding': 'gzip, deflate, br' }] as Record<string, string>[]) {
        // The second anonymous request is sent from the replay cache; a request that carries a
        // session cookie always goes through the app, so the two can be compared.
        await raw(`${s.url}/api/imagenes`, 'GET', headers);
        const replayed = await raw(`${s.url}/api/imagenes`, 'GET', headers);
        const fromApp = await raw(`${s.url}/api/imagenes`, 'GET', { ...headers, cookie: 'sid=unknown' });
        expect(replayed.status).toBe(200);
        expect(comparable(replayed)).toEqual(comparable(fromApp));
        expect(replayed.body.equals(fromApp.body)).toBe(true);
        const etag = String(replayed.headers.etag);
        const head = await raw(`${s.url}/api/imagenes`, 'HEAD', headers);
        expect(comparable(head)).toEqual(comparable(fromApp));
        expect(head.body.length).toBe(0);
        const notModified = await raw(`${s.url}/api/imagenes`, 'GET', { ...headers, 'if-none-match': etag });
        const notModifiedApp = await raw(`${s.url}/api/imagenes`, 'GET', {
          ...headers,
          'if-none-match': etag,
          cookie: 'sid=unknown',
        });
        expect(notModified.status).toBe(304);
        expect(comparable(notModified)).toEqual(comparable(notModifiedApp));
      }
      const before = await raw(`${s.url}/api/precioPersona/precio`);
      await raw(`${s.url}/api/precioPersona/precio`);
      expect((await json(s, 'PATCH', '/precioPersona/precio', { precio: 111_000 }, bearer(token))).status).toBe(200);
      const after = await raw(`${s.url}/api/precioPersona/precio`);
      expect(JSON.parse(after.body.toString())).toEqual({ precio: 111_000 });
      expect(after.headers.etag).not.toBe(before.headers.etag);
    });

    it('keeps the admin-only lists out of every cache', async () => {
      const res = await raw(`${s.url}/api/imagenes/pendientes`, 'GET', bearer(token));
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
    });
  });

  describe('HEAD answers like GET without a body', () => {
    const cases: [string, Record<string, string>][] = [
      ['/robots.txt', {}],
      ['/', {}],
      ['/', { 'accept-encoding': 'br' }],
      ['/assets/index-abc123.js', {}],
      ['/assets/index-abc123.js', { 'accept-encoding': 'gzip' }],
      ['/assets/style-abc123.css', { 'accept-encoding': 'br' }],
      ['/video/hero.mp4', {}],
      ['/video/hero.mp4', { range: 'bytes=0-99' }],
      ['/api/imagenes', {}],
      ['/api/imagenes', { 'accept-encoding': 'br' }],
      ['/api/precioPersona/precio', {}],
      ['/api/health', {}],
      ['/no-existe', {}],
      ['/assets/no-existe.js', {}],
      ['/api/no-existe', {}],
      ['/media/AAAAAAAAAAAAAAAAAAAAAAAA/480.webp', {}],
    ];
    for (const [path, headers] of cases) {
      it(`${path} ${JSON.stringify(headers)}`, async () => {
        const get = await raw(`${s.url}${path}`, 'GET', headers);
        const head = await raw(`${s.url}${path}`, 'HEAD', headers);
        expect(head.status).toBe(get.status);
        expect(comparable(head)).toEqual(comparable(get));
        expect(head.body.length).toBe(0);
        expect(Number(get.headers['content-length'])).toBe(get.body.length);
      });
    }

    it('on media files', async () => {
      for (const v of photo.variants) {
        const get = await raw(new URL(v.url, s.url).href);
        const head = await raw(new URL(v.url, s.url).href, 'HEAD');
        expect(get.status).toBe(200);
        expect(head.status).toBe(200);
        expect(comparable(head)).toEqual(comparable(get));
        expect(head.body.length).toBe(0);
        expect(Number(head.headers['content-length'])).toBe(get.body.length);
      }
    });

    it('gives real 404s to unknown pages, assets and media', async () => {
      for (const path of ['/no-existe', '/assets/no-existe.js', `/media/${photo.id}/9999.webp`]) {
        for (const method of ['GET', 'HEAD']) expect((await raw(`${s.url}${path}`, method)).status, path).toBe(404);
      }
    });
  });

  describe('byte ranges', () => {
    it('answers an unsatisfiable range with 416 and the real size, cached nowhere', async () => {
      for (const method of ['GET', 'HEAD']) {
        for (const range of [`bytes=${VIDEO_BYTES}-`, `bytes=${VIDEO_BYTES + 5}-${VIDEO_BYTES + 10}`, 'bytes=-0']) {
          const res = await raw(`${s.url}/video/hero.mp4`, method, { range });
          expect(res.status, `${method} ${range}`).toBe(416);
          expect(res.headers['content-range']).toBe(`bytes */${VIDEO_BYTES}`);
          expect(res.headers['cache-control']).toBe('no-store');
          expect(res.body.length).toBe(0);
        }
      }
      const media = await raw(new URL(photo.secure_url, s.url).href, 'GET', { range: 'bytes=99999999-' });
      expect(media.status).toBe(416);
      expect(media.headers['cache-control']).toBe('no-store');
    });

    it('sends the whole file when If-Range no longer matches, the range when it does', async () => {
      const full = await raw(`${s.url}/video/hero.mp4`);
      const etag = String(full.headers.etag);
      const lastModified = String(full.headers['last-modified']);
      const range = { range: 'bytes=100-199' };
      for (const stale of ['"0-0"', `W/${etag}`, 'Tue, 01 Jan 2019 00:00:00 GMT']) {
        const res = await raw(`${s.url}/video/hero.mp4`, 'GET', { ...range, 'if-range': stale });
        expect(res.status, stale).toBe(200);
        expect(res.body.length).toBe(VIDEO_BYTES);
        expect(res.headers['content-range']).toBeUndefined();
      }
      for (const current of [etag, lastModified]) {
        const res = await raw(`${s.url}/video/hero.mp4`, 'GET', { ...range, 'if-range': current });
        expect(res.status, current).toBe(206);
        expect(res.headers['content-range']).toBe(`bytes 100-199/${VIDEO_BYTES}`);
        expect(res.body.length).toBe(100);
      }
    });
  });

  describe('compression', () => {
    it('sends the precompressed .br and .gz of the build with Content-Encoding and Vary', async () => {
      for (const [encoding, bytes] of [
        ['br', JS_BR],
        ['gzip', JS_GZ],
      ] as const) {
        const res = await raw(`${s.url}/assets/index-abc123.js`, 'GET', { 'accept-encoding': encoding });
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toMatch(/Accept-Encoding/i);
        expect(res.headers['content-type']).toMatch(/^text\/javascript/);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.body.equals(bytes)).toBe(true);
      }
      const plain = await raw(`${s.url}/assets/index-abc123.js`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
      expect(plain.body.toString()).toBe(JS);
    });

    it('gives each encoding its own ETag and answers 304 for it', async () => {
      const tags = new Set<string>();
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await raw(`${s.url}/assets/style-abc123.css`, 'GET', { 'accept-encoding': encoding });
        const etag = String(res.headers.etag);
        tags.add(etag);
        const again = await raw(`${s.url}/assets/style-abc123.css`, 'GET', {
          'accept-encoding': encoding,
          'if-none-match': etag,
        });
        expect(again.status).toBe(304);
      }
      expect(tags.size).toBe(3);
    });

    it('compresses pages, JSON and CSS with brotli and gzip', async () => {
      for (const path of ['/', '/api/imagenes', '/assets/style-abc123.css']) {
        const br = await raw(`${s.url}${path}`, 'GET', { 'accept-encoding': 'br, gzip' });
        expect(br.headers['content-encoding'], path).toBe('br');
        const gz = await raw(`${s.url}${path}`, 'GET', { 'accept-encoding': 'gzip' });
        expect(gz.headers['content-encoding'], path).toBe('gzip');
        expect(zlib.brotliDecompressSync(br.body).equals(zlib.gunzipSync(gz.body))).toBe(true);
      }
    });

    it('lets pages be kept only with revalidation, hashed assets and media forever', async () => {
      const page = await raw(`${s.url}/`);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers.etag).toBeTruthy();
      expect((await raw(`${s.url}/assets/index-abc123.js`)).headers['cache-control']).toBe(
        'public, max-age=31536000, immutable',
      );
      // Media: browsers keep it forever, shared caches only briefly so that a delete withdraws it.
      expect((await raw(new URL(photo.secure_url, s.url).href)).headers['cache-control']).toBe(
        'public, max-age=31536000, s-maxage=600, immutable',
      );
    });
  });
});
