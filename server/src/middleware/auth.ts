import type { Context, Middleware } from 'koa';
import { readSessionCookie } from '../auth/session-cookie';
import type { ActiveSession, Sessions } from '../auth/sessions';
import { forbidden, unauthenticated } from '../domain-errors';

interface AuthState {
  session: ActiveSession;
  via: 'cookie' | 'bearer';
}

declare module 'koa' {
  interface DefaultState {
    auth?: AuthState;
  }
}

export function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get('authorization');
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1];
}

/** Works out who is calling (bearer token first, else the session cookie); never refuses by itself. */
export function authenticate(sessions: Sessions, publicUrl?: string): Middleware {
  return async (ctx, next) => {
    const token = bearerToken(ctx);
    if (token !== undefined) {
      const session = await sessions.resolve(token);
      if (session?.kind === 'token') ctx.state.auth = { session, via: 'bearer' };
    } else {
      const cookie = readSessionCookie(ctx, publicUrl);
      const session = await sessions.resolve(cookie);
      if (session?.kind === 'cookie') ctx.state.auth = { session, via: 'cookie' };
    }
    await next();
  };
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when the browser tells us the request was started by another site. */
function isForeign(ctx: Context, extraOrigins: readonly string[]): boolean {
  if (ctx.get('sec-fetch-site').toLowerCase() === 'cross-site') return true;
  const origin = ctx.get('origin');
  if (!origin) return false;
  // Not ctx.origin: Koa 3 answers that from the Origin header itself.
  const own = `${ctx.protocol}://${ctx.host}`;
  return origin !== own && !extraOrigins.includes(origin);
}

/**
 * CSRF: a cookie rides along with any request the browser makes, so a cookie-authenticated write
 * must come from our own pages. Bearer tokens are never sent implicitly and need no such check.
 */
export function sameOriginWrites(extraOrigins: readonly string[]): Middleware {
  return async (ctx, next) => {
    if (UNSAFE.has(ctx.method) && ctx.state.auth?.via === 'cookie' && isForeign(ctx, extraOrigins)) {
      throw forbidden('Solicitud rechazada: viene de otro sitio.');
    }
    await next();
  };
}

/** Marks guard middleware so the route inventory test can tell guarded routes apart. */
const ADMIN_GUARD = Symbol.for('cabana.adminGuard');

export const requireAdmin: Middleware = Object.assign(
  async (ctx: Context, next: () => Promise<unknown>) => {
    if (!ctx.state.auth) throw unauthenticated();
    await next();
  },
  { [ADMIN_GUARD]: true },
);

export function isAdminGuard(fn: unknown): boolean {
  return typeof fn === 'function' && (fn as unknown as Record<symbol, unknown>)[ADMIN_GUARD] === true;
}
