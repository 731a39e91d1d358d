import type { Middleware } from 'koa';
import { isHttps } from '../auth/session-cookie';

/**
 * The policy every answer carries. A page with a script of its own (the website's entry, written
 * into the pages with islands) names that script's hash in `ctx.state.scriptHashes`
 * (middleware/pages.ts): it is allowed on that page alone; nothing else changes the policy.
 */
const contentSecurityPolicy = (scriptHashes: readonly string[] = []): string =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self' https://api.emailjs.com",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');

/** Headers every answer carries; HSTS only over HTTPS (the request's, or PUBLIC_URL's). */
export function securityHeaders(publicUrl?: string): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      ctx.set('X-Content-Type-Options', 'nosniff');
      // A private page (and its API) says no-referrer: its link's secret must not leave in a Referer.
      if (!ctx.response.get('Referrer-Policy')) ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
      const hashes = (ctx.state as { scriptHashes?: readonly string[] }).scriptHashes;
      ctx.set('Content-Security-Policy', contentSecurityPolicy(hashes));
      ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
      if (isHttps(ctx, publicUrl)) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      // API answers are private unless a route says otherwise (the public lists revalidate).
      if ((ctx.path === '/api' || ctx.path.startsWith('/api/')) && !ctx.response.get('Cache-Control'))
        ctx.set('Cache-Control', 'no-store');
    }
  };
}
