import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_ELONGATED_MESSAGE } from '@cabana/shared/domain/config/limits';
import { ImageSchema } from '@cabana/shared/domain/schemas/image';
import { DomainError } from '../src/domain-errors';
import { encodeVariants } from '../src/images/pipeline';
import { startTestServer, type TestServer } from '../../test-support/server';
import { FIXTURES } from '../../test-support/fixtures';
import { readError, readJson } from '../../test-support/json';
import { bearer, upload } from './helpers/http';
import { jpegWithGps } from './helpers/fixtures';
import { loggedErrors } from './helpers/logged';

/**
 * Issue 19, items 3 and 4: only the width was capped, so a 1600×16000 JPEG took 100 s of work
 * and 29 MB of disk, and a 500×30000 PNG failed in the AVIF encoder with a 500.
 */

/** A JPEG of pure noise: what no real photo is, and the most bytes its variants can take. */
const noiseJpeg = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();

const flat = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a7fa8' } });

describe('what a photo may be', () => {
  let s: TestServer;
  let admin: string;
  let logged: unknown[] = [];

  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.loginToken();
    logged = loggedErrors(s);
  });
  afterAll(() => s.close());

  /** Every file under images/ and the temporary folders: what uploads left on disk. */
  async function filesOnDisk(): Promise<string[]> {
    const out: string[] = [];
    for (const dir of ['images', '.staging', '.uploads']) {
      for (const entry of await readdir(join(s.dataDir, dir), { withFileTypes: true, recursive: true })) {
        if (entry.isFile()) out.push(join(entry.parentPath, entry.name));
      }
    }
    return out.sort();
  }

  it('refuses strips (1:10 either way, and the 500×30000 PNG of item 4) with a Spanish 400, leaving nothing; takes a 3:1 panorama and a 1:4 portrait', async () => {
    const before = await filesOnDisk();
    const strips: Array<[string, Buffer, string]> = [
      ['a tall JPEG strip', await flat(300, 3000).jpeg().toBuffer(), 'image/jpeg'],
      ['a wide JPEG strip', await flat(3000, 300).jpeg().toBuffer(), 'image/jpeg'],
      ['a 500×30000 PNG', await flat(500, 30_000).png().toBuffer(), 'image/png'],
      // Refused by the HEIC decoder's worker from the header, before a pixel is decoded.
      ['a HEIC strip', await readFile(FIXTURES.heicStrip), 'image/heic'],
    ];
    for (const [label, data, type] of strips) {
      // Anonymous and the owner alike: the shape is what the worker cannot afford.
      for (const headers of [{}, bearer(admin)]) {
        const res = await upload(s, data, { type, headers });
        expect(res.status, label).toBe(400);
        const err = await readError(res);
        expect(err.code).toBe('VALIDATION');
        expect(err.error).toBe(TOO_ELONGATED_MESSAGE);
        expect(err.fields?.image).toBe(TOO_ELONGATED_MESSAGE);
      }
    }
    expect(TOO_ELONGATED_MESSAGE).toMatch(/alargada.*4 veces/);
    expect(await filesOnDisk()).toEqual(before);
    expect(logged).toEqual([]);

    // Up to the limit, a photo is taken whole; its variants stay within the widths offered.
    for (const [width, height] of [
      [2400, 800],
      [800, 3200],
    ] as const) {
      const res = await upload(s, await jpegWithGps(width, height), { headers: bearer(admin) });
      expect(res.status, `${width}×${height}`).toBe(201);
      const img = await readJson(res, ImageSchema);
      expect([img.width, img.height]).toEqual([width, height]);
      expect(Math.max(...img.variants.map((v) => v.width))).toBe(Math.min(width, 1600));
    }
  });

  // Encoding 10 MP of noise takes 10-25 s on this shared machine before the limit is known.
  it(
    'bounds what one photo’s variants take on disk: a 1:4 photo of pure noise gets a Spanish 413',
    { timeout: 120_000 },
    async () => {
      const before = await filesOnDisk();
      const res = await upload(s, await noiseJpeg(1600, 6400), { headers: bearer(admin) });
      expect(res.status).toBe(413);
      const err = await readError(res);
      expect(err.code).toBe('PAYLOAD_TOO_LARGE');
      expect(err.error).toMatch(/16 MB/);
      expect(await filesOnDisk()).toEqual(before);
      expect(logged).toEqual([]);
    },
  );
});

describe('an encoder that fails', () => {
  it('is a Spanish 415 (UNSUPPORTED_MEDIA_TYPE), not an internal error', async () => {
    // 500×30000 is past what HEIF (AVIF) can hold (16384 on a side): libvips' AVIF encoder fails.
    const { data, info } = await flat(500, 30_000).raw().toBuffer({ resolveWithObject: true });
    const failure = await encodeVariants(data, { width: info.width, height: info.height, channels: 3 }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(DomainError);
    expect((failure as DomainError).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((failure as DomainError).message).toMatch(/procesar/);
  });
});
