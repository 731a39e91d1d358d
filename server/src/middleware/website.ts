import path from 'node:path';
import fs from 'node:fs';
import type { Middleware } from 'koa';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { sendFile, statFile } from './send-file';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The admin's pages are never kept by browsers or proxies. */
const ADMIN_PAGES = /^\/(admin|login)(\/|$)/;
/** A section of the admin panel: one path segment of letters under /admin. */
const ADMIN_SECTION = /^\/admin\/[a-z-]+\/?$/;

const FALLBACK_PAGE = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${BUSINESS.name}</title></head>
<body><main><h1>${BUSINESS.name}</h1><p>${BUSINESS.tagline}.</p>
<p>El sitio web aún no está compilado. Ejecuta <code>npm run build</code> y vuelve a iniciar el servidor. La API está disponible en <a href="/api/health">/api/health</a>.</p>
</main></body></html>`;

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Página no encontrada · ${BUSINESS.name}</title></head>
<body><main><h1>Página no encontrada</h1><p>La página que buscas no existe.</p><p><a href="/">Volver al inicio</a></p></main></body></html>`;

/** Requests for these never come from the built site: source maps, dotfiles, traversal. */
function forbiddenPath(p: string): boolean {
  if (p.includes('\0') || p.includes('\\')) return true;
  const segments = p.split('/');
  return segments.some((s) => s.startsWith('.')) || p.toLowerCase().endsWith('.map');
}

/**
 * Serves the built website: the exact file, else `<path>/index.html` (prerendered routes), else
 * the admin shell for a panel section, else `404.html` with status 404. Only GET and HEAD; everything under /api is left alone.
 */
export function websiteStatic(distDir: string, skipPrefixes: readonly string[]): Middleware {
  const root = path.resolve(distDir);
  // Checked once the build is there, not on every request (a synchronous stat per request
  // costs throughput); while there is no build yet, each request looks again.
  let built = false;
  const distExists = () => built || (built = fs.existsSync(path.join(root, 'index.html')));
  return async (ctx, next) => {
    if (
      skipPrefixes.some((p) => ctx.path === p || ctx.path.startsWith(`${p}/`)) ||
      (ctx.method !== 'GET' && ctx.method !== 'HEAD')
    ) {
      await next();
      return;
    }
    const notFound = async () => {
      const page = distExists() ? await statFile(path.join(root, '404.html')) : undefined;
      if (page) return sendFile(ctx, path.join(root, '404.html'), page, { cacheControl: 'no-cache', status: 404 });
      ctx.status = 404;
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = NOT_FOUND_PAGE;
    };

    let decoded: string;
    try {
      decoded = decodeURIComponent(ctx.path);
    } catch {
      return notFound();
    }
    if (forbiddenPath(decoded)) return notFound();
    if (!distExists()) {
      if (decoded !== '/') return notFound();
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = FALLBACK_PAGE;
      return;
    }

    const candidates = decoded.endsWith('/') ? [`${decoded}index.html`] : [decoded, `${decoded}/index.html`];
    for (const rel of candidates) {
      const file = path.join(root, rel);
      if (file !== root && !file.startsWith(root + path.sep)) return notFound();
      const stat = await statFile(file);
      if (!stat) continue;
      const isHtml = file.endsWith('.html');
      const cacheControl = ADMIN_PAGES.test(decoded)
        ? 'no-store'
        : isHtml
          ? 'no-cache'
          : decoded.startsWith('/assets/')
            ? IMMUTABLE
            : 'public, max-age=3600';
      return sendFile(ctx, file, stat, { cacheControl });
    }
    // The panel's sections (/admin/precio...) are routed in the browser: each gets the panel's shell.
    if (ADMIN_SECTION.test(decoded)) {
      const shell = path.join(root, 'admin', 'index.html');
      const stat = await statFile(shell);
      if (stat) return sendFile(ctx, shell, stat, { cacheControl: 'no-store' });
    }
    return notFound();
  };
}
