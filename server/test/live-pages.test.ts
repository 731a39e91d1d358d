import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityWindowEnd } from '@cabana/shared/domain/availability/calendar-window';
import { addDays, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { readEnv } from '../src/env';
import { startServer } from '../src/start';
import { TEST_ENV, startTestServer, type TestServer } from '../../test-support/server';
import { bearer, json, upload } from './helpers/http';
import { jpegWithGps } from './helpers/fixtures';
import { storedBooking } from '../../test-support/booking-records';

/**
 * A stand-in for the website's server build (website/dist-server/render.js): it shows the data
 * it was given and counts its renders, so these tests see what the server caches and when.
 * The real build is tested over HTTP in website/e2e/live-pages.test.ts.
 */
const FAKE_RENDERER = `
export const publicPaths = ['/', '/planes', '/galeria', '/privacidad'];
export const notFoundPath = '/pagina-no-encontrada';
export const calls = [];
export function isGuestBookingPath(path) {
  return path.startsWith('/reserva/') ? path.slice('/reserva/'.length) : undefined;
}
export async function renderPage(url, data) {
  calls.push(url);
  if (globalThis.__failNextRender) {
    globalThis.__failNextRender = false;
    throw new Error('render failed');
  }
  const page = publicPaths.includes(url);
  const items = data.images.map((i) => '<li>' + i.title + '</li>').join('');
  return {
    status: page ? 200 : 404,
    html: '<!doctype html><html lang="es"><body><h1>' + (page ? url : 'Página no encontrada') + '</h1>' +
      '<p id="precio">' + data.price + '</p><ul>' + items + '</ul>' +
      '<p id="disponibilidad">' + data.availability.from + ' ' + data.availability.to + ' ' +
      data.availability.blocked.map((b) => b.start + '/' + b.end).join(',') + '</p>' +
      '<p id="temporadas">' + data.seasons.base.minNights + ' ' +
      data.seasons.seasons.map((t) => t.name + ':' + t.start + '/' + t.end + ':' + t.pricePerPerson).join(',') + '</p>' +
      '<p id="conservacion">' + data.enquiryRetentionMonths + ' meses</p>' +
      '<p id="fotos-pendientes">' + data.pendingPhotoRetentionDays + ' días</p>' +
      '<p id="huespedes">' + data.guestsHosted + '</p>' +
      '<p id="encargados">' + data.mailHost + ' ' + data.onlinePayment + '</p>' +
      '<p>' + 'relleno '.repeat(300) + '</p></body></html>',
  };
}
`;

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** node:http, not fetch: fetch decodes bodies and adds `Cache-Control: no-cache` to conditional requests. */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const text = (r: Raw) =>
  (r.headers['content-encoding'] === 'br'
    ? zlib.brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip'
      ? zlib.gunzipSync(r.body)
      : r.body
  ).toString('utf8');

describe("public pages rendered from the store by the website's server build", () => {
  let s: TestServer;
  let dist: string;
  let admin: string;
  let calls: string[];

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'cabana-pages-'));
    await mkdir(join(dist, 'login'), { recursive: true });
    await mkdir(join(dist, 'admin'), { recursive: true });
    await mkdir(join(dist, 'assets'));
    await mkdir(`${dist}-server`);
    await writeFile(join(dist, 'index.html'), '<!doctype html><html lang="es"><h1>Plantilla</h1></html>');
    await writeFile(join(dist, 'login', 'index.html'), '<!doctype html><html lang="es"><h1>Entrar</h1></html>');
    await writeFile(join(dist, 'admin', 'index.html'), '<!doctype html><html lang="es"><h1>Panel</h1></html>');
    await writeFile(join(dist, 'assets', 'app-1234.js'), 'console.log(1);\n');
    await writeFile(join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    const entry = join(`${dist}-server`, 'render.js');
    await writeFile(entry, FAKE_RENDERER);
    // The server finds it beside WEBSITE_DIST (`<dist>-server/render.js`) without being told.
    // A retention other than the built-in one, which /privacidad must state (issue 12, item 14).
    s = await startTestServer({
      websiteDist: dist,
      // An SMTP server /privacidad names by its host, never with the URL's password (issue 35).
      env: {
        ENQUIRY_RETENTION_MONTHS: '12',
        PENDING_PHOTO_RETENTION_DAYS: '14',
        SMTP_URL: 'smtp://cabana:la-clave-secreta@smtp.sendgrid.net:587',
      },
    });
    admin = await s.loginToken();
    ({ calls } = (await import(pathToFileURL(entry).href)) as { calls: string[] });
  });
  afterAll(async () => {
    await s?.close();
    await rm(dist, { recursive: true, force: true });
    await rm(`${dist}-server`, { recursive: true, force: true });
  });

  it('limits the private page’s look-ups per client with a Spanish 429 (issue 28, item 13)', async () => {
    const limited = await startTestServer({ websiteDist: dist, env: { GUEST_LINK_LOOKUPS_PER_CLIENT: '2' } });
    try {
      const page = (t: string) => raw(`${limited.url}/reserva/ABCDEFGH${t}`);
      // A page without a secret looks nothing up, and costs nothing.
      for (let i = 0; i < 3; i++) expect((await page('')).status).toBe(404);
      for (let i = 0; i < 2; i++) {
        const r = await page(`?t=${'A'.repeat(43)}`);
        expect(r.status).toBe(404);
        expect(r.headers['referrer-policy']).toBe('no-referrer');
      }
      const third = await page(`?t=${'A'.repeat(43)}`);
      expect(third.status).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(third.headers['referrer-policy']).toBe('no-referrer');
      expect(text(third)).toMatch(/^Abriste el enlace de la reserva muchas veces/);
    } finally {
      await limited.close();
    }
  });

  it('renders each page once per data version, compressed, with an ETag and no-cache', async () => {
    const before = calls.length;
    const br = await raw(`${s.url}/planes`, { 'accept-encoding': 'br, gzip' });
    expect(br.status).toBe(200);
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(br.headers['content-security-policy']).toContain("script-src 'self'");
    expect(text(br)).toContain('<p id="precio">80000</p>');
    const gz = await raw(`${s.url}/planes`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await raw(`${s.url}/planes`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(text(gz)).toBe(text(br));
    expect(text(plain)).toBe(text(br));
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 5);
    // One ETag for the three encodings of the same page, and a single render for all of them.
    expect(gz.headers.etag).toBe(br.headers.etag);
    expect(plain.headers.etag).toBe(br.headers.etag);
    expect(calls.slice(before)).toEqual(['/planes']);
    // A trailing slash is the same page (and the same cached render).
    expect(text(await raw(`${s.url}/planes/`))).toBe(text(plain));
    expect(calls.slice(before)).toEqual(['/planes']);
  });

  it('sends a page again from memory exactly as the app does (headers, body, 304, HEAD), and never stale', async () => {
    const comparable = (r: Raw) => {
      const { date: _d, connection: _c, 'keep-alive': _k, ...rest } = r.headers;
      return rest;
    };
    for (const headers of [{}, { 'accept-encoding': 'gzip, deflate, br' }] as Record<string, string>[]) {
      // The second anonymous request comes from the replay cache; one with a session cookie always
      // goes through the app, so the two can be compared.
      await raw(`${s.url}/`, headers);
      const replayed = await raw(`${s.url}/`, headers);
      const fromApp = await raw(`${s.url}/`, { ...headers, cookie: 'sid=unknown' });
      expect(replayed.status).toBe(200);
      expect(comparable(replayed)).toEqual(comparable(fromApp));
      expect(replayed.body.equals(fromApp.body)).toBe(true);
      const head = await raw(`${s.url}/`, headers, 'HEAD');
      expect(comparable(head)).toEqual(comparable(fromApp));
      expect(head.body.length).toBe(0);
      const etag = String(replayed.headers.etag);
      const notModified = await raw(`${s.url}/`, { ...headers, 'if-none-match': etag });
      const notModifiedApp = await raw(`${s.url}/`, { ...headers, 'if-none-match': etag, cookie: 'sid=unknown' });
      expect(notModified.status).toBe(304);
      expect(comparable(notModified)).toEqual(comparable(notModifiedApp));
    }
    const before = await raw(`${s.url}/`);
    expect((await json(s, 'PATCH', '/precioPersona/precio', { precio: 126_000 }, bearer(admin))).status).toBe(200);
    const after = await raw(`${s.url}/`, { 'if-none-match': String(before.headers.etag) });
    expect(after.status).toBe(200);
    expect(text(after)).toContain('<p id="precio">126000</p>');
  });

  it('answers If-None-Match with 304, and HEAD with the headers of GET and no body', async () => {
    const get = await raw(`${s.url}/galeria`, { 'accept-encoding': 'br' });
    const etag = String(get.headers.etag);
    const notModified = await raw(`${s.url}/galeria`, { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    for (const encoding of ['br', 'gzip', '']) {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      const full = await raw(`${s.url}/galeria`, headers);
      const head = await raw(`${s.url}/galeria`, headers, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      for (const h of ['content-type', 'content-length', 'content-encoding', 'etag', 'cache-control', 'vary']) {
        expect(head.headers[h], `${encoding || 'identity'} ${h}`).toBe(full.headers[h]);
      }
      expect(Number(head.headers['content-length'])).toBe(full.body.length);
    }
  });

  it('states the retention periods the server applies (ENQUIRY_RETENTION_MONTHS, PENDING_PHOTO_RETENTION_DAYS), not the built-in ones', async () => {
    const res = await raw(`${s.url}/privacidad`);
    expect(res.status).toBe(200);
    expect(text(res)).toContain('<p id="conservacion">12 meses</p>');
    expect(text(res)).toContain('<p id="fotos-pendientes">14 días</p>');
  });

  it('gives the pages the people of completed stays only, and the mail host without the SMTP password (issue 35)', async () => {
    const page = async () => text(await raw(`${s.url}/`));
    const hosted = async () => /<p id="huespedes">(\d+)<\/p>/.exec(await page())?.[1];
    expect(await hosted()).toBe('0');
    const { store } = s.running.deps;
    const now = s.clock.now();
    // Four people each: two completed stays count, a confirmed one and a cancelled one do not.
    store.data.bookings.push(
      storedBooking(1, now, 'completada'),
      storedBooking(2, now, 'confirmada'),
      storedBooking(3, now, 'completada'),
      storedBooking(4, now, 'cancelada'),
    );
    await store.save();
    expect(await hosted()).toBe('8');
    const html = await page();
    expect(html).toContain('<p id="encargados">smtp.sendgrid.net false</p>');
    expect(html).not.toContain('la-clave-secreta');
    // Gone again: the tests below see the calendar without them.
    store.data.bookings.splice(0, Infinity);
    await store.save();
    expect(await hosted()).toBe('0');
  });

  it('shows a write in the very next response: new price, new ETag, and the old ETag gets 200', async () => {
    const first = await raw(`${s.url}/planes`);
    const oldEtag = String(first.headers.etag);
    expect((await json(s, 'PATCH', '/precioPersona/precio', { precio: 123_000 }, bearer(admin))).status).toBe(200);
    const next = await raw(`${s.url}/planes`, { 'if-none-match': oldEtag });
    expect(next.status).toBe(200);
    expect(text(next)).toContain('<p id="precio">123000</p>');
    expect(next.headers.etag).not.toBe(oldEtag);
  });

  it('shows calendar and season writes in the very next response, and moves the window with the day', async () => {
    const today = todayAtCabin(new Date(s.clock.now()));
    const shown = async () =>
      /<p id="disponibilidad">([^<]*)<\/p><p id="temporadas">([^<]*)<\/p>/.exec(text(await raw(`${s.url}/planes`)))!;
    expect((await shown())[1]).toBe(`${today} ${availabilityWindowEnd(today)} `);

    const block = await json(
      s,
      'POST',
      '/calendario/bloqueos',
      { start: addDays(today, 3), end: addDays(today, 5) },
      bearer(admin),
    );
    expect(block.status).toBe(201);
    const { id } = (await block.json()) as { id: string };
    expect((await shown())[1]).toBe(
      `${today} ${availabilityWindowEnd(today)} ${addDays(today, 3)}/${addDays(today, 5)}`,
    );

    const seasons = await json(
      s,
      'PUT',
      '/temporadas',
      {
        baseMinNights: 2,
        seasons: [
          {
            name: 'Pasada',
            start: addDays(today, -30),
            end: addDays(today, -20),
            pricePerPerson: 150_000,
            minNights: 2,
          },
          { name: 'Alta', start: addDays(today, 10), end: addDays(today, 20), pricePerPerson: 150_000, minNights: 3 },
        ],
      },
      bearer(admin),
    );
    expect(seasons.status).toBe(200);
    // A season that has ended prices nothing the page can offer.
    expect((await shown())[2]).toBe(`2 Alta:${addDays(today, 10)}/${addDays(today, 20)}:150000`);

    expect((await json(s, 'DELETE', `/calendario/bloqueos/${id}`, undefined, bearer(admin))).status).toBe(204);
    expect((await shown())[1]).toBe(`${today} ${availabilityWindowEnd(today)} `);

    // No write at all, but a new day at the cabin: the window starts on it.
    const rendersBefore = calls.length;
    await raw(`${s.url}/planes`);
    expect(calls.length).toBe(rendersBefore);
    s.clock.advance(24 * 3600_000);
    const tomorrow = addDays(today, 1);
    expect((await shown())[1]).toBe(`${tomorrow} ${availabilityWindowEnd(tomorrow)} `);
    // A day later the admin's session has ended: sign in again for the tests that follow.
    admin = await s.loginToken();
  });

  it('shows published photos in their order, and only published ones', async () => {
    const ids: string[] = [];
    for (const title of ['Primera', 'Segunda']) {
      const res = await upload(s, await jpegWithGps(300, 200), { headers: bearer(admin), fields: { title } });
      ids.push(((await res.json()) as { id: string }).id);
    }
    expect(text(await raw(`${s.url}/galeria`))).toContain('<ul><li>Primera</li><li>Segunda</li></ul>');
    await upload(s, await jpegWithGps(300, 200), { fields: { title: 'Pendiente' } });
    expect(text(await raw(`${s.url}/galeria`))).not.toContain('Pendiente');
    await json(s, 'PUT', '/imagenes/orden', { ids: [ids[1], ids[0]] }, bearer(admin));
    expect(text(await raw(`${s.url}/galeria`))).toContain('<ul><li>Segunda</li><li>Primera</li></ul>');
  });

  it('keeps its pages through writes that change nothing they show', async () => {
    const page = await raw(`${s.url}/`);
    const before = calls.length;
    // A sign-in and an enquiry both save the store.
    await s.loginCookie();
    const token = (await (await json(s, 'GET', '/consultas/token')).json()) as { token: string };
    const enquiry = await json(s, 'POST', '/consultas', {
      type: 'contacto',
      name: 'Ana Pérez',
      email: 'ana@example.com',
      message: 'Hola, ¿tienen fechas libres?',
      consent: true,
      website: '',
      formToken: token.token,
    });
    expect(enquiry.status).toBe(201);
    const again = await raw(`${s.url}/`, { 'if-none-match': String(page.headers.etag) });
    expect(again.status).toBe(304);
    expect(calls.length).toBe(before);
  });

  it('renders once for many requests that arrive together after a write', async () => {
    await json(s, 'PATCH', '/precioPersona/precio', { precio: 124_000 }, bearer(admin));
    const before = calls.length;
    const pages = await Promise.all(Array.from({ length: 8 }, () => raw(`${s.url}/`, { 'accept-encoding': 'br' })));
    expect(new Set(pages.map((p) => p.headers.etag)).size).toBe(1);
    expect(pages.every((p) => text(p).includes('124000'))).toBe(true);
    expect(calls.slice(before)).toEqual(['/']);
  });

  it("answers every other path with the site's 404 page, rendered once however many paths ask", async () => {
    const before = calls.length;
    for (const path of [
      '/no-existe',
      '/otra/cosa',
      '/.env',
      '/assets/app-1234.js.map',
      '/assets/nada.js',
      '/index.html',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const res = await raw(`${s.url}${path}`, { 'accept-encoding': 'br' }, method);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-cache');
        if (method === 'GET') expect(text(res)).toContain('Página no encontrada');
        else expect(res.body.length).toBe(0);
      }
    }
    expect(calls.slice(before)).toEqual(['/pagina-no-encontrada']);
  });

  it('leaves static files, the admin shells, the API and the media alone', async () => {
    const robots = await raw(`${s.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.body.toString()).toContain('User-agent');
    const asset = await raw(`${s.url}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const login = await raw(`${s.url}/login`);
    expect(login.status).toBe(200);
    expect(login.body.toString()).toContain('<h1>Entrar</h1>');
    expect(login.headers['cache-control']).toBe('no-store');
    // The panel's sections are routed in the browser: a deep link or a reload gets the panel's shell.
    for (const section of ['/admin', '/admin/precio', '/admin/consultas/']) {
      const shell = await raw(`${s.url}${section}`);
      expect(shell.status, section).toBe(200);
      expect(shell.body.toString()).toContain('<h1>Panel</h1>');
      expect(shell.headers['cache-control']).toBe('no-store');
      const head = await raw(`${s.url}${section}`, {}, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers['content-length']).toBe(shell.headers['content-length']);
      expect(head.body.length).toBe(0);
    }
    // Deeper paths, or other characters, are not sections: the 404 page.
    for (const other of ['/admin/precio/x', '/admin/Precio.js', '/administracion']) {
      expect((await raw(`${s.url}${other}`)).status, other).toBe(404);
    }
    const api = await raw(`${s.url}/api/no-existe`);
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    const media = await raw(`${s.url}/media/AAAAAAAAAAAAAAAA/480.avif`);
    expect(media.status).toBe(404);
    expect(media.body.toString()).not.toContain('Página no encontrada');
    // Pages are read-only.
    expect((await raw(`${s.url}/planes`, {}, 'POST')).status).not.toBe(200);
  });

  it('answers 500 when a render fails, and renders again on the next request', async () => {
    await json(s, 'PATCH', '/precioPersona/precio', { precio: 125_000 }, bearer(admin));
    (globalThis as { __failNextRender?: boolean }).__failNextRender = true;
    const failed = await raw(`${s.url}/galeria`);
    expect(failed.status).toBe(500);
    expect(failed.body.toString()).not.toContain('render failed');
    const ok = await raw(`${s.url}/galeria`);
    expect(ok.status).toBe(200);
    expect(text(ok)).toContain('125000');
  });
});

describe("the website's server build", () => {
  it('is found through WEBSITE_SERVER_ENTRY when it lives elsewhere', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cabana-entry-'));
    const entry = join(dir, 'elsewhere.js');
    await writeFile(entry, FAKE_RENDERER.replace("'/planes'", "'/planes', '/otra-pagina'"));
    const s = await startTestServer({ env: { WEBSITE_SERVER_ENTRY: entry } });
    try {
      const res = await raw(`${s.url}/otra-pagina`);
      expect(res.status).toBe(200);
      expect(text(res)).toContain('<h1>/otra-pagina</h1>');
    } finally {
      await s.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('when it cannot be loaded, the server keeps serving the static site and says why in its log', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'cabana-broken-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><html lang="es"><h1>Plantilla</h1></html>');
    await mkdir(`${dist}-server`);
    await writeFile(join(`${dist}-server`, 'render.js'), 'export const nothing = 1;\n');
    const errors: string[] = [];
    const dataDir = await mkdtemp(join(tmpdir(), 'cabana-broken-data-'));
    const env = { ...TEST_ENV, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, WEBSITE_DIST: dist };
    const running = await startServer(readEnv(env), { info: () => undefined, error: (m) => errors.push(m) });
    try {
      const res = await raw(`${running.url}/`);
      expect(res.status).toBe(200);
      expect(res.body.toString()).toContain('Plantilla');
      expect(errors.some((e) => e.includes('render.js'))).toBe(true);
    } finally {
      await running.close();
      await rm(dataDir, { recursive: true, force: true });
      await rm(dist, { recursive: true, force: true });
      await rm(`${dist}-server`, { recursive: true, force: true });
    }
  });
});
