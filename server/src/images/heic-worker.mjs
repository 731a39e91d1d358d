// Decodes one HEIC in a worker thread (see heic.ts): libheif's WASM takes over a second of CPU
// and hundreds of MB of heap for a 40 MP photo; here it blocks no request and its memory goes
// when the thread ends. Plain JavaScript, so it loads the same under tsx, vitest and node.
import { parentPort, workerData } from 'node:worker_threads';
import heicDecode from 'heic-decode';

const { buffer, maxPixels } = workerData;

async function decode() {
  let images;
  try {
    images = await heicDecode.all({ buffer: new Uint8Array(buffer) });
  } catch {
    return { ok: false, reason: 'unsupported' };
  }
  try {
    const first = images[0];
    if (!first || !(first.width > 0 && first.height > 0)) return { ok: false, reason: 'unsupported' };
    // From the header, before a single pixel is decoded.
    if (first.width * first.height > maxPixels) return { ok: false, reason: 'too-many-pixels' };
    try {
      const pixels = await first.decode();
      return { ok: true, width: pixels.width, height: pixels.height, data: pixels.data };
    } catch {
      return { ok: false, reason: 'unsupported' };
    }
  } finally {
    images.dispose();
  }
}

const result = await decode();
parentPort.postMessage(result, result.ok ? [result.data.buffer] : []);
