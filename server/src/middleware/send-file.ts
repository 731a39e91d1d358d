import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Context } from 'koa';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.webmanifest',
  '.xml',
  '.txt',
  '.svg',
  '.ico',
  '.vtt',
]);
const MIN_COMPRESS_BYTES = 1024;
/** Compressed copies kept in memory; the built site is a few MB at most. */
const CACHE_LIMIT_BYTES = 64 * 1024 * 1024;

export const contentTypeOf = (file: string) => TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

interface Compressed {
  key: string;
  br: Buffer;
  gzip: Buffer;
}
const cache = new Map<string, Compressed>();
let cacheBytes = 0;

async function compressed(file: string, stat: fs.Stats): Promise<Compressed> {
  const key = `${stat.size}:${stat.mtimeMs}`;
  const hit = cache.get(file);
  if (hit && hit.key === key) return hit;
  const data = await fsp.readFile(file);
  const entry: Compressed = {
    key,
    br: await brotli(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
    gzip: await gzip(data, { level: 9 }),
  };
  if (hit) cacheBytes -= hit.br.length + hit.gzip.length;
  if (cacheBytes + entry.br.length + entry.gzip.length <= CACHE_LIMIT_BYTES) {
    cache.set(file, entry);
    cacheBytes += entry.br.length + entry.gzip.length;
  }
  return entry;
}

export interface SendOptions {
  cacheControl: string;
  status?: number;
  contentType?: string;
}

/**
 * Sends one file: compressed (brotli or gzip, cached) for text when the client accepts it,
 * conditional GET for the rest, and a single byte range for media (Safari needs it for video).
 */
export async function sendFile(ctx: Context, file: string, stat: fs.Stats, opts: SendOptions): Promise<void> {
  const ext = path.extname(file).toLowerCase();
  ctx.status = opts.status ?? 200;
  ctx.type = opts.contentType ?? contentTypeOf(file);
  ctx.set('Cache-Control', opts.cacheControl);
  ctx.lastModified = stat.mtime;
  ctx.etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  if (ctx.status === 200 && ctx.fresh) {
    ctx.status = 304;
    ctx.body = null;
    return;
  }

  if (COMPRESSIBLE.has(ext) && stat.size >= MIN_COMPRESS_BYTES) {
    ctx.vary('Accept-Encoding');
    const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
    if (encoding === 'br' || encoding === 'gzip') {
      const c = await compressed(file, stat);
      ctx.set('Content-Encoding', encoding);
      ctx.body = encoding === 'br' ? c.br : c.gzip;
      return;
    }
  }

  ctx.set('Accept-Ranges', 'bytes');
  const range = ctx.get('range');
  const m = ctx.status === 200 ? /^bytes=(\d*)-(\d*)$/.exec(range) : null;
  if (m && (m[1] || m[2])) {
    let start = m[1] ? Number(m[1]) : stat.size - Number(m[2]);
    let end = m[1] && m[2] ? Number(m[2]) : stat.size - 1;
    start = Math.max(0, start);
    end = Math.min(end, stat.size - 1);
    if (start > end || start >= stat.size) {
      ctx.status = 416;
      ctx.set('Content-Range', `bytes */${stat.size}`);
      ctx.body = null;
      return;
    }
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${start}-${end}/${stat.size}`);
    ctx.length = end - start + 1;
    ctx.body = ctx.method === 'HEAD' ? null : fs.createReadStream(file, { start, end });
    return;
  }
  ctx.length = stat.size;
  ctx.body = ctx.method === 'HEAD' ? null : fs.createReadStream(file);
}

export async function statFile(file: string): Promise<fs.Stats | undefined> {
  try {
    const s = await fsp.stat(file);
    return s.isFile() ? s : undefined;
  } catch {
    return undefined;
  }
}
