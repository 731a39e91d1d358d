import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { UploadImageFieldsSchema } from '@cabana/shared/domain/schemas/image';
import type { ImageService } from './images/image-service';
import type { Store } from './db/store';
import type { Logger } from './lib/logger';

const SeedListSchema = z.array(
  z.object({ file: z.string().regex(/^[\w.-]+$/), title: z.string(), description: z.string().default('') }),
);

/**
 * First start with an empty data folder: publish the sample photos through the normal pipeline,
 * so a fresh install shows a complete gallery. Skipped while the list does not exist yet.
 */
export async function seedSamplePhotos(
  seedDir: string,
  store: Store,
  images: ImageService,
  log: Logger,
): Promise<number> {
  if (!store.data.seeded && store.data.images.length > 0) return 0;
  let list: z.infer<typeof SeedListSchema>;
  try {
    list = SeedListSchema.parse(JSON.parse(await fs.readFile(path.join(seedDir, 'photos.json'), 'utf8')));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    log.error('seed: photos.json is not valid; no sample photos published', err);
    return 0;
  }
  if (store.data.seeded) {
    await markEarlierSamples(list, store);
    return 0;
  }
  let count = 0;
  // New photos go last in the owner's order, so the list's order is the gallery's.
  for (const item of list) {
    const fields = UploadImageFieldsSchema.safeParse({
      title: item.title,
      description: item.description,
      tags: BUSINESS.uploadTags,
    });
    if (!fields.success) {
      log.error(`seed: skipped ${item.file} (bad title or description)`);
      continue;
    }
    try {
      // Marked: the panel lists them as samples to replace ("Primeros pasos", issue 35).
      await images.create(path.join(seedDir, 'photos', item.file), fields.data, 'published', true);
      count++;
    } catch (err) {
      log.error(`seed: skipped ${item.file}`, err);
    }
  }
  store.data.seeded = true;
  await store.save();
  log.info(
    `seed: published ${count} sample photos (illustrations, not the cabin: the panel's Resumen lists them to replace)`,
  );
  return count;
}

/**
 * Sample photos seeded before they were marked (issue 35): the published ones nobody sent from the
 * site whose title and description are still the list's get the mark, so "Primeros pasos" lists
 * them too. A photo the owner retitled is theirs now. One save, only when something changed.
 */
async function markEarlierSamples(list: z.infer<typeof SeedListSchema>, store: Store): Promise<void> {
  const samples = new Set(list.map((item) => `${item.title}\n${item.description}`));
  let changed = false;
  for (const img of store.data.images) {
    if (img.sample || img.uploaded_by !== undefined || img.status !== 'published') continue;
    if (!samples.has(`${img.title}\n${img.description}`)) continue;
    img.sample = true;
    changed = true;
  }
  if (changed) await store.save();
}
