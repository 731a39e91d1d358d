import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { startTestServer, type TestServer } from '../../test-support/server';
import { bearer, json, sameSite } from './helpers/http';
import { readError, readJson } from '../../test-support/json';
import { PriceSchema } from '@cabana/shared/domain/schemas/price';

describe('price per person', () => {
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => {
    s = await startTestServer();
    cookie = await s.loginCookie();
  });
  afterAll(() => s.close());

  it('starts at the business default and is public to read', async () => {
    const res = await json(s, 'GET', '/precioPersona/precio');
    expect(res.status).toBe(200);
    // Public data: kept by browsers and CDNs but revalidated with its ETag every time.
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({ precio: BUSINESS.defaultPricePerPerson });
  });

  it('lets the admin change it (cookie from our own pages, or bearer token)', async () => {
    let res = await json(s, 'PATCH', '/precioPersona/precio', { precio: 95_000 }, sameSite(s, cookie));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ precio: 95_000 });
    const token = await s.loginToken();
    res = await json(s, 'PATCH', '/precioPersona/precio', { precio: 97_000 }, bearer(token));
    expect(await res.json()).toEqual({ precio: 97_000 });
    expect(await (await json(s, 'GET', '/precioPersona/precio')).json()).toEqual({ precio: 97_000 });
  });

  it('refuses without a session (401) and from a foreign origin (403)', async () => {
    let res = await json(s, 'PATCH', '/precioPersona/precio', { precio: 1_500 });
    expect(res.status).toBe(401);
    expect((await readError(res)).code).toBe('UNAUTHENTICATED');
    res = await json(
      s,
      'PATCH',
      '/precioPersona/precio',
      { precio: 1_500 },
      { cookie, origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    const refused = await readError(res);
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.error).toMatch(/otro sitio/);
    res = await json(
      s,
      'PATCH',
      '/precioPersona/precio',
      { precio: 1_500 },
      { cookie, 'sec-fetch-site': 'cross-site' },
    );
    expect(res.status).toBe(403);
    expect(await (await json(s, 'GET', '/precioPersona/precio')).json()).toEqual({ precio: 97_000 });
  });

  it.each([
    ['NaN as a string', '{"precio":"NaN"}'],
    ['"12abc"', '{"precio":"12abc"}'],
    ['a numeric string', '{"precio":"90000"}'],
    ['1e309 (infinity)', '{"precio":1e309}'],
    ['a negative number', '{"precio":-5000}'],
    ['decimals', '{"precio":80000.5}'],
    ['zero', '{"precio":0}'],
    ['above the maximum', `{"precio":${BUSINESS.priceMax + 1}}`],
    ['below the minimum', `{"precio":${BUSINESS.priceMin - 1}}`],
    ['null', '{"precio":null}'],
    ['an unknown extra key', '{"precio":90000,"admin":true}'],
    ['no field', '{}'],
    ['broken JSON', '{"precio":'],
  ])('rejects %s with 400 in Spanish and keeps the stored price', async (_label, body) => {
    const before = (await readJson(await json(s, 'GET', '/precioPersona/precio'), PriceSchema)).precio;
    const res = await json(s, 'PATCH', '/precioPersona/precio', body, sameSite(s, cookie));
    expect(res.status).toBe(400);
    const err = await readError(res);
    expect(err.code).toBe('VALIDATION');
    expect(err.error).toMatch(/precio|datos|solicitud|Campo/i);
    expect(err.error).not.toMatch(/Invalid|Expected|stack|at /);
    expect((await readJson(await json(s, 'GET', '/precioPersona/precio'), PriceSchema)).precio).toBe(before);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await fetch(`${s.apiUrl}/precioPersona/precio`, {
      method: 'PATCH',
      headers: { ...sameSite(s, cookie), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'precio=90000',
    });
    expect(res.status).toBe(415);
  });

  it('keeps the price across a restart on the same data folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cabana-price-'));
    try {
      const a = await startTestServer({ dataDir: dir });
      await json(a, 'PATCH', '/precioPersona/precio', { precio: 123_000 }, bearer(await a.loginToken()));
      await a.close();
      const b = await startTestServer({ dataDir: dir });
      expect(await (await json(b, 'GET', '/precioPersona/precio')).json()).toEqual({ precio: 123_000 });
      await b.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
