import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSIBLE_EXTENSIONS, MIN_COMPRESS_BYTES } from '@cabana/shared/domain/config/compression';
import { startTestServer, type TestServer } from '../../test-support/server';
import { PUBLIC_PATHS } from '../src/config/paths';
import { E2E_DIST } from './e2e-dist';

/** node:http, not fetch: the bytes as sent, not decoded. */
function raw(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the build compresses its text assets', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ websiteDist: E2E_DIST });
  });
  afterAll(() => s.close());

  it('writes .br and .gz beside every hashed JS and CSS file, and the server sends exactly those', async () => {
    const assets = join(E2E_DIST, 'assets');
    const names = (await readdir(assets)).filter((n) => COMPRESSIBLE_EXTENSIONS.has(extname(n)));
    expect(names.some((n) => n.endsWith('.js'))).toBe(true);
    expect(names.some((n) => n.endsWith('.css'))).toBe(true);
    let checked = 0;
    for (const name of names) {
      const original = await readFile(join(assets, name));
      if (original.length < MIN_COMPRESS_BYTES) continue;
      const br = await readFile(join(assets, `${name}.br`));
      const gz = await readFile(join(assets, `${name}.gz`));
      expect(zlib.brotliDecompressSync(br).equals(original), name).toBe(true);
      expect(zlib.gunzipSync(gz).equals(original), name).toBe(true);
      const url = `${s.url}/${relative(E2E_DIST, join(assets, name))}`;
      const sentBr = await raw(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(sentBr.headers['content-encoding']).toBe('br');
      expect(sentBr.headers.vary).toMatch(/Accept-Encoding/i);
      expect(sentBr.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(sentBr.body.equals(br), name).toBe(true);
      const sentGz = await raw(url, { 'accept-encoding': 'gzip' });
      expect(sentGz.headers['content-encoding']).toBe('gzip');
      expect(sentGz.body.equals(gz), name).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('puts the site stylesheet inside every page, so the first paint waits for the HTML alone', async () => {
    const css = (await readdir(join(E2E_DIST, 'assets'))).filter((n) => n.startsWith('index-') && n.endsWith('.css'));
    expect(css).toHaveLength(1);
    const sheet = (await readFile(join(E2E_DIST, 'assets', css[0]!), 'utf8')).trim();
    for (const path of [...PUBLIC_PATHS, '/no-existe']) {
      const html = (await raw(`${s.url}${path}`, {})).body.toString('utf8');
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, path).toContain(`<style>${sheet}</style>`);
      expect(head, path).not.toMatch(/<link[^>]+rel="stylesheet"/);
    }
  });
});
