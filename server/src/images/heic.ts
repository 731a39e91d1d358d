import { Worker } from 'node:worker_threads';

export type HeicDecoded =
  | {
      ok: true;
      /** The photo's upright size. */
      width: number;
      height: number;
      /** Its RGBA pixels, scaled down to at most `maxWidth` wide. */
      data: Uint8Array;
      dataWidth: number;
      dataHeight: number;
    }
  | { ok: false; reason: 'unsupported' | 'too-many-pixels' | 'too-elongated' };

export interface HeicLimits {
  /** Refused from the header, before decoding: more pixels than this... */
  maxPixels: number;
  /** ...or a long side more than this many times the short one. */
  maxAspectRatio: number;
  /** The pixels handed back are scaled down to at most this wide. */
  maxWidth: number;
}

const WORKER = new URL('./heic-worker.mjs', import.meta.url);
/** A decode that takes this long is a hostile file (or a stuck decoder): the thread is ended. */
const DECODE_TIMEOUT_MS = 120_000;

/**
 * Decodes a HEIC off the event loop, in a worker thread of its own that ends after this one
 * photo, so libheif's WASM heap (about 700 MB for 40 MP) is returned to the system at once
 * instead of staying with the server. The image queue already runs photos one at a time.
 */
export function decodeHeic(file: Buffer, limits: HeicLimits): Promise<HeicDecoded> {
  // The worker takes the bytes over (no copy) when they fill their own ArrayBuffer.
  const whole = file.byteOffset === 0 && file.byteLength === file.buffer.byteLength;
  const buffer = whole ? file.buffer : file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: { buffer, ...limits },
      transferList: [buffer as ArrayBuffer],
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => resolve({ ok: false, reason: 'unsupported' })), DECODE_TIMEOUT_MS);
    worker.once('message', (result: HeicDecoded) => finish(() => resolve(result)));
    worker.once('error', (err) => finish(() => reject(err)));
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`the HEIC decoder stopped (exit code ${code}) without an answer`))),
    );
  });
}
