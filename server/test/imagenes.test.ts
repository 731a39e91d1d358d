import http from 'node:http';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@cabana/shared/domain/config/limits';
import { ImageSchema, type Image } from '@cabana/shared/domain/schemas/image';
import { startTestServer, type TestServer } from '../../test-support/server';
import { bearer, json, sameSite, upload } from './helpers/http';
import { colourAt, isBlue, isRed, jpegWithGps, twoColour } from './helpers/fixtures';
import { FIXTURES } from '../../test-support/fixtures';
import { parseError, readError, readJson } from '../../test-support/json';
import { readStoredData } from '../../test-support/data-folder';

async function leftovers(s: TestServer): Promise<string[]> {
  const out: string[] = [];
  for (const dir of ['.uploads', '.staging']) {
    for (const name of await readdir(join(s.dataDir, dir))) out.push(`${dir}/${name}`);
  }
  return out;
}

async function fetchVariant(s: TestServer, url: string): Promise<{ res: Response; data: Buffer }> {
  const res = await fetch(new URL(url, s.url));
  return { res, data: Buffer.from(await res.arrayBuffer()) };
}

describe('image uploads by the admin', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.loginToken();
  });
  afterAll(() => s.close());

  it('publishes a JPEG with variants, size, placeholder; strips EXIF and GPS from every variant', async () => {
    const original = await jpegWithGps(1200, 900);
    expect((await exifr.gps(original))?.latitude).toBeCloseTo(9.5056, 3);
    const res = await upload(s, original, {
      headers: bearer(admin),
      fields: { title: 'Piscina', description: 'Vista de la piscina', tags: 'playa,cabañas' },
    });
    expect(res.status).toBe(201);
    const img = ImageSchema.parse(await res.json());
    expect(img).toMatchObject({
      title: 'Piscina',
      description: 'Vista de la piscina',
      status: 'published',
      width: 1200,
      height: 900,
      tags: ['playa', 'cabañas'],
    });
    expect(img.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(img.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(img.placeholder.length).toBeLessThan(1024);
    // Never upscaled: 480, 960 and the original 1200; JPEG at the two larger.
    expect(img.variants.map((v) => `${v.width}.${v.format}`).sort()).toEqual(
      ['1200.avif', '1200.jpeg', '1200.webp', '480.avif', '480.webp', '960.avif', '960.jpeg', '960.webp'].sort(),
    );
    expect(img.secure_url).toBe(img.variants.find((v) => v.format === 'jpeg' && v.width === 1200)!.url);

    const TYPE = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' } as const;
    for (const v of img.variants) {
      const { res: r, data } = await fetchVariant(s, v.url);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe(TYPE[v.format]);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, s-maxage=600, immutable');
      const meta = await sharp(data).metadata();
      expect(meta.width).toBe(v.width);
      expect(meta.height).toBe(v.height);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      const parsed = (await exifr.parse(data, { gps: true, tiff: true, xmp: true }).catch(() => undefined)) as
        { latitude?: number; Make?: string } | undefined;
      expect(parsed?.latitude).toBeUndefined();
      expect(parsed?.Make).toBeUndefined();
      expect(data.includes(Buffer.from('TestPhone'))).toBe(false);
    }
    const listRes = await json(s, 'GET', '/imagenes', undefined, { 'accept-encoding': 'br, gzip' });
    // Larger JSON travels compressed for visitors on mobile data (fetch decodes it).
    expect(listRes.headers.get('content-encoding')).toBe('br');
    // Public data: kept by browsers and CDNs but revalidated with its ETag every time.
    expect(listRes.headers.get('cache-control')).toBe('no-cache');
    const list = (await listRes.json()) as Image[];
    expect(list[0]!.id).toBe(img.id);
  });

  it('turns the photo upright by its EXIF orientation', async () => {
    // Stored 600×400 with red on the left; orientation 6 means "rotate 90° clockwise to view".
    const res = await upload(s, await jpegWithGps(600, 400, 6), { headers: bearer(admin) });
    expect(res.status).toBe(201);
    const img = (await res.json()) as Image;
    expect([img.width, img.height]).toEqual([400, 600]);
    const { data } = await fetchVariant(s, img.secure_url);
    const meta = await sharp(data).metadata();
    expect([meta.width, meta.height]).toEqual([400, 600]);
    expect(isRed(await colourAt(data, 198, 20))).toBe(true);
    expect(isBlue(await colourAt(data, 198, 570))).toBe(true);
  });

  it('converts an iPhone HEIC photo', async () => {
    const heic = await readFile(FIXTURES.heicPhoto);
    const res = await upload(s, heic, { headers: bearer(admin), type: 'image/heic', filename: 'IMG_0001.HEIC' });
    expect(res.status).toBe(201);
    const img = (await res.json()) as Image;
    expect([img.width, img.height]).toEqual([320, 240]);
    expect(img.variants.map((v) => v.format).sort()).toEqual(['avif', 'jpeg', 'webp']);
    const { res: r, data } = await fetchVariant(s, img.secure_url);
    expect(r.headers.get('content-type')).toBe('image/jpeg');
    expect(isRed(await colourAt(data, 40, 120))).toBe(true);
    expect(isBlue(await colourAt(data, 280, 120))).toBe(true);
  });

  it('accepts PNG (with transparency), WebP and AVIF by content, whatever the declared type and name', async () => {
    const base = await twoColour(500, 300);
    const png = await sharp({
      create: { width: 500, height: 300, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const webp = await base.clone().webp().toBuffer();
    const avif = await base.clone().avif().toBuffer();
    for (const [data, name] of [
      [png, 'a.jpg'],
      [webp, 'b.txt'],
      [avif, 'c'],
    ] as const) {
      const res = await upload(s, data, { headers: bearer(admin), type: 'application/octet-stream', filename: name });
      expect(res.status).toBe(201);
      const img = (await res.json()) as Image;
      expect([img.width, img.height]).toEqual([500, 300]);
    }
  });

  it('edits title and description; validates; 404 for unknown ids', async () => {
    const img = (await (await upload(s, await jpegWithGps(400, 300), { headers: bearer(admin) })).json()) as Image;
    const res = await json(
      s,
      'PATCH',
      `/imagenes/${img.id}`,
      { title: 'Nuevo título', description: 'Nueva' },
      bearer(admin),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: img.id, title: 'Nuevo título', description: 'Nueva' });
    const only = await json(s, 'PATCH', `/imagenes/${img.id}`, { description: '' }, bearer(admin));
    expect(await only.json()).toMatchObject({ title: 'Nuevo título', description: '' });
    expect((await json(s, 'PATCH', `/imagenes/${img.id}`, { title: '' }, bearer(admin))).status).toBe(400);
    expect((await json(s, 'PATCH', `/imagenes/${img.id}`, {}, bearer(admin))).status).toBe(400);
    expect(
      (await json(s, 'PATCH', `/imagenes/${img.id}`, { title: 'x', secure_url: '/x' }, bearer(admin))).status,
    ).toBe(400);
    expect(
      (await json(s, 'PATCH', `/imagenes/${img.id}`, { title: 'x'.repeat(LIMITS.titleMax + 1) }, bearer(admin))).status,
    ).toBe(400);
    expect((await json(s, 'PATCH', '/imagenes/AAAAAAAAAAAAAAAA', { title: 'x' }, bearer(admin))).status).toBe(404);
    expect((await json(s, 'PATCH', `/imagenes/${img.id}`, { title: 'x' })).status).toBe(401);
  });

  it('deletes the record and its files; traversal-looking ids touch nothing', async () => {
    const img = (await (await upload(s, await jpegWithGps(400, 300), { headers: bearer(admin) })).json()) as Image;
    expect((await json(s, 'DELETE', `/imagenes/${img.id}`)).status).toBe(401);
    const res = await json(s, 'DELETE', `/imagenes/${img.id}`, undefined, bearer(admin));
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await fetchVariant(s, img.secure_url)).res.status).toBe(404);
    expect((await readdir(join(s.dataDir, 'images'))).includes(img.id)).toBe(false);
    expect(((await (await json(s, 'GET', '/imagenes')).json()) as Image[]).some((i) => i.id === img.id)).toBe(false);
    expect((await json(s, 'DELETE', `/imagenes/${img.id}`, undefined, bearer(admin))).status).toBe(404);
    for (const bad of ['..', '%2e%2e%2fdb.json', '..%2F..%2Fdb.json', 'images']) {
      expect((await json(s, 'DELETE', `/imagenes/${bad}`, undefined, bearer(admin))).status).toBe(404);
    }
    await readStoredData(s.dataDir);
  });

  it('never serves anything but variant files under /media', async () => {
    const img = (await (await upload(s, await jpegWithGps(400, 300), { headers: bearer(admin) })).json()) as Image;
    for (const p of [
      `/media/${img.id}/..%2F..%2Fdb.json`,
      '/media/..%2Fdb.json',
      `/media/%2e%2e/db.json`,
      `/media/${img.id}/480.svg`,
      `/media/${img.id}`,
      '/media/.staging/x/480.jpg',
      '/db.json',
      '/.lock',
    ]) {
      const res = await fetch(`${s.url}${p}`);
      expect(res.status, p).toBe(404);
      expect(await res.text()).not.toContain('passwordHash');
    }
  });

  it('refuses a cookie-authenticated upload from a foreign origin (403) and stores nothing', async () => {
    const cookie = await s.loginCookie();
    const before = ((await (await json(s, 'GET', '/imagenes')).json()) as Image[]).length;
    const res = await upload(s, await jpegWithGps(400, 300), { headers: { cookie, origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    const ok = await upload(s, await jpegWithGps(400, 300), { headers: sameSite(s, cookie) });
    expect(ok.status).toBe(201);
    expect(((await (await json(s, 'GET', '/imagenes')).json()) as Image[]).length).toBe(before + 1);
  });
});

describe('public uploads from /imagenes', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer({ env: { PUBLIC_UPLOADS_PER_CLIENT: '3' } });
    admin = await s.loginToken();
  });
  afterAll(() => s.close());

  it('keeps them pending until the admin approves', async () => {
    const res = await upload(s, await jpegWithGps(400, 300), {
      fields: { title: 'Atardecer', description: '', tags: 'playa,cabañas', uploaded_by: 'Ana <script>' },
    });
    expect(res.status).toBe(201);
    const img = (await res.json()) as Image;
    expect(img).toMatchObject({ status: 'pending', uploaded_by: 'Ana <script>' });
    expect(((await (await json(s, 'GET', '/imagenes')).json()) as Image[]).some((i) => i.id === img.id)).toBe(false);
    expect((await json(s, 'GET', '/imagenes/pendientes')).status).toBe(401);
    const pending = (await (await json(s, 'GET', '/imagenes/pendientes', undefined, bearer(admin))).json()) as Image[];
    expect(pending.map((i) => i.id)).toEqual([img.id]);
    expect((await json(s, 'POST', `/imagenes/${img.id}/aprobar`)).status).toBe(401);
    const approved = await json(s, 'POST', `/imagenes/${img.id}/aprobar`, undefined, bearer(admin));
    expect(approved.status).toBe(200);
    expect((await readJson(approved, ImageSchema)).status).toBe('published');
    expect(((await (await json(s, 'GET', '/imagenes')).json()) as Image[])[0]!.id).toBe(img.id);
    expect((await json(s, 'POST', '/imagenes/AAAAAAAAAAAAAAAA/aprobar', undefined, bearer(admin))).status).toBe(404);
  });

  it('answers 401 to a revoked bearer token instead of storing a pending photo', async () => {
    const token = await s.loginToken();
    expect((await json(s, 'DELETE', '/sesion', undefined, bearer(token))).status).toBe(204);
    const res = await upload(s, await jpegWithGps(300, 200), { headers: bearer(token) });
    expect(res.status).toBe(401);
    expect((await readError(res)).error).toMatch(/sesión/);
    const pending = (await (await json(s, 'GET', '/imagenes/pendientes', undefined, bearer(admin))).json()) as Image[];
    expect(pending).toEqual([]);
  });

  it('rate limits them per client with 429 before reading the body', async () => {
    // Two more fit (one was used above); the next is refused even though it is huge.
    for (let i = 0; i < 2; i++) expect((await upload(s, await jpegWithGps(300, 200))).status).toBe(201);
    const res = await upload(s, Buffer.alloc(5 * 1024 * 1024, 1));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await readError(res)).error).toMatch(/fotos/);
    expect(await leftovers(s)).toEqual([]);
    // The admin is not limited.
    expect((await upload(s, await jpegWithGps(300, 200), { headers: bearer(admin) })).status).toBe(201);
  });
});

describe('upload rejections', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.loginToken();
  });
  afterAll(() => s.close());

  const notImages: Array<[string, string | Uint8Array, string]> = [
    [
      'SVG',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
      'image/svg+xml',
    ],
    ['SVG declared as PNG', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>', 'image/png'],
    ['HTML', '<!doctype html><html><script>alert(1)</script></html>', 'image/jpeg'],
    ['a script', '#!/bin/sh\necho hola\n', 'image/jpeg'],
    [
      'a JPEG/HTML polyglot',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script></html>')]),
      'image/jpeg',
    ],
    [
      'a PNG header with garbage',
      Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(200, 7)]),
      'image/png',
    ],
    ['a GIF', Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'), 'image/gif'],
    ['a PDF', '%PDF-1.4\n1 0 obj<<>>endobj\n', 'application/pdf'],
  ];

  it.each(notImages)('refuses %s with 415 and a Spanish message', async (_label, data, type) => {
    const res = await upload(s, data, { headers: bearer(admin), type });
    expect(res.status).toBe(415);
    const err = await readError(res);
    expect(err.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(err.error).toMatch(/JPEG, PNG, WebP, AVIF o HEIC/);
    expect(await leftovers(s)).toEqual([]);
  });

  it('refuses a TIFF even though it is an image (not an accepted format)', async () => {
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer();
    expect((await upload(s, tiff, { headers: bearer(admin) })).status).toBe(415);
  });

  it('refuses one byte over the limit with 413 and leaves no temp file', async () => {
    const big = Buffer.alloc(LIMITS.maxUploadBytes + 1, 0xab);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await upload(s, big, { headers: bearer(admin) });
    expect(res.status).toBe(413);
    const err = await readError(res);
    expect(err.code).toBe('PAYLOAD_TOO_LARGE');
    expect(err.error).toMatch(/25 MB/);
    expect(await leftovers(s)).toEqual([]);
  });

  it('refuses a declared body far over the limit before reading it', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${s.apiUrl}/imagenes/upload`, {
        method: 'POST',
        headers: {
          ...bearer(admin),
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(LIMITS.maxUploadBytes * 4),
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: text });
          req.destroy();
        });
      });
      req.on('error', reject);
      // Only the first bytes are ever sent: the answer must come without the rest.
      req.write('--x\r\n');
    });
    expect(status).toBe(413);
    expect(parseError(body).code).toBe('PAYLOAD_TOO_LARGE');
    expect(await leftovers(s)).toEqual([]);
  });

  it('leaves nothing behind when the client drops mid-upload', async () => {
    const boundary = 'cabana-boundary';
    await new Promise<void>((resolve) => {
      const req = http.request(`${s.apiUrl}/imagenes/upload`, {
        method: 'POST',
        headers: {
          ...bearer(admin),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(3 * 1024 * 1024),
        },
      });
      req.on('error', () => resolve());
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      req.write(Buffer.alloc(1024 * 1024, 0xff));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    // The server notices the dropped connection and removes the partial file.
    for (let i = 0; i < 50 && (await leftovers(s)).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await leftovers(s)).toEqual([]);
    expect((await json(s, 'GET', '/health')).status).toBe(200);
  });

  it('stops a HEIC decompression bomb from its header, before decoding', async () => {
    const bomb = await readFile(FIXTURES.heicBomb);
    const started = Date.now();
    const res = await upload(s, bomb, { headers: bearer(admin), type: 'image/heic' });
    expect(res.status).toBe(413);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('stops a decompression bomb quickly with 413 (pixel limit)', async () => {
    // 8000×6000 = 48 MP of one colour: a tiny PNG that would need 144 MB decoded.
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    const started = Date.now();
    const res = await upload(s, bomb, { headers: bearer(admin), type: 'image/png' });
    expect(res.status).toBe(413);
    expect((await readError(res)).error).toMatch(/megapíxeles/);
    expect(Date.now() - started).toBeLessThan(3000);
    // Decoding it would take 144 MB; refusing it from the header takes next to nothing.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('validates the fields: missing image, missing title, unknown field, repeated field, not multipart', async () => {
    const jpg = await jpegWithGps(300, 200);
    let res = await upload(s, jpg, { headers: bearer(admin), fieldName: 'foto' });
    expect(res.status).toBe(400);
    res = await upload(s, jpg, { headers: bearer(admin), fields: { description: 'sin título' } });
    expect(res.status).toBe(400);
    expect((await readError(res)).fields?.title).toMatch(/obligatorio/);
    res = await upload(s, jpg, { headers: bearer(admin), fields: { title: 'x', secure_url: 'javascript:alert(1)' } });
    expect(res.status).toBe(400);
    const fd = new FormData();
    fd.set('image', new Blob([jpg]), 'a.jpg');
    fd.append('title', 'uno');
    fd.append('title', 'dos');
    res = await fetch(`${s.apiUrl}/imagenes/upload`, { method: 'POST', headers: bearer(admin), body: fd });
    expect(res.status).toBe(400);
    res = await json(s, 'POST', '/imagenes/upload', { title: 'x' }, bearer(admin));
    expect(res.status).toBe(415);
    const two = new FormData();
    two.append('image', new Blob([jpg]), 'a.jpg');
    two.append('image', new Blob([jpg]), 'b.jpg');
    two.set('title', 'dos fotos');
    res = await fetch(`${s.apiUrl}/imagenes/upload`, { method: 'POST', headers: bearer(admin), body: two });
    expect([400, 413]).toContain(res.status);
    expect(await leftovers(s)).toEqual([]);
    expect(((await (await json(s, 'GET', '/imagenes')).json()) as Image[]).length).toBe(0);
  });
});

describe('PUBLIC_URL', () => {
  it('makes image URLs absolute and accepts that origin for cookie-authenticated writes', async () => {
    const s = await startTestServer({ env: { PUBLIC_URL: 'https://brisas.example/' } });
    try {
      const cookie = await s.loginCookie();
      const res = await upload(s, await jpegWithGps(400, 300), {
        headers: { cookie, origin: 'https://brisas.example' },
      });
      expect(res.status).toBe(201);
      const img = (await res.json()) as Image;
      expect(img.secure_url).toMatch(/^https:\/\/brisas\.example\/media\/[A-Za-z0-9_-]{16}\/400\.jpg$/);
      for (const v of img.variants) expect(v.url.startsWith('https://brisas.example/media/')).toBe(true);
      const stored = await readStoredData(s.dataDir);
      // Stored relative, so changing PUBLIC_URL later needs no migration.
      expect(stored.images[0]?.secure_url).toMatch(/^\/media\//);
      expect(
        (await upload(s, await jpegWithGps(400, 300), { headers: { cookie, origin: 'https://otra.example' } })).status,
      ).toBe(403);
    } finally {
      await s.close();
    }
  });
});

describe('unexpected failures', () => {
  it('answer 500 "Error interno del servidor" without details, and leave nothing half-written', async () => {
    const s = await startTestServer();
    try {
      const token = await s.loginToken();
      // Sabotage the disk: the images folder becomes a file, so moving variants into place fails.
      await rm(join(s.dataDir, 'images'), { recursive: true });
      await writeFile(join(s.dataDir, 'images'), 'not a folder');
      const res = await upload(s, await jpegWithGps(400, 300), { headers: bearer(token) });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ error: 'Error interno del servidor', code: 'INTERNAL' });
      expect(text).not.toMatch(/ENOTDIR|EEXIST|at |\/tmp\//);
      expect(await leftovers(s)).toEqual([]);
      expect(await (await json(s, 'GET', '/imagenes')).json()).toEqual([]);
      await rm(join(s.dataDir, 'images'));
    } finally {
      await s.close();
    }
  });
});
