import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'koa';
import {
  COMPRESSIBLE_EXTENSIONS,
  MIN_COMPRESS_BYTES,
  PRECOMPRESSED_SUFFIX,
} from '@cabana/shared/domain/config/compression';
import { Representations, sendRepresentation } from '../http/representations';

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
/** Text files kept in memory with their compressed forms; the built site is a few MB at most. */
const CACHE_LIMIT_BYTES = 64 * 1024 * 1024;
/** Larger text files (none in our build) are streamed rather than held. */
const MAX_CACHED_FILE_BYTES = 4 * 1024 * 1024;
/** HEAD answers carry the headers of GET; this stands in for the body Koa will not send. */
const NO_BODY = Buffer.alloc(0);

const contentTypeOf = (file: string) => TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

interface Cached {
  key: string;
  rep: Representations;
  bytes: number;
}
const cache = new Map<string, Cached>();
let cacheBytes = 0;

/** The build's `.br`/`.gz` beside the file, when present and not older than the file itself. */
async function readSibling(file: string, stat: fs.Stats, suffix: string): Promise<Buffer | undefined> {
  try {
    const s = await fsp.stat(file + suffix);
    return s.isFile() && s.mtimeMs >= stat.mtimeMs ? await fsp.readFile(file + suffix) : undefined;
  } catch {
    return undefined;
  }
}

async function representations(file: string, stat: fs.Stats, tag: string): Promise<Representations> {
  const key = `${stat.size}:${stat.mtimeMs}`;
  const hit = cache.get(file);
  if (hit?.key === key) return hit.rep;
  const [data, br, gzip] = await Promise.all([
    fsp.readFile(file),
    readSibling(file, stat, PRECOMPRESSED_SUFFIX.br),
    readSibling(file, stat, PRECOMPRESSED_SUFFIX.gzip),
  ]);
  const rep = new Representations(data, tag, { ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) });
  // Counted at three times the file: the compressed forms made later are smaller than that.
  const bytes = data.length * 3;
  if (hit) {
    cache.delete(file);
    cacheBytes -= hit.bytes;
  }
  if (cacheBytes + bytes <= CACHE_LIMIT_BYTES) {
    cache.set(file, { key, rep, bytes });
    cacheBytes += bytes;
  }
  return rep;
}

export interface SendOptions {
  cacheControl: string;
  status?: number;
  contentType?: string;
}

/** RFC 9110 If-Range: the range applies only while the client's validator still matches. */
function ifRangeMatches(ctx: Context, etag: string, mtime: Date): boolean {
  const ifRange = ctx.get('if-range').trim();
  if (!ifRange) return true;
  // Strong comparison: a weak validator never matches.
  if (ifRange.startsWith('"')) return ifRange === etag;
  if (ifRange.startsWith('W/')) return false;
  const date = Date.parse(ifRange);
  return !Number.isNaN(date) && Math.floor(mtime.getTime() / 1000) * 1000 === date;
}

type RangeResult = { start: number; end: number } | 'unsatisfiable' | undefined;

/** One `bytes=` range; anything else (several ranges, other units, bad syntax) means the whole file. */
function parseRange(header: string, size: number): RangeResult {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (!m[1] && !m[2])) return undefined;
  if (m[1]) {
    const start = Number(m[1]);
    const end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
    if (m[2] && Number(m[2]) < start) return undefined;
    return start >= size ? 'unsatisfiable' : { start, end };
  }
  const suffix = Number(m[2]);
  if (suffix === 0 || size === 0) return 'unsatisfiable';
  return { start: Math.max(0, size - suffix), end: size - 1 };
}

/**
 * Sends one file. Text is sent from memory in the encoding the client prefers (the build's
 * precompressed `.br`/`.gz`, else compressed once here); other files stream, with a single byte
 * range (Safari needs it for video). Every form has its own strong ETag; HEAD gets GET's headers.
 */
export async function sendFile(ctx: Context, file: string, stat: fs.Stats, opts: SendOptions): Promise<void> {
  const ext = path.extname(file).toLowerCase();
  ctx.status = opts.status ?? 200;
  ctx.type = opts.contentType ?? contentTypeOf(file);
  ctx.set('Cache-Control', opts.cacheControl);
  ctx.lastModified = stat.mtime;
  const tag = `${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}`;

  if (COMPRESSIBLE_EXTENSIONS.has(ext) && stat.size >= MIN_COMPRESS_BYTES && stat.size <= MAX_CACHED_FILE_BYTES) {
    // Ranges of text are not worth serving: the whole (compressed) file is a few KB.
    return sendRepresentation(ctx, await representations(file, stat, tag));
  }

  const etag = `"${tag}"`;
  ctx.etag = etag;
  if (ctx.status !== 200) {
    ctx.body = ctx.method === 'HEAD' ? NO_BODY : fs.createReadStream(file);
    ctx.length = stat.size;
    return;
  }
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.set('Accept-Ranges', 'bytes');
  const rangeHeader = ctx.get('range');
  const range = rangeHeader && ifRangeMatches(ctx, etag, stat.mtime) ? parseRange(rangeHeader, stat.size) : undefined;
  if (range === 'unsatisfiable') {
    ctx.status = 416;
    ctx.set('Content-Range', `bytes */${stat.size}`);
    // An error about this request, not the file: nothing may keep it.
    ctx.set('Cache-Control', 'no-store');
    ctx.remove('ETag');
    ctx.remove('Last-Modified');
    ctx.body = NO_BODY;
    return;
  }
  const { start, end } = range ?? { start: 0, end: stat.size - 1 };
  if (range) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${start}-${end}/${stat.size}`);
  }
  const length = end - start + 1;
  ctx.body = ctx.method === 'HEAD' || length <= 0 ? NO_BODY : fs.createReadStream(file, { start, end });
  ctx.length = length;
}

export async function statFile(file: string): Promise<fs.Stats | undefined> {
  try {
    const s = await fsp.stat(file);
    return s.isFile() ? s : undefined;
  } catch {
    return undefined;
  }
}
