import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageSchema, type Image } from '@cabana/shared/domain/schemas/image';
import { startTestServer, type TestServer } from '../../test-support/server';
import { TestClock } from '../../test-support/clock';
import { storedText } from '../../test-support/data-folder';
import { readError, readJson } from '../../test-support/json';
import { bearer, json, upload } from './helpers/http';
import { jpegWithGps } from './helpers/fixtures';

/** Issue 12, item 4 (pending photos are the admin's alone) and item 14 (`uploaded_by` is not public). */
describe('photos waiting for approval', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.loginToken();
  });
  afterAll(() => s.close());

  const get = (url: string) => fetch(new URL(url, s.url));
  const pendingList = async () =>
    (await (await json(s, 'GET', '/imagenes/pendientes', undefined, bearer(admin))).json()) as Image[];

  it('are not served to the public, only through the signed links of the admin’s list, never cached', async () => {
    const sent = (await (
      await upload(s, await jpegWithGps(500, 400), { fields: { title: 'Atardecer', uploaded_by: 'Ana' } })
    ).json()) as Image;
    expect(sent.status).toBe('pending');
    for (const v of sent.variants) expect((await get(v.url)).status, v.url).toBe(404);
    expect((await get(sent.secure_url)).status).toBe(404);

    const [listed] = await pendingList();
    expect(listed!.id).toBe(sent.id);
    expect(listed!.secure_url).toMatch(/\?acceso=\d+\.[A-Za-z0-9_-]{22}$/);
    for (const v of listed!.variants) {
      const res = await get(v.url);
      expect(res.status, v.url).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
    // A signature is bound to its image and cannot be forged.
    const [, signature] = listed!.secure_url.split('?acceso=') as [string, string];
    const forged = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await get(`${sent.secure_url}?acceso=${forged}`)).status).toBe(404);
    const other = (await (await upload(s, await jpegWithGps(300, 200))).json()) as Image;
    expect((await get(`${other.secure_url}?acceso=${signature}`)).status).toBe(404);
    const expired = `1000000000.${signature.split('.')[1]}`;
    expect((await get(`${sent.secure_url}?acceso=${expired}`)).status).toBe(404);
  });

  it('once approved are public, cached by shared caches only briefly so a delete withdraws them', async () => {
    const sent = (await (await upload(s, await jpegWithGps(400, 300))).json()) as Image;
    expect((await json(s, 'POST', `/imagenes/${sent.id}/aprobar`, undefined, bearer(admin))).status).toBe(200);
    const res = await get(sent.secure_url);
    expect(res.status).toBe(200);
    const cache = res.headers.get('cache-control')!;
    expect(cache).toMatch(/(^|, )public(,|$)/);
    expect(cache).toMatch(/s-maxage=600/);
    expect((await json(s, 'DELETE', `/imagenes/${sent.id}`, undefined, bearer(admin))).status).toBe(204);
    expect((await get(sent.secure_url)).status).toBe(404);
  });

  it('show who sent them to the admin only', async () => {
    const sent = (await (
      await upload(s, await jpegWithGps(400, 300), { fields: { title: 'Playa', uploaded_by: 'María de Tolú' } })
    ).json()) as Image;
    // The sender gets back what they sent.
    expect(sent.uploaded_by).toBe('María de Tolú');
    expect((await pendingList()).find((i) => i.id === sent.id)!.uploaded_by).toBe('María de Tolú');
    await json(s, 'POST', `/imagenes/${sent.id}/aprobar`, undefined, bearer(admin));
    const publicList = await (await json(s, 'GET', '/imagenes')).text();
    expect(publicList).toContain(sent.id);
    expect(publicList).not.toContain('María de Tolú');
    expect(publicList).not.toContain('uploaded_by');
    const adminList = (await (await json(s, 'GET', '/imagenes', undefined, bearer(admin))).json()) as Image[];
    expect(adminList.find((i) => i.id === sent.id)!.uploaded_by).toBe('María de Tolú');
  });
});

/** Issue 19, items 3 and 14: photos waiting for approval are bounded, in number, bytes and time. */
describe('the photos waiting for approval are bounded', () => {
  const DAY = 86_400_000;
  /** Pure noise: the variants of a 1600×1200 one take about 3.5 MB. */
  const noisePhoto = (width = 1600, height = 1200) =>
    sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
  const pendingIds = async (s: TestServer, admin: string) =>
    (await readJson(await json(s, 'GET', '/imagenes/pendientes', undefined, bearer(admin)), ImageSchema.array())).map(
      (i) => i.id,
    );
  const imageFolders = async (s: TestServer) => (await readdir(join(s.dataDir, 'images'))).sort();

  it('in number (PENDING_PHOTOS_MAX): a Spanish 429 before the body, the visitor’s own budget kept', async () => {
    const s = await startTestServer({ env: { PENDING_PHOTOS_MAX: '2', PUBLIC_UPLOADS_PER_CLIENT: '3' } });
    try {
      const admin = await s.loginToken();
      const first = await readJson(await upload(s, await jpegWithGps(400, 300)), ImageSchema);
      expect((await upload(s, await jpegWithGps(400, 300))).status).toBe(201);
      for (let i = 0; i < 3; i++) {
        // Refused from the headers: a 5 MB body that would not be read.
        const res = await upload(s, Buffer.alloc(5 * 1024 * 1024, 1));
        expect(res.status).toBe(429);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await readError(res)).error).toMatch(/esperando revisión/);
      }
      // The owner is not held up, and publishing one makes room for the next visitor's photo,
      // which the refused attempts did not spend (3 per client).
      expect((await upload(s, await jpegWithGps(400, 300), { headers: bearer(admin) })).status).toBe(201);
      expect((await json(s, 'POST', `/imagenes/${first.id}/aprobar`, undefined, bearer(admin))).status).toBe(200);
      expect((await upload(s, await jpegWithGps(400, 300))).status).toBe(201);
      expect(await pendingIds(s, admin)).toHaveLength(2);
    } finally {
      await s.close();
    }
  });

  it(
    'in bytes (PENDING_PHOTOS_MAX_MB): a Spanish 507 with nothing left on disk; once full, before the body',
    { timeout: 120_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'cabana-pending-bytes-'));
      try {
        // 1000×750 of noise: variants of about 1.9 MB (960 and 1000 px wide, and 480), so the
        // second photo is past 3 MB, and the first alone past the 1 MB cap below.
        const photo = () => noisePhoto(1000, 750);
        const a = await startTestServer({ dataDir: dir, env: { PENDING_PHOTOS_MAX_MB: '3' } });
        const admin = await a.loginToken();
        expect((await upload(a, await photo())).status).toBe(201);
        const kept = await imageFolders(a);
        // A second one would take the waiting photos past 3 MB.
        const over = await upload(a, await photo());
        expect(over.status).toBe(507);
        const err = await readError(over);
        expect(err.code).toBe('INSUFFICIENT_STORAGE');
        expect(err.error).toMatch(/espacio/);
        expect(await imageFolders(a)).toEqual(kept);
        expect(await pendingIds(a, admin)).toHaveLength(1);
        // The owner's photos are published, not waiting: they do not count.
        expect((await upload(a, await photo(), { headers: bearer(admin) })).status).toBe(201);
        await a.close();

        // The operator lowers the cap below what is already waiting: refused before the body.
        const b = await startTestServer({ dataDir: dir, env: { PENDING_PHOTOS_MAX_MB: '1' } });
        try {
          const res = await upload(b, Buffer.alloc(5 * 1024 * 1024, 1));
          expect(res.status).toBe(507);
          expect((await readError(res)).code).toBe('INSUFFICIENT_STORAGE');
        } finally {
          await b.close();
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it('in time (PENDING_PHOTO_RETENTION_DAYS, 30 by default): deleted with their sender’s name at start-up', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cabana-pending-age-'));
    const clock = new TestClock();
    try {
      const a = await startTestServer({ dataDir: dir, clock });
      const admin = await a.loginToken();
      expect(
        (await upload(a, await jpegWithGps(400, 300), { fields: { title: 'Vieja', uploaded_by: 'Ana Antigua' } }))
          .status,
      ).toBe(201);
      const published = await readJson(
        await upload(a, await jpegWithGps(400, 300), { headers: bearer(admin) }),
        ImageSchema,
      );
      clock.advance(20 * DAY);
      const recent = await readJson(
        await upload(a, await jpegWithGps(400, 300), { fields: { title: 'Nueva', uploaded_by: 'Beto Reciente' } }),
        ImageSchema,
      );
      clock.advance(11 * DAY);
      await a.close();

      const b = await startTestServer({ dataDir: dir, clock });
      const adminB = await b.loginToken();
      expect(await pendingIds(b, adminB)).toEqual([recent.id]);
      const gallery = await readJson(await json(b, 'GET', '/imagenes'), ImageSchema.array());
      expect(gallery.map((i) => i.id)).toEqual([published.id]);
      expect(await imageFolders(b)).toEqual([published.id, recent.id].sort());
      await b.close();
      const stored = await storedText(dir);
      expect(stored).not.toContain('Ana Antigua');
      expect(stored).toContain('Beto Reciente');

      // A shorter period set by the operator applies at the next start.
      const c = await startTestServer({ dataDir: dir, clock, env: { PENDING_PHOTO_RETENTION_DAYS: '7' } });
      expect(await pendingIds(c, await c.loginToken())).toEqual([]);
      expect(await imageFolders(c)).toEqual([published.id]);
      await c.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
