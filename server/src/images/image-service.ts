import { randomBytes } from 'node:crypto';
import { MEDIA_PREFIX } from '@cabana/shared/api/paths';
import type { Image, UpdateImageInput, UploadImageFields } from '@cabana/shared/schemas/image';
import type { Store } from '../db/store';
import { nextImagePosition, type StoredImage } from '../db/schema';
import { processImage, toVariantFiles } from './pipeline';
import { ImageFiles, IMAGE_ID_PATTERN } from './storage';
import { WorkQueue } from './queue';

export type OrderProblem = 'duplicate' | 'unknown' | 'missing';

export const newImageId = () => randomBytes(12).toString('base64url');

export interface ImageServiceOptions {
  /** Absolute origin prefixed to media URLs (PUBLIC_URL); relative URLs when absent. */
  publicUrl?: string;
  concurrency: number;
  maxWaiting: number;
}

export class ImageService {
  readonly files: ImageFiles;
  readonly queue: WorkQueue;

  constructor(
    readonly store: Store,
    dataDir: string,
    readonly opts: ImageServiceOptions,
  ) {
    this.files = new ImageFiles(dataDir);
    this.queue = new WorkQueue(opts.concurrency, opts.maxWaiting);
  }

  toApi(img: StoredImage): Image {
    const { files: _files, position: _position, ...rest } = img;
    const prefix = this.opts.publicUrl ?? '';
    if (!prefix) return rest;
    return {
      ...rest,
      secure_url: prefix + rest.secure_url,
      variants: rest.variants.map((v) => ({ ...v, url: prefix + v.url })),
    };
  }

  find(id: string): StoredImage | undefined {
    if (!IMAGE_ID_PATTERN.test(id)) return undefined;
    return this.store.data.images.find((i) => i.id === id);
  }

  /** Published photos in the owner's order; pending ones newest first (the review queue). */
  list(status: Image['status']): Image[] {
    const chosen = this.store.data.images.filter((i) => i.status === status);
    if (status === 'published') chosen.sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
    else chosen.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
    return chosen.map((i) => this.toApi(i));
  }

  /** Turns an uploaded file into a stored image; throws 415/413/503 AppErrors for bad or too much input. */
  async create(file: string, fields: UploadImageFields, status: Image['status']): Promise<Image> {
    return this.queue.run(async () => {
      const processed = await processImage(file);
      const id = newImageId();
      await this.files.commit(id, toVariantFiles(processed));
      const url = (name: string) => `${MEDIA_PREFIX}/${id}/${name}`;
      const jpegs = processed.variants.filter((v) => v.format === 'jpeg');
      const best = jpegs[jpegs.length - 1]!;
      const record: StoredImage = {
        id,
        secure_url: url(best.name),
        title: fields.title,
        description: fields.description,
        width: processed.width,
        height: processed.height,
        placeholder: processed.placeholder,
        variants: processed.variants.map((v) => ({
          url: url(v.name),
          width: v.width,
          height: v.height,
          format: v.format,
        })),
        tags: fields.tags
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean)
          .slice(0, 20),
        status,
        ...(fields.uploaded_by ? { uploaded_by: fields.uploaded_by } : {}),
        created_at: new Date().toISOString(),
        files: processed.variants.map((v) => v.name),
        ...(status === 'published' ? { position: nextImagePosition(this.store.data.images) } : {}),
      };
      this.store.data.images.push(record);
      await this.store.save();
      return this.toApi(record);
    });
  }

  async update(id: string, input: UpdateImageInput): Promise<Image | undefined> {
    const img = this.find(id);
    if (!img) return undefined;
    if (input.title !== undefined) img.title = input.title;
    if (input.description !== undefined) img.description = input.description;
    await this.store.save();
    return this.toApi(img);
  }

  async approve(id: string): Promise<Image | undefined> {
    const img = this.find(id);
    if (!img) return undefined;
    if (img.status !== 'published') {
      img.position = nextImagePosition(this.store.data.images);
      img.status = 'published';
    }
    await this.store.save();
    return this.toApi(img);
  }

  /**
   * Puts the published photos in the given order. `ids` must name every published photo exactly
   * once; otherwise nothing changes and the answer says which rule it broke.
   */
  async reorder(ids: readonly string[]): Promise<{ ok: true; images: Image[] } | { ok: false; reason: OrderProblem }> {
    const published = new Map(
      this.store.data.images.filter((i) => i.status === 'published').map((i) => [i.id, i] as const),
    );
    if (new Set(ids).size !== ids.length) return { ok: false, reason: 'duplicate' };
    if (ids.some((id) => !published.has(id))) return { ok: false, reason: 'unknown' };
    if (ids.length !== published.size) return { ok: false, reason: 'missing' };
    ids.forEach((id, i) => (published.get(id)!.position = i));
    await this.store.save();
    return { ok: true, images: this.list('published') };
  }

  /** Record first, files after: a crash in between leaves an orphan folder that start-up sweeps. */
  async remove(id: string): Promise<boolean> {
    const img = this.find(id);
    if (!img) return false;
    const images = this.store.data.images;
    images.splice(images.indexOf(img), 1);
    await this.store.save();
    await this.files.remove(id);
    return true;
  }

  async sweep() {
    return this.files.sweep(new Set(this.store.data.images.map((i) => i.id)));
  }
}
