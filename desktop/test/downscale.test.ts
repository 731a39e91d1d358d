import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { prepareImage, thumbnailDataUrl } from '../electron/lib/downscale';
import { acceptedImageKind } from '@cabana/shared/domain/images/sniff';
import { TOO_ELONGATED_MESSAGE, TOO_MANY_PIXELS_MESSAGE } from '@cabana/shared/domain/config/limits';
import { makePhoto, makePixelBomb } from './helpers/photos';

describe('downscale before upload', () => {
  it(
    'turns a 12-MP phone photo into an upright 2560-px JPEG without EXIF, far fewer bytes',
    { timeout: 90_000 },
    async () => {
      // Stored 4000×3000 landscape with orientation 6: the photo is really a 3000×4000 portrait.
      const original = await makePhoto({ width: 4000, height: 3000, orientation: 6, gps: true, seed: 7 });
      expect((await exifr.gps(original))?.latitude).toBeCloseTo(9.5056, 3);

      const out = await prepareImage(original, 'IMG_0001.jpeg');
      expect(out.reencoded).toBe(true);
      expect(out.type).toBe('image/jpeg');
      expect(out.fileName).toBe('IMG_0001.jpg');
      expect(acceptedImageKind(out.data)).toBe('jpeg');
      const meta = await sharp(out.data).metadata();
      expect([meta.width, meta.height]).toEqual([1920, 2560]);
      expect([out.width, out.height]).toEqual([1920, 2560]);
      expect(meta.orientation ?? 1).toBe(1);
      expect(meta.exif).toBeUndefined();
      expect(await exifr.parse(out.data, { gps: true })).toBeUndefined();
      expect(out.originalBytes).toBe(original.length);
      expect(out.data.length).toBeLessThan(original.length * 0.5);
    },
  );

  it('sends small images untouched', async () => {
    const small = await makePhoto({ width: 800, height: 600 });
    const out = await prepareImage(small, 'pequena.jpg');
    expect(out.reencoded).toBe(false);
    expect(out.data).toBe(small);
    expect(out.type).toBe('image/jpeg');
    expect(out.fileName).toBe('pequena.jpg');
  });

  it('keeps transparency (WebP) for a large PNG with alpha', { timeout: 90_000 }, async () => {
    const png = await makePhoto({ width: 3000, height: 1500, format: 'png', alpha: true });
    const out = await prepareImage(png, 'logo.png');
    expect(out.reencoded).toBe(true);
    expect(out.type).toBe('image/webp');
    expect(out.fileName).toBe('logo.webp');
    const meta = await sharp(out.data).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([2560, 1280, true]);
  });

  it('passes HEIC it cannot decode through untouched, and leaves unknown bytes alone', async () => {
    const size = Buffer.alloc(4);
    size.writeUInt32BE(24);
    // An ftyp box that says HEIC, then garbage: what an HEVC HEIC looks like to a libvips without HEVC.
    const heic = Buffer.concat([size, Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(3_000_000, 7)]);
    const out = await prepareImage(heic, 'IMG_4501.HEIC');
    expect(out).toMatchObject({ reencoded: false, type: 'image/heic', fileName: 'IMG_4501.HEIC' });
    expect(out.data).toBe(heic);

    const text = Buffer.from('not an image');
    expect((await prepareImage(text, 'notas.txt')).data).toBe(text);
  });

  it('refuses an image over the pixel limit from its header, thumbnail included', { timeout: 60_000 }, async () => {
    const bomb = await makePixelBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(prepareImage(bomb, 'panorama.png')).rejects.toMatchObject({
      status: 413,
      message: TOO_MANY_PIXELS_MESSAGE,
    });
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bomb-'));
    try {
      await writeFile(path.join(dir, 'panorama.png'), bomb);
      expect(await thumbnailDataUrl(path.join(dir, 'panorama.png'))).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a strip (1:10) from its header with the server’s reason, and lets a 1:4 photo through', async () => {
    const strip = await sharp({ create: { width: 400, height: 4000, channels: 3, background: '#2a7fa8' } })
      .png()
      .toBuffer();
    await expect(prepareImage(strip, 'tira.png')).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: TOO_ELONGATED_MESSAGE,
      fields: { image: TOO_ELONGATED_MESSAGE },
    });
    const tall = await sharp({ create: { width: 400, height: 1600, channels: 3, background: '#2a7fa8' } })
      .png()
      .toBuffer();
    expect(await prepareImage(tall, 'alta.png')).toMatchObject({ width: 400, height: 1600 });
  });

  it('makes a small upright thumbnail for the queue', async () => {
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'thumb-'));
    try {
      const file = path.join(dir, 'a.jpg');
      const bytes = await makePhoto({ width: 1200, height: 900, orientation: 6 });
      await writeFile(file, bytes);
      const url = await thumbnailDataUrl(file);
      expect(url?.startsWith('data:image/jpeg;base64,')).toBe(true);
      const meta = await sharp(Buffer.from(url!.split(',')[1]!, 'base64')).metadata();
      expect([meta.width, meta.height]).toEqual([96, 96]);
      // Preparing a photo that goes as it is can make the same preview in the same turn.
      const prepared = await prepareImage(bytes, 'a.jpg', { thumbnail: true });
      expect(prepared).toMatchObject({ reencoded: false, thumbnail: url });
      expect((await prepareImage(bytes, 'a.jpg')).thumbnail).toBeUndefined();
      await writeFile(path.join(dir, 'b.txt'), 'hola');
      expect(await thumbnailDataUrl(path.join(dir, 'b.txt'))).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
