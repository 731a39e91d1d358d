import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Image } from '@cabana/shared/schemas/image';
import { REPO_ROOT } from '../src/env';
import { startTestServer } from '../../test-support/server';

describe('sample photos on first start', () => {
  it('publishes every photo of server/seed/photos.json once, through the normal pipeline', async () => {
    const list = JSON.parse(await readFile(join(REPO_ROOT, 'server/seed/photos.json'), 'utf8')) as Array<{
      title: string;
    }>;
    expect(list.length).toBeGreaterThan(0);
    const dir = await mkdtemp(join(tmpdir(), 'cabana-seed-'));
    try {
      const a = await startTestServer({ dataDir: dir, env: { SEED_SAMPLE_PHOTOS: 'true' } });
      const images = (await (await fetch(`${a.apiUrl}/imagenes`)).json()) as Image[];
      expect(images.map((i) => i.title)).toEqual(list.map((p) => p.title));
      for (const img of images) {
        expect(img.status).toBe('published');
        expect(img.variants.length).toBeGreaterThanOrEqual(3);
        expect((await fetch(`${a.url}${img.secure_url}`)).status).toBe(200);
      }
      // The admin deletes one; a restart must not bring the samples back.
      const token = await a.loginToken();
      await fetch(`${a.apiUrl}/imagenes/${images[0]!.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      await a.close();
      const b = await startTestServer({ dataDir: dir, env: { SEED_SAMPLE_PHOTOS: 'true' } });
      expect(((await (await fetch(`${b.apiUrl}/imagenes`)).json()) as Image[]).length).toBe(images.length - 1);
      await b.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('starts normally when there is no sample list', async () => {
    const s = await startTestServer({
      env: { SEED_SAMPLE_PHOTOS: 'true', SEED_DIR: join(tmpdir(), 'no-such-seed-dir') },
    });
    try {
      expect(await (await fetch(`${s.apiUrl}/imagenes`)).json()).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
