import zlib from 'node:zlib';
import type { Middleware } from 'koa';
import { MIN_COMPRESS_BYTES } from '@cabana/shared/domain/config/compression';
import { chooseEncoding } from '../http/representations';

/**
 * Compresses larger JSON answers (the gallery list carries placeholders and variant lists):
 * visitors are often on slow, metered mobile data. Brotli at a low level costs about a millisecond.
 */
export function compressJson(): Middleware {
  return async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (
      body === null ||
      typeof body !== 'object' ||
      Buffer.isBuffer(body) ||
      typeof (body as { pipe?: unknown }).pipe === 'function'
    ) {
      return;
    }
    const text = JSON.stringify(body);
    if (text.length >= MIN_COMPRESS_BYTES) ctx.vary('Accept-Encoding');
    const encoding = text.length >= MIN_COMPRESS_BYTES ? chooseEncoding(ctx.get('accept-encoding')) : 'identity';
    ctx.type = 'application/json; charset=utf-8';
    if (encoding === 'br') {
      ctx.set('Content-Encoding', 'br');
      ctx.body = zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    } else if (encoding === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = zlib.gzipSync(text, { level: 6 });
    } else {
      ctx.body = text;
    }
  };
}
