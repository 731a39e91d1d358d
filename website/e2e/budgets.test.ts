import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredData } from '../../test-support/data-folder';
import { fixtureDataDir } from '../../test-support/seeded-data';
import { acceptedBooking, recordDeposit } from '../../test-support/bookings';
import { PHONE, PHONE_PHOTO_GRAIN, gotoHydrated, makeJpeg, startSite, uploadAsAdmin, type Site } from './helpers';
import { JS_BUDGET, JS_ROOM, gzippedBytes } from './public-pages';
import { inlineScriptsOf } from '../../test-support/browser';

/**
 * Byte budgets of issue 9. Byte counts do not depend on the machine's speed, so they are tests;
 * the time budgets live in `npm run bench`.
 */
const KB = 1024;
/** Everything a 390×844 phone at DPR 2 downloads for the first screen of /galeria. */
const GALLERY_FIRST_SCREEN_BUDGET = 400 * KB;
/**
 * Published 12-MP phone photos, first in the gallery. The first screen fetches at most 4 photos
 * since photos after the first row wait until they near the screen (issue 31, asserted below), so
 * 5 of them, one more than it may reach, cover it (asserted below: every photo fetched is one of
 * these). Each costs seconds of encoding when the fixture is made.
 */
const PHONE_PHOTOS = 5;
/**
 * Smaller photos after them, which the first screen must not fetch: they show that the lookahead
 * stops, so 24 photos would download exactly the same. Their size does not matter, since no byte
 * of them is counted; 12-MP ones would only cost seconds of encoding each.
 */
const LATER_PHOTOS = 3;

let site: Site;
let dataDir = '';
const phonePhotoIds = new Set<string>();

beforeAll(async () => {
  // The photos go through the real pipeline once (seconds each for a 12-MP one), in a fixture
  // every run copies.
  dataDir = await fixtureDataDir('gallery-budget', async (server) => {
    const cookie = await server.loginCookie();
    for (let i = 0; i < PHONE_PHOTOS + LATER_PHOTOS; i++) {
      const phone = i < PHONE_PHOTOS;
      const photo = phone ? await makeJpeg(4000, 3000, i * 0.7, PHONE_PHOTO_GRAIN) : await makeJpeg(800, 600, i * 0.7);
      await uploadAsAdmin(
        server,
        cookie,
        photo,
        phone ? `Foto ${i + 1}` : `Otra foto ${i + 1}`,
        `Rincón número ${i + 1} de la cabaña`,
      );
    }
  });
  for (const image of (await readStoredData(dataDir)).images)
    if (/^Foto \d+$/.test(image.title)) phonePhotoIds.add(String(image.id));
  site = await startSite({}, { dataDir });
}, 900_000);
afterAll(async () => {
  await site?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** JavaScript (gzip -9 of each file) a first visit to `path` loads, and in how many files. */
async function firstVisitJs(path: string, locale = PHONE.locale!): Promise<{ bytes: number; files: number }> {
  // A new context each time: nothing cached, as on a first visit.
  const context = await site.browser.newContext({ ...PHONE, locale });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.add(req.url());
  });
  await gotoHydrated(page, site.server.url + path);
  const inline = await inlineScriptsOf(page);
  await context.close();
  return { bytes: await gzippedBytes([...scripts], inline), files: scripts.size };
}

describe('byte budgets', () => {
  // Every public page's first visit: the sweep (public-pages.test.ts).
  it(`a guest's private page and its online-payment return page stay within ${JS_BUDGET / KB} KB too, the private page with ${JS_ROOM.guestPage / KB} KB of room`, async () => {
    // Confirmed, with the owner's note: the page with the most on it (the message, and the
    // itinerary as server markup, issue 32) loads no more JavaScript than any other.
    const b = await acceptedBooking(site.server, 20, 2, {}, { note: 'Les dejamos leña.' });
    await recordDeposit(site.server, b);
    const pages = {
      [`/reserva/${b.code}`]: b.path,
      [`/reserva/${b.code}/pago`]: `/reserva/${b.code}/pago?t=${b.token}&id=no-existe`,
    };
    const report: string[] = [];
    for (const [name, path] of Object.entries(pages)) {
      const { bytes, files } = await firstVisitJs(path);
      report.push(`${name} ${(bytes / KB).toFixed(1)} KB in ${files} files`);
      // The private page keeps room for its check-in section (issue 31).
      const room = path === b.path ? JS_ROOM.guestPage : 0;
      expect(bytes, `${name}: ${(bytes / KB).toFixed(1)} KB`).toBeLessThanOrEqual(JS_BUDGET - room);
    }
    console.log(`[presupuesto] JavaScript de las páginas del huésped (gzip): ${report.join('; ')}`);
  }, 120_000);

  it(`the first screen of /galeria on a 390-px DPR-2 phone is at most ${GALLERY_FIRST_SCREEN_BUDGET / KB} KB`, async () => {
    const context = await site.browser.newContext(PHONE);
    const page = await context.newPage();
    // A phone on 4G. How far below the screen Chromium fetches lazy images depends on the
    // connection it believes it has (1,250 px on 4G, 2,500 on 3G); left to itself it guesses, and
    // not the same way in every build. An emulated round trip of 100 ms is 4G to Blink.
    const effectiveType = () =>
      page.evaluate(() => (navigator as { connection?: { effectiveType?: string } }).connection?.effectiveType);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 100,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(await effectiveType()).toBe('4g');
    const responses: Promise<{ url: string; bytes: number }>[] = [];
    page.on('requestfinished', (req) => {
      // Bytes on the wire: headers plus the (compressed) body.
      responses.push(req.sizes().then((s) => ({ url: req.url(), bytes: s.responseHeadersSize + s.responseBodySize })));
    });
    await page.goto(site.server.url + '/galeria', { waitUntil: 'networkidle' });
    expect(await effectiveType()).toBe('4g');
    const loaded = await Promise.all(responses);
    await context.close();
    const total = loaded.reduce((n, r) => n + r.bytes, 0);
    const photos = loaded.filter((r) => new URL(r.url).pathname.startsWith('/media/'));
    console.log(
      `[presupuesto] primera pantalla de /galeria: ${(total / KB).toFixed(1)} KB en ${loaded.length} respuestas, ${photos.length} fotos (${(photos.reduce((n, r) => n + r.bytes, 0) / KB).toFixed(1)} KB)`,
    );
    expect(photos.length).toBeGreaterThan(0);
    // Only 12-MP phone photos were fetched: the lookahead stopped before the photos after them, so
    // more photos would not change the figure. If this fails, the first screen reaches further
    // than PHONE_PHOTOS: add phone photos rather than count smaller ones.
    const fetchedIds = new Set(photos.map((r) => new URL(r.url).pathname.split('/')[2] ?? ''));
    expect(
      [...fetchedIds].filter((id) => !phonePhotoIds.has(id)),
      'fotos posteriores a las de 12 MP descargadas en la primera pantalla',
    ).toEqual([]);
    expect(total).toBeLessThanOrEqual(GALLERY_FIRST_SCREEN_BUDGET);
    // Photos after the first row are not laid out until they come near the screen (issue 31: the
    // first photo, the page's LCP, does not share the link with a dozen thumbnails): the first
    // row, and at most the one photo after it that the screen's margin reaches.
    expect(photos.length).toBeLessThanOrEqual(4);
  });
});
