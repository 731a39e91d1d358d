import type { Middleware } from 'koa';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
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

/** Headers every answer carries; HSTS only when the request really came over HTTPS. */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
      ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
      ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
      if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      // API answers are private unless a route says otherwise (the public lists revalidate).
      if ((ctx.path === '/api' || ctx.path.startsWith('/api/')) && !ctx.response.get('Cache-Control'))
        ctx.set('Cache-Control', 'no-store');
    }
  };
}
