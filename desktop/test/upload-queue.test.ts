import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDesktopApiClient, type DesktopApiClient } from '../electron/lib/api-client';
import { prepareImage, thumbnailDataUrl } from '../electron/lib/downscale';
import { SKIP_REASONS, UploadQueue, type QueueSnapshot, type UploadQueueDeps } from '../electron/lib/upload-queue';
import { TOO_MANY_PIXELS_MESSAGE } from '@cabana/shared/domain/config/limits';
import { makePhoto, makePixelBomb } from './helpers/photos';
import { startTestServer, type TestServer } from '../../test-support/server';
import { tempDir } from './helpers/temp';
import { FIXTURES } from '../../test-support/fixtures';

describe('upload queue against the real server', () => {
  let server: TestServer;
  let api: DesktopApiClient;
  let dir: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    server = await startTestServer();
    const token = await server.loginToken();
    api = createDesktopApiClient({ apiUrl: server.apiUrl, getToken: () => token });
    ({ dir, cleanup } = await tempDir());
  });
  afterAll(async () => {
    await server.close();
    await cleanup();
  });

  /** Writes `count` distinct small photos into `folder` (half of them one level deeper). */
  async function photos(folder: string, count: number, prefix: string): Promise<string[]> {
    const out: string[] = [];
    for (let i = 0; i < count; i++) {
      const sub = i % 2 ? path.join(folder, 'dia-2') : folder;
      await mkdir(sub, { recursive: true });
      const file = path.join(sub, `${prefix}_${String(i).padStart(2, '0')}.jpg`);
      await writeFile(file, await makePhoto({ width: 160, height: 120, seed: i + 1 }));
      out.push(file);
    }
    return out;
  }

  function queueWith(extra: Partial<UploadQueueDeps> = {}) {
    const snapshots: QueueSnapshot[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const queue = new UploadQueue({
      concurrency: 3,
      prepare: (data, name, opts) => prepareImage(data, name, opts),
      upload: async (file, fields, opts) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        try {
          return await api.uploadImage(file, fields, opts);
        } finally {
          inFlight--;
        }
      },
      onChange: (s) => snapshots.push(s),
      ...extra,
    });
    return { queue, snapshots, maxInFlight: () => maxInFlight };
  }

  it(
    'sends 50 photos from a dropped folder, a few at a time; one fails, the rest go on; retry fixes it',
    { timeout: 240_000 },
    async () => {
      const folder = path.join(dir, 'vacaciones');
      await photos(folder, 50, 'IMG');
      // Looks like a JPEG by its first bytes but is cut short: the server refuses it.
      const broken = path.join(folder, 'playa-rota_final.jpg');
      await writeFile(broken, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2_000, 0x41)]));
      const before = (await api.listImages()).length;

      const { queue, snapshots, maxInFlight } = queueWith();
      expect(await queue.addPaths([folder])).toEqual({ added: 51, skipped: 0 });
      const item = queue.snapshot().items.find((i) => i.name === 'IMG_00.jpg')!;
      expect(item.title).toBe('IMG 00');
      queue.setTitle(item.id, 'Atardecer desde el kiosco');

      const summary = await queue.start();
      expect(summary).toMatchObject({ uploaded: 50, failed: 1, cancelled: 0, skipped: 0 });
      // A sent photo's caption can no longer change: a conflict with its state, not bad input.
      expect(() => queue.setTitle(item.id, 'Otro título')).toThrow(
        expect.objectContaining({ status: 409, code: 'CONFLICT' }),
      );
      expect(maxInFlight()).toBe(3);
      const failed = queue.snapshot().items.filter((i) => i.state === 'failed');
      expect(failed.map((i) => i.name)).toEqual(['playa-rota_final.jpg']);
      expect(failed[0]!.error).toMatch(/imagen|archivo/i);
      expect(failed[0]!.title).toBe('playa rota final');

      // Progress went up through values between 0 and 1, per file and overall.
      expect(
        snapshots.some((s) =>
          s.items.some((i) => i.state === 'uploading' && i.sentBytes > 0 && i.sentBytes <= i.totalBytes),
        ),
      ).toBe(true);
      const fractions = snapshots.map((s) => s.overall.fraction);
      expect(fractions.some((f) => f > 0.2 && f < 0.8)).toBe(true);
      expect(queue.snapshot().overall).toMatchObject({ total: 51, done: 50, failed: 1, fraction: 1 });

      // The owner replaces the broken file with a good one and retries only the failed one.
      await writeFile(broken, await makePhoto({ width: 160, height: 120, seed: 99 }));
      const retried = await queue.retryFailed();
      expect(retried).toMatchObject({ uploaded: 51, failed: 0 });

      const images = await api.listImages();
      expect(images.length - before).toBe(51);
      const titles = images.map((i) => i.title);
      expect(titles).toContain('Atardecer desde el kiosco');
      expect(titles).toContain('IMG 49');
      expect(titles).toContain('playa rota final');
      expect(images.every((i) => i.status === 'published')).toBe(true);
    },
  );

  it('cancel halfway stops what is left', { timeout: 240_000 }, async () => {
    const folder = path.join(dir, 'cancelar');
    await photos(folder, 16, 'C');
    const before = (await api.listImages()).length;
    let cancelled = false;
    const { queue } = queueWith({
      concurrency: 2,
      onChange: (s) => {
        if (s.overall.done === 5 && !cancelled) {
          cancelled = true;
          queue.cancel();
        }
      },
    });
    await queue.addPaths([folder]);
    const summary = await queue.start();
    const states = queue.snapshot().items.map((i) => i.state);
    expect(states).not.toContain('queued');
    expect(states).not.toContain('uploading');
    expect(summary.uploaded).toBeGreaterThanOrEqual(5);
    expect(summary.uploaded).toBeLessThanOrEqual(7);
    expect(summary.cancelled).toBe(16 - summary.uploaded);
    expect(
      queue
        .snapshot()
        .items.filter((i) => i.state === 'cancelled')
        .every((i) => i.error === 'Cancelada.'),
    ).toBe(true);
    // Uploads aborted mid-body leave nothing; one the server had fully received may still land.
    const added = (await api.listImages()).length - before;
    expect(added).toBeGreaterThanOrEqual(summary.uploaded);
    expect(added).toBeLessThanOrEqual(summary.uploaded + 2);
  });

  it(
    'gives the rows a run reaches before the preview pass their preview from the downscaled copy: one decode for both',
    { timeout: 120_000 },
    async () => {
      const folder = path.join(dir, 'grandes');
      await mkdir(folder, { recursive: true });
      const original = path.join(folder, 'A1.jpg');
      await writeFile(original, await makePhoto({ width: 3000, height: 2000, orientation: 6, seed: 5 }));
      for (const name of ['A2', 'A3', 'A4'])
        await writeFile(path.join(folder, `${name}.jpg`), await readFile(original));
      const sent = new Map<string, Uint8Array>();
      const { queue } = queueWith({
        thumbnail: (p) => thumbnailDataUrl(p),
        // A copy 800 px wide is as much a downscaled copy as the usual 2560 px one, and the server
        // encodes its variants from a quarter of the pixels (the original stays 3000×2000, so the
        // preview pass takes as long on A1 as before).
        prepare: (data, name, opts) => prepareImage(data, name, { ...opts, maxEdge: 800 }),
        upload: (file, fields, opts) => {
          sent.set(file.fileName, file.data);
          return api.uploadImage(file, fields, opts);
        },
      });
      // The preview pass starts on A1 while the folder is added; the run then takes A1–A3 at once.
      expect(await queue.addPaths([folder])).toEqual({ added: 4, skipped: 0 });
      expect(await queue.start()).toMatchObject({ uploaded: 4, failed: 0 });
      await expect.poll(() => queue.snapshot().items.every((i) => i.thumbnail)).toBe(true);

      const previewOf = async (bytes: Uint8Array, name: string) => {
        const file = path.join(dir, `preview-of-${name}`);
        await writeFile(file, bytes);
        return thumbnailDataUrl(file);
      };
      const fromOriginal = await thumbnailDataUrl(original);
      const fromCopy = await previewOf(sent.get('A2.jpg')!, 'A2.jpg');
      // The two differ, so each row shows which decode its preview came from.
      expect(fromCopy).not.toBe(fromOriginal);
      const thumbs = Object.fromEntries(queue.snapshot().items.map((i) => [i.name, i.thumbnail]));
      expect(thumbs['A1.jpg']).toBe(fromOriginal);
      expect(thumbs['A2.jpg']).toBe(fromCopy);
      expect(thumbs['A3.jpg']).toBe(await previewOf(sent.get('A3.jpg')!, 'A3.jpg'));
      // A4 is either: the preview pass takes it when no photo waits to be prepared.
      expect([fromOriginal, await previewOf(sent.get('A4.jpg')!, 'A4.jpg')]).toContain(thumbs['A4.jpg']);
      // Upright 96×96 either way.
      const meta = await sharp(Buffer.from(fromCopy!.split(',')[1]!, 'base64')).metadata();
      expect([meta.width, meta.height]).toEqual([96, 96]);
    },
  );

  it('takes files dropped while a run goes on into the same run', { timeout: 120_000 }, async () => {
    const first = path.join(dir, 'primera');
    const later = path.join(dir, 'despues');
    await photos(first, 2, 'P');
    await photos(later, 4, 'D');
    let dropped: Promise<unknown> | undefined;
    const { queue, maxInFlight } = queueWith({
      concurrency: 2,
      prepare: async (data, name) => {
        // The second folder arrives while the first photos are being prepared.
        dropped ??= queue.addPaths([later]);
        await dropped;
        return prepareImage(data, name);
      },
    });
    await queue.addPaths([first]);
    const summary = await queue.start();
    expect(await dropped).toEqual({ added: 4, skipped: 0 });
    expect(summary).toMatchObject({ uploaded: 6, failed: 0, cancelled: 0 });
    expect(queue.snapshot().items.map((i) => i.state)).toEqual(Array(6).fill('done'));
    expect(maxInFlight()).toBe(2);
  });

  it('skips non-images, empty files, over-limit files and duplicates with a Spanish reason', async () => {
    const folder = path.join(dir, 'mezcla');
    await mkdir(folder, { recursive: true });
    await photos(folder, 2, 'ok');
    await writeFile(path.join(folder, 'notas.txt'), 'lista de compras');
    await writeFile(
      path.join(folder, 'dibujo.jpg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    await writeFile(
      path.join(folder, 'video.mp4'),
      Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom\0\0\0\0mp41isom')]),
    );
    await writeFile(path.join(folder, 'vacia.jpg'), '');
    const big = Buffer.alloc(300_000, 0x20);
    big.set([0xff, 0xd8, 0xff], 0);
    await writeFile(path.join(folder, 'enorme.jpg'), big);

    const { queue } = queueWith({ maxBytes: 200_000 });
    expect(await queue.addPaths([folder])).toEqual({ added: 2, skipped: 5 });
    expect(await queue.addPaths([path.join(folder, 'ok_00.jpg')])).toEqual({ added: 0, skipped: 1 });
    const reasons = Object.fromEntries(queue.snapshot().skipped.map((s) => [s.name, s.reason]));
    expect(reasons).toEqual({
      'notas.txt': SKIP_REASONS.notImage,
      'dibujo.jpg': SKIP_REASONS.notImage,
      'video.mp4': SKIP_REASONS.notImage,
      'vacia.jpg': SKIP_REASONS.empty,
      'enorme.jpg': 'Pesa 293 KB; el máximo es 195 KB.',
      'ok_00.jpg': SKIP_REASONS.duplicate,
    });
    const summary = await queue.start();
    expect(summary).toMatchObject({ uploaded: 2, failed: 0, skipped: 6 });
    queue.clearFinished();
    expect(queue.snapshot()).toMatchObject({ items: [], skipped: [], summary: null });
  });

  it(
    'sends an iPhone HEIC untouched (sharp cannot decode it here) and the server converts it',
    { timeout: 60_000 },
    async () => {
      const folder = path.join(dir, 'iphone');
      await mkdir(folder, { recursive: true });
      const heic = await readFile(FIXTURES.heicPhoto);
      await writeFile(path.join(folder, 'IMG_4501.HEIC'), heic);
      const sent: { type: string; bytes: number; name: string }[] = [];
      const { queue } = queueWith({
        upload: async (file, fields, opts) => {
          sent.push({ type: file.type, bytes: file.data.length, name: file.fileName });
          return api.uploadImage(file, fields, opts);
        },
      });
      expect(await queue.addPaths([folder])).toEqual({ added: 1, skipped: 0 });
      expect(await queue.start()).toMatchObject({ uploaded: 1, failed: 0 });
      expect(sent).toEqual([{ type: 'image/heic', bytes: heic.length, name: 'IMG_4501.HEIC' }]);
      const image = (await api.listImages()).find((i) => i.id === queue.snapshot().items[0]!.imageId);
      expect(image).toMatchObject({ title: 'IMG 4501', width: 320, height: 240 });
      expect(image!.secure_url).toMatch(/\.jpe?g$/);
    },
  );

  it('stops on a revoked session and keeps the rest queued', { timeout: 120_000 }, async () => {
    const folder = path.join(dir, 'revocada');
    await photos(folder, 6, 'R');
    let token: string | null = await server.loginToken();
    const local = createDesktopApiClient({ apiUrl: server.apiUrl, getToken: () => token });
    const queue = new UploadQueue({
      concurrency: 1,
      upload: async (file, fields, opts) => {
        const image = await local.uploadImage(file, fields, opts);
        // Signed out from elsewhere after the second photo.
        if (queue.snapshot().overall.done === 1) {
          await local.logout();
        }
        return image;
      },
    });
    await queue.addPaths([folder]);
    const summary = await queue.start();
    const snap = queue.snapshot();
    expect(snap.authLost).toBe(true);
    expect(summary.uploaded).toBe(2);
    expect(summary.failed).toBe(1);
    expect(snap.items.filter((i) => i.state === 'queued')).toHaveLength(3);
    token = await server.loginToken();
    expect(await queue.retryFailed()).toMatchObject({ uploaded: 6, failed: 0 });
    expect(queue.snapshot().authLost).toBe(false);
  });

  it('fails a decompression bomb before decoding it, with the reason in the queue', { timeout: 60_000 }, async () => {
    const folder = path.join(dir, 'bomba');
    await mkdir(folder);
    await writeFile(path.join(folder, 'panorama.png'), await makePixelBomb());
    const before = (await api.listImages()).length;
    const { queue } = queueWith();
    expect(await queue.addPaths([folder])).toEqual({ added: 1, skipped: 0 });
    expect(await queue.start()).toMatchObject({ uploaded: 0, failed: 1 });
    expect(queue.snapshot().items).toMatchObject([
      { name: 'panorama.png', state: 'failed', error: TOO_MANY_PIXELS_MESSAGE, sentBytes: 0 },
    ]);
    expect((await api.listImages()).length).toBe(before);
  });
});
