import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestServer } from './server';
import { makePhoto } from './photo';

/** Distinct pictures drawn; the rest of the 24 reuse them (the pipeline does the same work for each). */
const DISTINCT = 6;

/**
 * A data folder with `count` published 12-MP photos that went through the real pipeline. Drawing
 * and processing them takes minutes on a small machine, so the result is kept in the temp folder
 * and each caller gets its own copy (a server locks and writes its folder).
 */
export async function seededDataDir(count = 24, log: (msg: string) => void = console.log): Promise<string> {
  const cache = path.join(os.tmpdir(), `cabana-bench-data-${count}-v1`);
  if (!existsSync(path.join(cache, '.ready'))) {
    await fs.rm(cache, { recursive: true, force: true });
    await fs.mkdir(cache, { recursive: true });
    const started = Date.now();
    const photos: string[] = [];
    for (let i = 0; i < Math.min(DISTINCT, count); i++) {
      const file = path.join(cache, `.photo-${i}.jpg`);
      await makePhoto(file, i);
      photos.push(file);
    }
    const server = await startTestServer({ dataDir: cache });
    try {
      for (let i = 0; i < count; i++) {
        await server.running.deps.images.create(
          photos[i % photos.length]!,
          { title: `Foto ${i + 1} de la cabaña`, description: 'Vista de la cabaña y del mar.', tags: 'bench' },
          'published',
        );
      }
    } finally {
      await server.close();
    }
    for (const file of photos) await fs.rm(file);
    await fs.writeFile(path.join(cache, '.ready'), '');
    log(`seeded ${count} photos of 12 MP in ${((Date.now() - started) / 1000).toFixed(0)} s → ${cache}`);
  }
  const copy = await fs.mkdtemp(path.join(os.tmpdir(), 'cabana-bench-run-'));
  await fs.cp(cache, copy, { recursive: true, filter: (src) => path.basename(src) !== '.ready' });
  return copy;
}
