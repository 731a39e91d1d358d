import path from 'node:path';
import { ApiError } from '@cabana/shared/api/errors';
import { LIMITS } from '@cabana/shared/domain/config/limits';
import { acceptedImageKind } from '@cabana/shared/domain/images/sniff';
import { formatBytes } from '@cabana/shared/domain/lib/format-bytes';
import type { Image } from '@cabana/shared/domain/schemas/image';
import type { DesktopApiClient } from './api-client';
import { prepareImage, thumbnailDataUrl, type DownscaleOptions } from './downscale';
import { UploadQueue } from './upload-queue';
import { viaMediaProtocol } from './desktop-panel-calls';
import type { ImageUploadProgress, QueueSnapshot, UploadThumbnail } from '../../contract/ipc';

export const PATH_NOT_GRANTED =
  'Solo se pueden agregar fotos soltadas en esta ventana o elegidas con «Elegir fotos» o «Elegir carpeta».';

/** Paths remembered as dropped or picked; beyond this the oldest are forgotten. */
const MAX_GRANTED_PATHS = 20_000;

/** Calls `fn` at most once per `ms`, always delivering the last value. */
function throttle<T>(fn: (v: T) => void, ms: number): (v: T) => void {
  let last = 0;
  let timer: NodeJS.Timeout | undefined;
  let pending: T | undefined;
  let has = false;
  return (v: T) => {
    pending = v;
    has = true;
    const wait = last + ms - Date.now();
    if (wait <= 0 && !timer) {
      last = Date.now();
      has = false;
      fn(v);
      return;
    }
    if (!timer) {
      timer = setTimeout(
        () => {
          timer = undefined;
          last = Date.now();
          if (has) {
            has = false;
            fn(pending as T);
          }
        },
        Math.max(0, wait),
      );
    }
  };
}

/** The desktop service's options about uploads (see DesktopServiceOptions). */
export interface UploadSettings {
  /** Opens the system file picker; main supplies Electron's dialog, tests a fixed list. */
  pickPaths?: (folders: boolean) => Promise<string[]>;
  /** Queue snapshots, without thumbnails (they go once each through onUploadThumbnail). */
  onQueueChange?: (snapshot: QueueSnapshot) => void;
  onUploadThumbnail?: (thumbnail: UploadThumbnail) => void;
  onImageUploadProgress?: (progress: ImageUploadProgress) => void;
  concurrency?: number;
  downscale?: DownscaleOptions;
  /** Minimum ms between two queue pushes to the renderer. */
  pushIntervalMs?: number;
}

interface DesktopUploadsOptions extends UploadSettings {
  /** Runs an authenticated call (the session's `authed`). */
  authed: <T>(fn: (c: DesktopApiClient) => Promise<T>) => Promise<T>;
}

/**
 * The desktop app's photo uploads: the panel form's single uploads and the bulk-upload queue
 * (dropped or picked files and folders; only those paths may be uploaded).
 */
export function createDesktopUploads(opts: DesktopUploadsOptions) {
  const panelUploads = new Map<string, AbortController>();
  // What the owner dropped on the window or chose in a picker: the only paths the renderer may
  // ask to upload, so a compromised page cannot send other files from this computer.
  const grantedPaths = new Set<string>();

  function grantPaths(paths: readonly string[]): void {
    for (const p of paths) {
      const abs = path.resolve(p);
      grantedPaths.delete(abs);
      grantedPaths.add(abs);
    }
    for (const oldest of grantedPaths) {
      if (grantedPaths.size <= MAX_GRANTED_PATHS) break;
      grantedPaths.delete(oldest);
    }
  }

  // Previews are a few KB each: sending them with every progress push would copy the whole list's
  // images ten times a second, so each goes once on its own and snapshots leave them out.
  const sentThumbnails = new Set<string>();
  const push = throttle<QueueSnapshot>((s) => {
    for (const item of s.items) {
      if (item.thumbnail && !sentThumbnails.has(item.id)) {
        sentThumbnails.add(item.id);
        opts.onUploadThumbnail?.({ id: item.id, dataUrl: item.thumbnail });
      }
    }
    opts.onQueueChange?.({ ...s, items: s.items.map(({ thumbnail: _thumbnail, ...rest }) => rest) });
  }, opts.pushIntervalMs ?? 100);
  const queue = new UploadQueue({
    concurrency: opts.concurrency ?? 3,
    prepare: (data, name, { thumbnail }) => prepareImage(data, name, { ...opts.downscale, thumbnail }),
    thumbnail: (p) => thumbnailDataUrl(p),
    upload: (file, fields, uploadOpts) => opts.authed((c) => c.uploadImage(file, fields, uploadOpts)),
    onChange: push,
  });

  return {
    /** True while a bulk upload runs. */
    running: (): boolean => queue.snapshot().running,
    /** One upload from the panel's own form, downscaled like the bulk ones. */
    async uploadImage(args: {
      uploadId: string;
      fileName: string;
      bytes: Uint8Array;
      title: string;
      description: string;
    }): Promise<Image> {
      const data = Buffer.from(args.bytes.buffer, args.bytes.byteOffset, args.bytes.byteLength);
      if (data.length > LIMITS.maxUploadBytes) {
        throw new ApiError(413, {
          error: `La foto pesa ${formatBytes(data.length)}; el máximo es ${formatBytes(LIMITS.maxUploadBytes)}.`,
          code: 'PAYLOAD_TOO_LARGE',
        });
      }
      if (!acceptedImageKind(data)) {
        throw new ApiError(415, {
          error: 'El archivo no es una imagen admitida (JPEG, PNG, WebP, AVIF o HEIC).',
          code: 'UNSUPPORTED_MEDIA_TYPE',
        });
      }
      const controller = new AbortController();
      panelUploads.set(args.uploadId, controller);
      try {
        const prepared = await prepareImage(data, path.basename(args.fileName) || 'foto', opts.downscale);
        return await opts.authed(async (c) =>
          viaMediaProtocol(
            await c.uploadImage(
              { data: prepared.data, fileName: prepared.fileName, type: prepared.type },
              { title: args.title, description: args.description },
              {
                signal: controller.signal,
                onProgress: (sent, total) =>
                  opts.onImageUploadProgress?.({ uploadId: args.uploadId, fraction: total ? sent / total : 0 }),
              },
            ),
          ),
        );
      } finally {
        panelUploads.delete(args.uploadId);
      }
    },
    cancelImageUpload(uploadId: string): void {
      panelUploads.get(uploadId)?.abort();
    },

    getUploads: (): QueueSnapshot => queue.snapshot(),
    /** A path the preload resolved from a dropped File (Electron's webUtils). */
    grantDroppedPath: (filePath: string): void => grantPaths([filePath]),
    /** Queues dropped files and folders; any path not dropped or picked refuses the whole call. */
    async addUploadPaths(paths: string[]) {
      if (!paths.every((p) => grantedPaths.has(path.resolve(p)))) {
        throw new ApiError(403, { error: PATH_NOT_GRANTED, code: 'FORBIDDEN' });
      }
      return queue.addPaths(paths);
    },
    async pickUploadFiles(folders: boolean) {
      const paths = (await opts.pickPaths?.(folders)) ?? [];
      grantPaths(paths);
      return paths.length ? queue.addPaths(paths) : { added: 0, skipped: 0 };
    },
    setUploadTitle: (id: string, title: string) => queue.setTitle(id, title),
    // The upload route is also the public one, so a dead token would not fail: the photos would
    // land as pending. One session check before a run catches a token revoked meanwhile.
    async startUploads(): Promise<void> {
      await opts.authed((c) => c.getSession());
      void queue.start();
    },
    async retryFailedUploads(): Promise<void> {
      await opts.authed((c) => c.getSession());
      void queue.retryFailed();
    },
    cancelUploads: () => queue.cancel(),
    clearFinishedUploads: () => queue.clearFinished(),
    /** For tests and the benchmark: resolves when the current run ends. */
    uploadsIdle: () => queue.idle(),
  };
}
