import type { Context } from 'koa';
import { SESSION_COOKIE } from '@cabana/shared/api/http';

/** `__Host-` cookies must be Secure, Path=/ and have no Domain: no subdomain or plain-HTTP page can plant or overwrite one. */
const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/**
 * HTTPS is known from the request itself (or a trusted proxy's X-Forwarded-Proto), and also from
 * PUBLIC_URL: a site published as https is only ever reached over TLS, even when the proxy in
 * front was not declared with TRUST_PROXY. Plain HTTP is left for local use.
 */
export function isHttps(ctx: Context, publicUrl: string | undefined): boolean {
  return ctx.secure || (publicUrl?.startsWith('https:') ?? false);
}

const nameFor = (secure: boolean) => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

export function readSessionCookie(ctx: Context, publicUrl: string | undefined): string | undefined {
  return ctx.cookies.get(nameFor(isHttps(ctx, publicUrl)));
}

/**
 * An HttpOnly, SameSite=Strict cookie for the whole site, `__Host-` and Secure over HTTPS. The
 * cookies library refuses Secure on a request it believes is plain HTTP (TLS ends at a proxy).
 */
function writeCookie(ctx: Context, secure: boolean, name: string, value: string, maxAgeMs: number) {
  if (secure) ctx.cookies.secure = true;
  ctx.cookies.set(name, value, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure,
    maxAge: maxAgeMs,
    overwrite: true,
  });
}

export function writeSessionCookie(ctx: Context, publicUrl: string | undefined, value: string, maxAgeMs: number) {
  const secure = isHttps(ctx, publicUrl);
  writeCookie(ctx, secure, nameFor(secure), value, maxAgeMs);
}

/** Clears whichever session cookie the browser sent. */
export function clearSessionCookies(ctx: Context) {
  for (const secure of [true, false]) {
    const name = nameFor(secure);
    if (ctx.cookies.get(name) === undefined) continue;
    if (secure) ctx.cookies.secure = true;
    ctx.cookies.set(name, '', { httpOnly: true, sameSite: 'strict', path: '/', secure, maxAge: 0, overwrite: true });
  }
}

/** The known-device proof's cookie (KnownDevices): `__Host-device` over HTTPS, `device` on plain HTTP. */
const DEVICE_COOKIE = 'device';
const deviceNameFor = (secure: boolean) => (secure ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE);

export function readDeviceCookie(ctx: Context, publicUrl: string | undefined): string | undefined {
  return ctx.cookies.get(deviceNameFor(isHttps(ctx, publicUrl)));
}

/**
 * Kept across sign-outs (it is no session: it only says this browser signed in before), HttpOnly
 * so no script ever reads it, and sent only to the same site.
 */
export function writeDeviceCookie(ctx: Context, publicUrl: string | undefined, value: string, maxAgeMs: number) {
  const secure = isHttps(ctx, publicUrl);
  writeCookie(ctx, secure, deviceNameFor(secure), value, maxAgeMs);
}
