import { MEDIA_PREFIX } from '@cabana/shared/api/http';
import type { Image, UpdateImageInput, UploadImageFields } from '@cabana/shared/domain/schemas/image';
import type { Store } from '../db/store';
import { nextImagePosition, type StoredImage } from '../db/schema';
import { processImage, toVariantFiles } from './pipeline';
import { newestFirst } from '@cabana/shared/domain/lib/newest-first';
import { isRecordId, newRecordId } from '../lib/ids';
import { ImageFiles } from './storage';
import { WorkQueue } from './queue';
import { ACCESS_PARAM, MediaAccess } from './media-access';
import { crashPoint } from '../lib/crash-points';
import { insufficientStorage, rateLimited } from '../domain-errors';

const PENDING_FULL = 'Ya hay muchas fotos esperando revisión. Inténtalo de nuevo más tarde.';
const PENDING_NO_ROOM = 'Ya no queda espacio para más fotos en espera de revisión. Inténtalo de nuevo más tarde.';
/** Room is made when the owner reviews the photos, which may take a while: try again in an hour. */
const PENDING_RETRY_SECONDS = 3600;

/**
 * Who an image is shown to: the public never sees who sent a photo; the uploader gets back what
 * they sent; the admin also gets signed links to photos still waiting for approval.
 */
export type Audience = 'public' | 'uploader' | 'admin';

export type OrderProblem = 'duplicate' | 'unknown' | 'missing';

export interface ImageServiceOptions {
  /** Absolute origin prefixed to media URLs (PUBLIC_URL); relative URLs when absent. */
  publicUrl?: string;
  concurrency: number;
  maxWaiting: number;
  /** The app's clock (start.ts); the time of day otherwise. */
  now?: () => number;
  /** Photos waiting for approval: how many, and how many bytes of files, at most. */
  pending: { maxCount: number; maxBytes: number };
}

export class ImageService {
  readonly files: ImageFiles;
  readonly queue: WorkQueue;
  readonly access: MediaAccess;
  /** Pending photos being written (counted before their record exists). */
  #writing = { count: 0, bytes: 0 };

  constructor(
    readonly store: Store,
    dataDir: string,
    readonly opts: ImageServiceOptions,
  ) {
    this.files = new ImageFiles(dataDir);
    this.queue = new WorkQueue(opts.concurrency, opts.maxWaiting);
    this.access = new MediaAccess(store, { ttlMs: 12 * 3_600_000 });
  }

  toApi(img: StoredImage, audience: Audience = 'public'): Image {
    const { files: _files, position: _position, bytes: _bytes, uploaded_by, sample, ...rest } = img;
    const prefix = this.opts.publicUrl ?? '';
    const query =
      audience === 'admin' && img.status === 'pending' ? `?${ACCESS_PARAM}=${this.access.sign(img.id)}` : '';
    const link = (url: string) => prefix + url + query;
    return {
      ...rest,
      ...(audience !== 'public' && uploaded_by !== undefined ? { uploaded_by } : {}),
      ...(audience === 'admin' && sample ? { sample } : {}),
      secure_url: link(rest.secure_url),
      variants: rest.variants.map((v) => ({ ...v, url: link(v.url) })),
    };
  }

  find(id: string): StoredImage | undefined {
    if (!isRecordId(id)) return undefined;
    return this.store.data.images.find((i) => i.id === id);
  }

  /** Published photos in the owner's order; pending ones newest first (the review queue). */
  list(status: Image['status'], audience: Audience = 'public'): Image[] {
    const chosen = this.store.view.images.filter((i) => i.status === status);
    const ordered =
      status === 'published'
        ? chosen.sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
        : newestFirst(chosen, (i) => i.created_at);
    return ordered.map((i) => this.toApi(i, audience));
  }

  /**
   * Throws unless one more photo may wait for approval: 429 when too many already wait, 507 when
   * their files fill their room (or would, with `bytes` more). Checked before an upload's body is
   * read, and again once its variants are made and their size is known.
   */
  checkPendingRoom(bytes = 0): void {
    let { count, bytes: used } = this.#writing;
    for (const img of this.store.view.images) {
      if (img.status !== 'pending') continue;
      count++;
      used += img.bytes ?? 0;
    }
    const { maxCount, maxBytes } = this.opts.pending;
    if (count >= maxCount) throw rateLimited(PENDING_FULL, PENDING_RETRY_SECONDS);
    if (bytes === 0 ? used >= maxBytes : used + bytes > maxBytes) throw insufficientStorage(PENDING_NO_ROOM);
  }

  /** Turns an uploaded file into a stored image; throws DomainErrors for bad or too much input. */
  /** `sample`: one of the seed's sample photos (issue 35). */
  async create(file: string, fields: UploadImageFields, status: Image['status'], sample = false): Promise<Image> {
    return this.queue.run(async () => {
      const processed = await processImage(file);
      const bytes = processed.variants.reduce((n, v) => n + v.data.length, 0);
      // Checked and reserved at once: another photo written meanwhile cannot take the same room.
      const reserved = status === 'pending' ? { count: 1, bytes } : { count: 0, bytes: 0 };
      if (status === 'pending') this.checkPendingRoom(bytes);
      this.#writing.count += reserved.count;
      this.#writing.bytes += reserved.bytes;
      const id = newRecordId();
      try {
        await this.files.commit(id, toVariantFiles(processed));
      } finally {
        this.#writing.count -= reserved.count;
        this.#writing.bytes -= reserved.bytes;
      }
      crashPoint('images:before-record');
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
        ...(sample ? { sample: true as const } : {}),
        created_at: new Date((this.opts.now ?? Date.now)()).toISOString(),
        files: processed.variants.map((v) => v.name),
        bytes,
        ...(status === 'published' ? { position: nextImagePosition(this.store.data.images) } : {}),
      };
      this.store.data.images.push(record);
      try {
        await this.store.save();
      } catch (err) {
        // The record went back out with the failed save: its files must not linger.
        await this.files.remove(id).catch(() => undefined);
        throw err;
      }
      return this.toApi(record, status === 'published' ? 'admin' : 'uploader');
    });
  }

  async update(id: string, input: UpdateImageInput): Promise<Image | undefined> {
    const img = this.find(id);
    if (!img) return undefined;
    if (input.title !== undefined) img.title = input.title;
    if (input.description !== undefined) img.description = input.description;
    // An empty English text removes it: the pages fall back to the Spanish one.
    for (const key of ['titleEn', 'descriptionEn'] as const) {
      const value = input[key];
      if (value === undefined) continue;
      if (value) img[key] = value;
      else delete img[key];
    }
    await this.store.save();
    return this.toApi(img, 'admin');
  }

  async approve(id: string): Promise<Image | undefined> {
    const img = this.find(id);
    if (!img) return undefined;
    if (img.status !== 'published') {
      img.position = nextImagePosition(this.store.data.images);
      img.status = 'published';
    }
    await this.store.save();
    return this.toApi(img, 'admin');
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
    return { ok: true, images: this.list('published', 'admin') };
  }

  /** Record first, files after: a crash in between leaves an orphan folder that start-up sweeps. */
  async remove(id: string): Promise<boolean> {
    const img = this.find(id);
    if (!img) return false;
    const images = this.store.data.images;
    images.splice(images.indexOf(img), 1);
    await this.store.save({ forget: true });
    crashPoint('images:before-file-removal');
    await this.files.remove(id);
    return true;
  }

  /**
   * Deletes the photos still waiting for approval that arrived before `cutoff` (epoch ms), with
   * the name of whoever sent them: records first, then files, as `remove` does.
   */
  async removePendingBefore(cutoff: number): Promise<number> {
    const images = this.store.data.images;
    const expired = new Set(
      images.filter((i) => i.status === 'pending' && Date.parse(i.created_at) < cutoff).map((i) => i.id),
    );
    if (expired.size === 0) return 0;
    images.splice(0, Infinity, ...images.filter((i) => !expired.has(i.id)));
    await this.store.save({ forget: true });
    for (const id of expired) await this.files.remove(id);
    return expired.size;
  }

  /** Start-up: pending photos stored before their size was kept get it, so their room is counted. */
  async measurePending(): Promise<void> {
    let changed = false;
    for (const img of this.store.data.images) {
      if (img.status !== 'pending' || img.bytes !== undefined) continue;
      img.bytes = await this.files.sizeOf(img.id, img.files);
      changed = true;
    }
    if (changed) await this.store.save();
  }

  async sweep() {
    return this.files.sweep(new Set(this.store.data.images.map((i) => i.id)));
  }
}
