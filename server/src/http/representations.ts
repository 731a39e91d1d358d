import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Context } from 'koa';
import { MIN_COMPRESS_BYTES } from '@cabana/shared/domain/config/compression';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip' | 'identity';
const TAG_SUFFIX: Record<Encoding, string> = { br: '-br', gzip: '-gz', identity: '' };

/**
 * One response body in its identity, brotli and gzip forms. Each form has its own strong ETag
 * (they are different bytes), so `If-Range` can match and caches never mix them up. The
 * compressed forms are made on first use (or given, when the build wrote them) and kept.
 */
export class Representations {
  #br: Promise<Buffer> | undefined;
  #gzip: Promise<Buffer> | undefined;

  constructor(
    readonly identity: Buffer,
    /** Unquoted validator of the identity bytes. */
    readonly tag: string,
    precompressed: { br?: Buffer; gzip?: Buffer } = {},
  ) {
    if (precompressed.br) this.#br = Promise.resolve(precompressed.br);
    if (precompressed.gzip) this.#gzip = Promise.resolve(precompressed.gzip);
  }

  /** A validator from the bytes themselves: stable across restarts and unrelated writes. */
  static ofContent(identity: Buffer): Representations {
    return new Representations(identity, createHash('sha256').update(identity).digest('base64url').slice(0, 27));
  }

  etag(encoding: Encoding): string {
    return `"${this.tag}${TAG_SUFFIX[encoding]}"`;
  }

  /** Compresses as hard as it is worth once, since the result is reused for every request after. */
  body(encoding: Encoding): Promise<Buffer> {
    if (encoding === 'br') {
      this.#br ??= brotli(this.identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
        },
      });
      return this.#br;
    }
    if (encoding === 'gzip') {
      this.#gzip ??= gzip(this.identity, { level: 9 });
      return this.#gzip;
    }
    return Promise.resolve(this.identity);
  }
}

/**
 * Brotli whenever the client takes it at least as gladly as gzip (browsers list gzip first,
 * `gzip, deflate, br, zstd`, and a generic negotiator would pick gzip for them), else gzip,
 * else the bytes as they are. No header means identity.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let br: number | undefined;
  let gz: number | undefined;
  let any: number | undefined;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const weight = Number.isFinite(q) ? q : 0;
    if (name === 'br') br = weight;
    else if (name === 'gzip' || name === 'x-gzip') gz = weight;
    else if (name === '*') any = weight;
  }
  const brQ = br ?? any ?? 0;
  const gzQ = gz ?? any ?? 0;
  if (brQ > 0 && brQ >= gzQ) return 'br';
  if (gzQ > 0) return 'gzip';
  return 'identity';
}

/** The encoding to send, marking the answer as varying by Accept-Encoding when there is a choice. */
function negotiateEncoding(ctx: Context, size: number): Encoding {
  if (size < MIN_COMPRESS_BYTES) return 'identity';
  ctx.vary('Accept-Encoding');
  return chooseEncoding(ctx.get('accept-encoding'));
}

/**
 * Sends a cached body: the caller has set status, type and Cache-Control. 304 when the client's
 * copy is current; HEAD gets the same headers (Koa leaves the body out).
 */
export async function sendRepresentation(ctx: Context, rep: Representations, compressible = true): Promise<void> {
  const encoding = compressible ? negotiateEncoding(ctx, rep.identity.length) : 'identity';
  ctx.etag = rep.etag(encoding);
  if (ctx.status === 200 && ctx.fresh) {
    ctx.status = 304;
    return;
  }
  const body = await rep.body(encoding);
  if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
  ctx.body = body;
}
