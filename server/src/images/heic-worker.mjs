// Decodes one HEIC in a worker thread (see heic.ts): libheif's WASM takes over a second of CPU
// and hundreds of MB of heap for a 40 MP photo; here it blocks no request and its memory goes
// when the thread ends. The full-size pixels (160 MB for 40 MP) stay here too: they are scaled
// down to the widest variant before they are sent, so the server's own heap never holds them
// (it would keep them until a garbage collection it cannot ask for, over 300 MB of RSS).
// Plain JavaScript, so it loads the same under tsx, vitest and node.
import { parentPort, workerData } from 'node:worker_threads';
import heicDecode from 'heic-decode';
import sharp from 'sharp';

const { buffer, maxPixels, maxAspectRatio, maxWidth } = workerData;

/** The decoded RGBA pixels, at most `maxWidth` wide. */
async function capped(pixels) {
  const { width, height, data } = pixels;
  if (width <= maxWidth) return { data, dataWidth: width, dataHeight: height };
  const out = await sharp(data, { raw: { width, height, channels: 4 } })
    .resize({ width: maxWidth })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // A copy into a plain ArrayBuffer of its own, which can be handed over without another copy.
  return { data: new Uint8Array(out.data), dataWidth: out.info.width, dataHeight: out.info.height };
}

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
    const [long, short] = first.width > first.height ? [first.width, first.height] : [first.height, first.width];
    if (long > maxAspectRatio * short) return { ok: false, reason: 'too-elongated' };
    try {
      const pixels = await first.decode();
      return { ok: true, width: pixels.width, height: pixels.height, ...(await capped(pixels)) };
    } catch {
      return { ok: false, reason: 'unsupported' };
    }
  } finally {
    images.dispose();
  }
}

const result = await decode();
parentPort.postMessage(result, result.ok ? [result.data.buffer] : []);
