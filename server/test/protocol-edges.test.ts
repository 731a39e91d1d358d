import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server';
import { bearer, json, upload } from './helpers/http';
import { jpegWithGps } from './helpers/fixtures';
import { loggedErrors } from './helpers/logged';
import { parseError, readError, readJson } from '../../test-support/json';
import { PriceSchema } from '@cabana/shared/domain/schemas/price';

/** Issue 12, item 11: odd requests get the right 4xx in Spanish, never a 500 or English. */
function raw(s: TestServer, method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(`${s.url}${path}`, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('odd requests', () => {
  let s: TestServer;
  let admin: string;
  let errors: unknown[] = [];
  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.loginToken();
    // Anything the server logs as an unexpected failure lands here.
    errors = loggedErrors(s);
  });
  afterAll(() => s.close());

  it('refuse a fake Content-Encoding on JSON and multipart with 415, logging nothing', async () => {
    for (const encoding of ['gzip', 'br', 'deflate']) {
      const res = await json(s, 'PATCH', '/precioPersona/precio', '{"precio":90000}', {
        ...bearer(admin),
        'content-encoding': encoding,
      });
      expect(res.status, encoding).toBe(415);
      expect((await readError(res)).error).toMatch(/sin comprimir/);
    }
    const res = await upload(s, await jpegWithGps(200, 100), {
      headers: { ...bearer(admin), 'content-encoding': 'gzip' },
    });
    expect(res.status).toBe(415);
    expect(errors).toEqual([]);
  });

  it('say the real reason when an upload breaks a limit (not always "25 MB")', async () => {
    const jpg = await jpegWithGps(200, 100);
    const two = new FormData();
    two.append('image', new Blob([jpg]), 'a.jpg');
    two.append('image', new Blob([jpg]), 'b.jpg');
    two.set('title', 'dos');
    const reasons: string[] = [];
    const reason = async (res: Response) => {
      const text = ((await res.json()) as { error: string }).error;
      reasons.push(text);
      return text;
    };
    expect(
      await reason(await fetch(`${s.apiUrl}/imagenes/upload`, { method: 'POST', headers: bearer(admin), body: two })),
    ).toMatch(/una sola imagen/);

    const many = new FormData();
    many.set('image', new Blob([jpg]), 'a.jpg');
    for (let i = 0; i < 12; i++) many.set(`campo${i}`, 'x');
    expect(
      await reason(await fetch(`${s.apiUrl}/imagenes/upload`, { method: 'POST', headers: bearer(admin), body: many })),
    ).toMatch(/demasiados campos/);

    expect(
      await reason(await upload(s, jpg, { headers: bearer(admin), fields: { title: 'x'.repeat(20_000) } })),
    ).toMatch(/demasiado largos/);
    for (const text of reasons) expect(text).not.toMatch(/25 MB/);
  });

  it('answer TRACE and PROPFIND with a Spanish 405 and Allow, on the API and on pages', async () => {
    for (const [method, path, allow] of [
      ['TRACE', '/api/precioPersona/precio', /GET.*PATCH|PATCH.*GET/],
      ['PROPFIND', '/api/precioPersona/precio', /GET/],
      ['TRACE', '/planes', /^GET, HEAD$/],
      ['PROPFIND', '/', /^GET, HEAD$/],
      ['PUT', '/planes', /^GET, HEAD$/],
      ['DELETE', '/', /^GET, HEAD$/],
    ] as const) {
      const res = await raw(s, method, path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.allow, `${method} ${path}`).toMatch(allow);
      const body = parseError(res.body);
      expect(body.error).toMatch(/Método no permitido/);
    }
  });

  it('treat /API/... (another case) as not the API: no handler runs without the API middlewares', async () => {
    const before = (await readJson(await json(s, 'GET', '/precioPersona/precio'), PriceSchema)).precio;
    const res = await fetch(`${s.url}/API/precioPersona/precio`, {
      method: 'PATCH',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      body: JSON.stringify({ precio: before + 1000 }),
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(((await res.json()) as { error: string }).error).toMatch(/no encontrada/);
    expect((await readJson(await json(s, 'GET', '/precioPersona/precio'), PriceSchema)).precio).toBe(before);
    expect((await fetch(`${s.url}/Api/sesion`, { method: 'POST' })).status).toBe(404);
  });

  it('name fields such as constructor in the 400; refuse __proto__ in Spanish', async () => {
    let res = await json(s, 'PATCH', '/precioPersona/precio', '{"precio":90000,"constructor":1}', bearer(admin));
    expect(res.status).toBe(400);
    const err = (await res.json()) as { fields?: Record<string, string> };
    expect(err.fields).toEqual({ constructor: 'Campo no permitido.' });
    res = await json(s, 'PATCH', '/precioPersona/precio', '{"precio":90000,"__proto__":{"x":1}}', bearer(admin));
    expect(res.status).toBe(400);
    expect((await readError(res)).error).toMatch(/no es válida|no permitido/);
  });
});
