import type { Middleware } from 'koa';
import { DomainError, notFound } from '../domain-errors';

const isExactly = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * `/API/...` or `/Api/...`: the router matches paths in any case, but every middleware keyed on
 * `/api` (authentication, CSRF, no-store) would be skipped. Only the exact prefix is the API.
 */
export function exactApiPrefix(prefix: string): Middleware {
  return async (ctx, next) => {
    if (!isExactly(ctx.path, prefix) && isExactly(ctx.path.toLowerCase(), prefix)) {
      throw notFound('Ruta de la API no encontrada.');
    }
    await next();
  };
}

/**
 * Methods nobody routes (TRACE, PROPFIND, ...): @koa/router answers them 501 in English. They are
 * a 405 like any other unsupported method, with the route's `Allow` (set by the router) kept.
 */
export function unknownMethodsAre405(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status === 501 && (ctx.body === null || ctx.body === undefined)) {
      ctx.set('Allow', ctx.response.get('Allow') || 'GET, HEAD');
      throw new DomainError('METHOD_NOT_ALLOWED', 'Método no permitido para esta ruta.');
    }
  };
}

/** Last in the chain: a write to a page or a photo that nothing answered is a Spanish 405. */
export function siteMethodsFallback(apiPrefix: string): Middleware {
  return async (ctx, next) => {
    await next();
    if (
      (ctx.body !== null && ctx.body !== undefined) ||
      isExactly(ctx.path, apiPrefix) ||
      ctx.method === 'GET' ||
      ctx.method === 'HEAD'
    )
      return;
    ctx.set('Allow', 'GET, HEAD');
    throw new DomainError('METHOD_NOT_ALLOWED', 'Método no permitido.');
  };
}
