import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pLimit, { type LimitFunction } from 'p-limit';
import { LIMITS } from '@cabana/shared/domain/config/limits';
import { ApiError } from '@cabana/shared/api/errors';
import type { ImageKind } from '@cabana/shared/domain/images/sniff';
import { titleFromFileName } from '@cabana/shared/domain/lib/file-title';
import { formatBytes } from '@cabana/shared/domain/lib/format-bytes';
import type { Image } from '@cabana/shared/domain/schemas/image';
import { readImageKind } from './file-type';
import { expandPaths } from './scan';
import type { PreparedImage } from './downscale';
import type { UploadFields, UploadFile, UploadOptions } from './api-client';

import type { QueueItem, QueueItemState, QueueSnapshot, QueueSummary, SkippedFile } from '../../contract/ipc';
export type { QueueItem, QueueItemState, QueueSnapshot, QueueSummary, SkippedFile };

export interface UploadQueueDeps {
  upload: (file: UploadFile, fields: UploadFields, opts: UploadOptions) => Promise<Image>;
  /**
   * Downscaling step; defaults to sending the file as it is. With `thumbnail` it also returns the
   * row's preview from the same decode, asked for when the preview pass has not made it yet.
   */
  prepare?: (data: Buffer, fileName: string, opts: { thumbnail: boolean }) => Promise<PreparedImage>;
  /** The preview pass: a row's preview as soon as it is queued, before any run. */
  thumbnail?: (filePath: string) => Promise<string | undefined>;
  /** Uploads at a time. */
  concurrency?: number;
  maxBytes?: number;
  /** Called (throttled by the caller if needed) after every change. */
  onChange?: (snapshot: QueueSnapshot) => void;
  now?: () => number;
}

export const SKIP_REASONS = {
  notImage: 'No es una imagen admitida (JPEG, PNG, WebP, AVIF o HEIC).',
  empty: 'El archivo está vacío.',
  duplicate: 'Ya está en la cola.',
  tooLarge: (size: number, max: number) => `Pesa ${formatBytes(size)}; el máximo es ${formatBytes(max)}.`,
} as const;

const CANCELLED_MESSAGE = 'Cancelada.';

/**
 * The bulk-upload queue: files checked by content, a few uploads at a time, per-file and
 * overall progress, retry of the failed ones, cancel of what is left, a summary per run.
 */
export class UploadQueue {
  private items: QueueItem[] = [];
  private skipped: SkippedFile[] = [];
  private controllers = new Map<string, AbortController>();
  private running = false;
  private authLost = false;
  private summary: QueueSummary | null = null;
  private runPromise: Promise<QueueSummary> | null = null;
  private runStats = { bytesSent: 0, bytesOriginal: 0, started: 0 };
  private readonly pool: LimitFunction;
  /** One turn in the pool per file queued during the run; the run ends when none is left. */
  private readonly turns = new Set<Promise<void>>();
  private readonly maxBytes: number;
  private readonly now: () => number;
  /** Items whose preview was made or tried (by the preview pass or while preparing). */
  private readonly previewed = new WeakSet<QueueItem>();

  constructor(private readonly deps: UploadQueueDeps) {
    this.pool = pLimit(Math.max(1, deps.concurrency ?? 3));
    this.maxBytes = deps.maxBytes ?? LIMITS.maxUploadBytes;
    this.now = deps.now ?? Date.now;
  }

  snapshot(): QueueSnapshot {
    const active = this.items.filter((i) => i.state !== 'cancelled');
    const progress = active.reduce((sum, i) => {
      if (i.state === 'done' || i.state === 'failed') return sum + 1;
      if (i.state === 'uploading' && i.totalBytes > 0) return sum + i.sentBytes / i.totalBytes;
      return sum;
    }, 0);
    return {
      items: this.items.map((i) => ({ ...i })),
      skipped: this.skipped.map((s) => ({ ...s })),
      running: this.running,
      authLost: this.authLost,
      overall: {
        total: active.length,
        done: this.count('done'),
        failed: this.count('failed'),
        cancelled: this.count('cancelled'),
        fraction: active.length ? progress / active.length : 0,
      },
      summary: this.summary ? { ...this.summary } : null,
    };
  }

  private count(state: QueueItemState): number {
    return this.items.filter((i) => i.state === state).length;
  }

  private changed(): void {
    this.deps.onChange?.(this.snapshot());
  }

  /** Adds dropped or picked files and folders; returns how many were queued and skipped. */
  async addPaths(paths: readonly string[]): Promise<{ added: number; skipped: number }> {
    const { files, unreadable } = await expandPaths(paths);
    let added = 0;
    const skippedBefore = this.skipped.length;
    for (const u of unreadable) this.skipped.push({ path: u.path, name: path.basename(u.path), reason: u.reason });
    const newItems: QueueItem[] = [];
    for (const f of files) {
      const name = path.basename(f.path);
      const skip = (reason: string) => this.skipped.push({ path: f.path, name, reason });
      if (this.items.some((i) => i.path === f.path && i.state !== 'done' && i.state !== 'cancelled')) {
        skip(SKIP_REASONS.duplicate);
        continue;
      }
      if (f.size === 0) {
        skip(SKIP_REASONS.empty);
        continue;
      }
      let kind: ImageKind | null;
      try {
        kind = await readImageKind(f.path);
      } catch {
        skip('No se pudo leer el archivo.');
        continue;
      }
      if (!kind) {
        skip(SKIP_REASONS.notImage);
        continue;
      }
      if (f.size > this.maxBytes) {
        skip(SKIP_REASONS.tooLarge(f.size, this.maxBytes));
        continue;
      }
      const item: QueueItem = {
        id: randomUUID(),
        path: f.path,
        name,
        size: f.size,
        title: titleFromFileName(name),
        state: 'queued',
        sentBytes: 0,
        totalBytes: 0,
      };
      this.items.push(item);
      newItems.push(item);
      added++;
    }
    // Files dropped while a run goes on join it.
    if (this.runPromise) this.schedule(newItems.length);
    this.changed();
    void this.makeThumbnails(newItems);
    return { added, skipped: this.skipped.length - skippedBefore };
  }

  private async makeThumbnails(items: QueueItem[]): Promise<void> {
    const make = this.deps.thumbnail;
    if (!make) return;
    for (const item of items) {
      // A photo the run reached first got its preview while it was prepared; one cleared away needs none.
      if (this.previewed.has(item) || !this.items.includes(item)) continue;
      this.previewed.add(item);
      const thumb = await make(item.path);
      if (thumb && this.items.includes(item)) {
        item.thumbnail = thumb;
        this.changed();
      }
    }
  }

  /** Edits a caption before it is sent. */
  setTitle(id: string, title: string): void {
    const item = this.items.find((i) => i.id === id);
    if (!item) throw new ApiError(404, { error: 'Esa foto ya no está en la cola.', code: 'NOT_FOUND' });
    if (item.state !== 'queued' && item.state !== 'failed') {
      throw new ApiError(409, { error: 'Esta foto ya se está subiendo o ya se subió.', code: 'CONFLICT' });
    }
    const clean = title.trim();
    if (!clean) throw new ApiError(400, { error: 'Escribe un título.', code: 'VALIDATION' });
    item.title = clean.slice(0, LIMITS.titleMax);
    this.changed();
  }

  /** Starts (or joins) a run over every queued file; resolves with the run's summary. */
  start(): Promise<QueueSummary> {
    if (this.runPromise) return this.runPromise;
    this.authLost = false;
    this.running = true;
    this.summary = null;
    this.runStats = { bytesSent: 0, bytesOriginal: 0, started: this.now() };
    this.changed();
    this.schedule(this.count('queued'));
    this.runPromise = new Promise<QueueSummary>((resolve, reject) => {
      // Turns booked meanwhile (files dropped or retried) are waited for too. The last check and
      // the end of the run happen in one step, so a later drop waits for the next start().
      const endWhenIdle = () => {
        if (this.turns.size > 0) Promise.all(this.turns).then(endWhenIdle).catch(reject);
        else resolve(this.endRun());
      };
      Promise.all(this.turns).then(endWhenIdle).catch(reject);
    });
    return this.runPromise;
  }

  private endRun(): QueueSummary {
    this.running = false;
    this.runPromise = null;
    const summary: QueueSummary = {
      uploaded: this.count('done'),
      failed: this.count('failed'),
      cancelled: this.count('cancelled'),
      skipped: this.skipped.length,
      bytesSent: this.runStats.bytesSent,
      bytesOriginal: this.runStats.bytesOriginal,
      ms: this.now() - this.runStats.started,
    };
    this.summary = summary;
    this.changed();
    return summary;
  }

  /** Puts the failed files back in the queue and runs it. */
  retryFailed(): Promise<QueueSummary> {
    let requeued = 0;
    for (const item of this.items) {
      if (item.state === 'failed') {
        item.state = 'queued';
        item.error = undefined;
        item.sentBytes = 0;
        requeued++;
      }
    }
    if (this.runPromise) this.schedule(requeued);
    return this.start();
  }

  /** Stops what is left: queued files are cancelled and uploads in flight are aborted. */
  cancel(): void {
    for (const item of this.items) {
      if (item.state === 'queued') {
        item.state = 'cancelled';
        item.error = CANCELLED_MESSAGE;
      }
    }
    for (const c of this.controllers.values()) c.abort();
    this.changed();
  }

  /** Forgets finished, cancelled and skipped entries (the list the owner sees gets short again). */
  clearFinished(): void {
    this.items = this.items.filter((i) => i.state !== 'done' && i.state !== 'cancelled');
    this.skipped = [];
    if (!this.running) this.summary = null;
    this.changed();
  }

  /** Resolves when the current run, if any, ends. */
  async idle(): Promise<void> {
    if (this.runPromise) await this.runPromise;
  }

  /**
   * Books `count` turns in the pool. A turn takes whichever file is first in line when it gets
   * its slot, so a file cancelled or edited meanwhile is seen as it is then.
   */
  private schedule(count: number): void {
    for (let i = 0; i < count; i++) {
      const turn = this.pool(async () => {
        if (this.authLost) return;
        const item = this.items.find((it) => it.state === 'queued');
        if (item) await this.uploadOne(item);
      });
      this.turns.add(turn);
      const done = () => void this.turns.delete(turn);
      turn.then(done, done);
    }
  }

  /**
   * Reads and prepares one file. Only what is sent outlives this call: while a downscaled copy goes
   * over a slow link, the original's bytes are no longer held.
   */
  private async prepare(item: QueueItem): Promise<PreparedImage> {
    // Claimed before the first await: the preview pass, busy with the row above, skips this one.
    const wantsPreview = !!this.deps.prepare && !this.previewed.has(item);
    if (wantsPreview) this.previewed.add(item);
    const original = await readFile(item.path);
    if (!this.deps.prepare) {
      return {
        data: original,
        type: 'application/octet-stream',
        fileName: item.name,
        reencoded: false,
        originalBytes: original.length,
      };
    }
    const prepared = await this.deps.prepare(original, item.name, { thumbnail: wantsPreview });
    if (prepared.thumbnail && !item.thumbnail) {
      item.thumbnail = prepared.thumbnail;
      this.changed();
    }
    return prepared;
  }

  private async uploadOne(item: QueueItem): Promise<void> {
    const controller = new AbortController();
    this.controllers.set(item.id, controller);
    item.state = 'preparing';
    item.sentBytes = 0;
    item.totalBytes = 0;
    this.changed();
    try {
      const prepared = await this.prepare(item);
      if (controller.signal.aborted) throw new ApiError(0, { error: CANCELLED_MESSAGE, code: 'CANCELLED' });
      if (prepared.data.length > this.maxBytes) {
        throw new ApiError(413, {
          error: SKIP_REASONS.tooLarge(prepared.data.length, this.maxBytes),
          code: 'PAYLOAD_TOO_LARGE',
        });
      }
      item.state = 'uploading';
      this.changed();
      const image = await this.deps.upload(
        { data: prepared.data, fileName: prepared.fileName, type: prepared.type },
        { title: item.title },
        {
          signal: controller.signal,
          onProgress: (sent, total) => {
            item.sentBytes = sent;
            item.totalBytes = total;
            this.changed();
          },
        },
      );
      item.state = 'done';
      item.imageId = image.id;
      item.error = undefined;
      this.runStats.bytesSent += prepared.data.length;
      this.runStats.bytesOriginal += prepared.originalBytes;
    } catch (err) {
      if (controller.signal.aborted) {
        item.state = 'cancelled';
        item.error = CANCELLED_MESSAGE;
      } else {
        item.state = 'failed';
        item.error = err instanceof ApiError ? err.message : 'No se pudo leer o preparar el archivo.';
        if (err instanceof ApiError && err.status === 401) this.authLost = true;
      }
    } finally {
      this.controllers.delete(item.id);
      this.changed();
    }
  }
}
