import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PATHS } from '../src/config/paths';
import { PHONE, PHONE_PHOTO_GRAIN, makeJpeg, startSite, uploadAsAdmin, type Site } from './helpers';

/**
 * Byte budgets of issue 9. Byte counts do not depend on the machine's speed, so they are tests;
 * the time budgets live in `npm run bench`.
 */
const KB = 1024;
/** JavaScript (gzip -9 of each file) that a first visit loads on any public page. */
const JS_BUDGET = 80 * KB;
/** Everything a 390×844 phone at DPR 2 downloads for the first screen of /galeria. */
const GALLERY_FIRST_SCREEN_BUDGET = 400 * KB;
/**
 * Published 12-MP photos. The first screen plus what Chromium fetches ahead for lazy images ends
 * well before the last of them (asserted below), so 24 photos would download exactly the same.
 */
const PHOTOS = 9;

let site: Site;

beforeAll(async () => {
  site = await startSite();
  const cookie = await site.server.loginCookie();
  for (let i = 0; i < PHOTOS; i++) {
    const photo = await makeJpeg(4000, 3000, i * 0.7, PHONE_PHOTO_GRAIN);
    await uploadAsAdmin(site.server, cookie, photo, `Foto ${i + 1}`, `Rincón número ${i + 1} de la cabaña`);
  }
  // Each 12-MP photo takes seconds through the real pipeline, more on a busy machine.
}, 900_000);
afterAll(async () => {
  await site?.close();
});

describe('byte budgets', () => {
  it(`a first visit loads at most ${JS_BUDGET / KB} KB of JavaScript (gzip) on every public page`, async () => {
    const report: string[] = [];
    for (const path of PUBLIC_PATHS) {
      // A new context each time: nothing cached, as on a first visit.
      const context = await site.browser.newContext(PHONE);
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.add(req.url());
      });
      await page.goto(site.server.url + path, { waitUntil: 'networkidle' });
      await context.close();
      let total = 0;
      // Bodies read again from the server: DevTools may drop its copy on a busy machine.
      for (const url of scripts) {
        const res = await fetch(url);
        expect(res.status, url).toBe(200);
        total += gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
      }
      report.push(`${path} ${(total / KB).toFixed(1)} KB in ${scripts.size} files`);
      expect(scripts.size, path).toBeGreaterThan(0);
      expect(total, `${path}: ${(total / KB).toFixed(1)} KB`).toBeLessThanOrEqual(JS_BUDGET);
    }
    console.log(`[presupuesto] JavaScript por página (gzip): ${report.join('; ')}`);
  });

  it(`the first screen of /galeria on a 390-px DPR-2 phone is at most ${GALLERY_FIRST_SCREEN_BUDGET / KB} KB`, async () => {
    const context = await site.browser.newContext(PHONE);
    const page = await context.newPage();
    const responses: Promise<{ url: string; bytes: number }>[] = [];
    page.on('requestfinished', (req) => {
      // Bytes on the wire: headers plus the (compressed) body.
      responses.push(req.sizes().then((s) => ({ url: req.url(), bytes: s.responseHeadersSize + s.responseBodySize })));
    });
    await page.goto(site.server.url + '/galeria', { waitUntil: 'networkidle' });
    const loaded = await Promise.all(responses);
    await context.close();
    const total = loaded.reduce((n, r) => n + r.bytes, 0);
    const photos = loaded.filter((r) => new URL(r.url).pathname.startsWith('/media/'));
    console.log(
      `[presupuesto] primera pantalla de /galeria: ${(total / KB).toFixed(1)} KB en ${loaded.length} respuestas, ${photos.length} fotos (${(photos.reduce((n, r) => n + r.bytes, 0) / KB).toFixed(1)} KB)`,
    );
    expect(photos.length).toBeGreaterThan(0);
    // The photos further down were not fetched: more photos would not change the figure.
    expect(photos.length).toBeLessThan(PHOTOS);
    expect(total).toBeLessThanOrEqual(GALLERY_FIRST_SCREEN_BUDGET);
  });
});
