import http from 'node:http';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@cabana/shared/domain/config/limits';
import { startTestServer } from '../../test-support/server';
import { bearer } from './helpers/http';
import { parseError } from '../../test-support/json';

/** Issue 12, item 17: a full image queue refuses an upload before its body is read. */
describe('a full image queue', () => {
  it('answers 503 with Retry-After before the client sends the photo', async () => {
    const s = await startTestServer({ env: { IMAGE_CONCURRENCY: '1', IMAGE_QUEUE_MAX: '1' } });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const queue = s.running.deps.images.queue;
    // One photo "processing" and one waiting: the queue is full.
    const jobs = [queue.run(() => held), queue.run(() => held)];
    try {
      expect(queue.full).toBe(true);
      const token = await s.loginToken();
      const answer = await new Promise<{ status: number; retryAfter?: string; body: string }>((resolve, reject) => {
        const req = http.request(`${s.apiUrl}/imagenes/upload`, {
          method: 'POST',
          headers: {
            ...bearer(token),
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(LIMITS.maxUploadBytes),
          },
        });
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string, body });
            req.destroy();
          });
        });
        req.on('error', reject);
        // Only the first bytes: the answer must not wait for the other 25 MB.
        req.write('--x\r\n');
      });
      expect(answer.status).toBe(503);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      const body = parseError(answer.body);
      expect(body.code).toBe('UNAVAILABLE');
      expect(body.error).toMatch(/muchas imágenes/);
      expect(await readdir(join(s.dataDir, '.uploads'))).toEqual([]);
    } finally {
      release();
      await Promise.all(jobs);
      await s.close();
    }
  });
});
