import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { unsupportedMedia } from '../domain-errors';

/** JSON bodies only, small; mounted on the routes that take one. */
export function jsonBody(limit = '32kb'): Middleware {
  const parse = koaBody({
    json: true,
    multipart: false,
    urlencoded: false,
    text: false,
    jsonLimit: limit,
    jsonStrict: true,
  });
  return async (ctx, next) => {
    const hasBody = Boolean(ctx.request.length) || ctx.get('transfer-encoding') !== '';
    if (hasBody && !ctx.is('application/json')) throw unsupportedMedia('Envía los datos en formato JSON.');
    // No client of ours compresses what it sends; a body that claims to be compressed and is
    // not would otherwise fail deep in zlib (and a real one could be a zip bomb).
    const encoding = ctx.get('content-encoding').trim().toLowerCase();
    if (hasBody && encoding !== '' && encoding !== 'identity') {
      throw unsupportedMedia('Envía los datos sin comprimir.');
    }
    await parse(ctx, next);
  };
}
