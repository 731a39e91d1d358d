/**
 * The uploading process of the desktop benchmark and of the memory test: signs in to a running
 * server and pushes one folder through the same service main uses, then prints one line,
 * `RESULT {json}`. Alone in its process, so its memory figures are the upload's own.
 *
 *   node --import tsx desktop/bench/upload-child.ts <folder> <server url> <email> <password> [downscaled|originals|small-copies]
 *
 * `small-copies` (the memory test): the app's pipeline with 800 px copies instead of 2560 px, so the
 * server encodes about a quarter of the pixels; the photos are decoded whole all the same.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createDesktopService } from '../electron/lib/desktop-service';

export interface UploadChildResult {
  mode: string;
  files: number;
  uploaded: number;
  failed: number;
  bytesOriginal: number;
  bytesSent: number;
  ms: number;
  /** RSS once signed in, sharp loaded, before the first photo. */
  baseRssMb: number;
  /** The process's peak RSS (getrusage's maxrss), the run included. */
  peakRssMb: number;
  /**
   * The most images sharp worked on at once (its `counters().process`, sampled every 2 ms): what
   * the memory depends on, without the allocator's retention and fragmentation that RSS counts.
   */
  peakImagesAtOnce: number;
}

const [folder, url, email, password, mode = 'downscaled'] = process.argv.slice(2);
if (!folder || !url || !email || !password) {
  console.error('usage: upload-child.ts <folder> <server url> <email> <password> [downscaled|originals|small-copies]');
  process.exit(2);
}
const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'cabana-upload-child-'));
try {
  const service = createDesktopService({
    userDataDir,
    safeStorage: { isEncryptionAvailable: () => false, encryptString: () => Buffer.alloc(0), decryptString: () => '' },
    downscale:
      mode === 'originals'
        ? { maxEdge: 100_000, smallBytes: Number.MAX_SAFE_INTEGER }
        : mode === 'small-copies'
          ? { maxEdge: 800 }
          : undefined,
  });
  await service.init();
  await service.setServer(url);
  await service.login(email, password);
  const baseRssMb = process.memoryUsage().rss / 1024 / 1024;
  // As the window does when the owner drops the folder on it: only such paths may be added.
  service.grantDroppedPath(folder);
  let peakImagesAtOnce = 0;
  const sampler = setInterval(() => (peakImagesAtOnce = Math.max(peakImagesAtOnce, sharp.counters().process)), 2);
  const started = performance.now();
  const added = await service.addUploadPaths([folder]);
  await service.startUploads();
  await service.uploadsIdle();
  const ms = performance.now() - started;
  clearInterval(sampler);
  const summary = service.getUploads().summary!;
  const result: UploadChildResult = {
    mode,
    files: added.added,
    uploaded: summary.uploaded,
    failed: summary.failed,
    bytesOriginal: summary.bytesOriginal,
    bytesSent: summary.bytesSent,
    ms,
    baseRssMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    peakImagesAtOnce,
  };
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
} finally {
  await rm(userDataDir, { recursive: true, force: true });
}
process.exit(0);
