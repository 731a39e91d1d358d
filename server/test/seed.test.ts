import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Data } from '../src/db/schema';
import { readStoredData, writeStoredData } from '../../test-support/data-folder';
import type { Image } from '@cabana/shared/domain/schemas/image';
import { REPO_ROOT } from '../src/env';
import { startTestServer } from '../../test-support/server';

describe('sample photos on first start', () => {
  it('publishes every photo of server/seed/photos.json once, through the normal pipeline', async () => {
    const seedDir = join(REPO_ROOT, 'server/seed');
    const list = JSON.parse(await readFile(join(seedDir, 'photos.json'), 'utf8')) as Array<{
      file: string;
      title: string;
    }>;
    expect(list.length).toBeGreaterThan(0);
    // The shipped photos: each one listed is there, a JPEG as wide as the widest variant.
    for (const { file } of list) {
      const meta = await sharp(join(seedDir, 'photos', file)).metadata();
      expect([meta.format, meta.width >= 1600], file).toEqual(['jpeg', true]);
    }
    // The same list with the same photos at 400 px: the seeding is what is tested here, and the
    // pipeline costs seconds per full-size photo (it has tests of its own).
    const dir = await mkdtemp(join(tmpdir(), 'cabana-seed-'));
    const smallSeed = join(dir, 'seed');
    const dataDir = join(dir, 'data');
    await mkdir(join(smallSeed, 'photos'), { recursive: true });
    await copyFile(join(seedDir, 'photos.json'), join(smallSeed, 'photos.json'));
    for (const { file } of list) {
      await sharp(join(seedDir, 'photos', file))
        .resize({ width: 400 })
        .jpeg()
        .toFile(join(smallSeed, 'photos', file));
    }
    const env = { SEED_SAMPLE_PHOTOS: 'true', SEED_DIR: smallSeed };
    try {
      const a = await startTestServer({ dataDir, env });
      const images = (await (await fetch(`${a.apiUrl}/imagenes`)).json()) as Image[];
      expect(images.map((i) => i.title)).toEqual(list.map((p) => p.title));
      for (const img of images) {
        expect(img.status).toBe('published');
        expect(img.variants.length).toBeGreaterThanOrEqual(3);
        expect((await fetch(`${a.url}${img.secure_url}`)).status).toBe(200);
      }
      // Marked as samples for the owner ("Primeros pasos", issue 35); the public list does not say so.
      expect(images.some((i) => 'sample' in i)).toBe(false);
      const token = await a.loginToken();
      const owners = (await (
        await fetch(`${a.apiUrl}/imagenes`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as Image[];
      expect(owners.map((i) => i.sample)).toEqual(list.map(() => true));
      // The admin deletes one; a restart must not bring the samples back.
      await fetch(`${a.apiUrl}/imagenes/${images[0]!.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      await a.close();
      // As a version before the mark left them: a restart marks the samples still as seeded.
      const saved: Partial<Data> = await readStoredData(dataDir);
      for (const img of saved.images ?? []) delete img.sample;
      saved.images![1]!.title = 'Mi terraza';
      await writeStoredData(dataDir, saved);
      const b = await startTestServer({ dataDir, env });
      expect(((await (await fetch(`${b.apiUrl}/imagenes`)).json()) as Image[]).length).toBe(images.length - 1);
      const marked = (await (
        await fetch(`${b.apiUrl}/imagenes`, { headers: { authorization: `Bearer ${await b.loginToken()}` } })
      ).json()) as Image[];
      // The one the owner retitled is theirs now.
      expect(marked.map((i) => i.sample ?? false)).toEqual(marked.map((i) => i.title !== 'Mi terraza'));
      expect(marked.filter((i) => i.sample)).toHaveLength(images.length - 2);
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
