import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { Image } from '@cabana/shared/domain/schemas/image';
import { startTestServer } from '../../test-support/server';
import { bearer, upload } from './helpers/http';

/**
 * Issue 12, item 8: a 39.9-MP HEIC is decoded off the event loop and its WASM heap is given back.
 * On the main thread the decode blocked the loop for its whole length (1.3 s on an idle machine,
 * 6 s on this loaded one) and left ~400 MB behind; the server runs in this test's process, so its
 * event loop and memory are measured directly.
 */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const MB = 1024 * 1024;

describe('a 40-megapixel HEIC', () => {
  it('is decoded in a worker: the event loop keeps answering and the memory comes back', async () => {
    const s = await startTestServer();
    try {
      const token = await s.loginToken();
      const heic = await readFile(join(import.meta.dirname, 'fixtures', 'big-40mp.heic'));
      gc();
      const rssBefore = process.memoryUsage().rss;
      const loop = monitorEventLoopDelay({ resolution: 10 });
      let slowestHealth = 0;
      let done = false;
      const pinger = (async () => {
        while (!done) {
          const t0 = performance.now();
          await fetch(`${s.apiUrl}/health`).then((r) => r.arrayBuffer());
          slowestHealth = Math.max(slowestHealth, performance.now() - t0);
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      loop.enable();
      const t0 = performance.now();
      const res = await upload(s, heic, { headers: bearer(token), type: 'image/heic', filename: 'IMG_0002.HEIC' });
      const uploadMs = performance.now() - t0;
      loop.disable();
      done = true;
      await pinger;
      expect(res.status).toBe(201);
      const img = (await res.json()) as Image;
      expect([img.width, img.height]).toEqual([7300, 5460]);

      gc();
      await new Promise((r) => setTimeout(r, 1000));
      gc();
      const rssAfter = process.memoryUsage().rss;
      const grown = rssAfter - rssBefore;
      const maxDelay = loop.max / 1e6;
      console.log(
        `40 MP HEIC: upload ${uploadMs.toFixed(0)} ms, worst event-loop delay ${maxDelay.toFixed(0)} ms, ` +
          `slowest health ${slowestHealth.toFixed(0)} ms, RSS +${(grown / MB).toFixed(0)} MB after (${(rssAfter / MB).toFixed(0)} MB in all)`,
      );
      // The decode is a good part of the upload's time; on the main thread the loop stalled for
      // all of it. Other work on this shared machine still causes short stalls, hence a ratio.
      expect(maxDelay).toBeLessThan(uploadMs * 0.2);
      // Growth only: this test process also holds what earlier test files of its worker loaded.
      // The absolute figure (below 300 MB after the upload) is asserted on the production
      // server's own process, with the same photo, in launcher.test.ts.
      expect(grown).toBeLessThan(200 * MB);
    } finally {
      await s.close();
    }
  }, 180_000);
});
