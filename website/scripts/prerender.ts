import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUSINESS } from '@cabana/shared/config/business';
import { PUBLIC_PATHS, SHELL_PATHS, paths } from '../src/config/paths';

/** The module of each public page, as the Vite manifest names it. */
const ROUTE_MODULES: Record<(typeof PUBLIC_PATHS)[number], string> = {
  [paths.home]: 'src/app/routes/home.tsx',
  [paths.plans]: 'src/app/routes/planes.tsx',
  [paths.gallery]: 'src/app/routes/galeria.tsx',
  [paths.contact]: 'src/app/routes/contacto.tsx',
  [paths.upload]: 'src/app/routes/imagenes.tsx',
  [paths.privacy]: 'src/app/routes/privacidad.tsx',
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

interface ServerEntry {
  renderPage(url: string): Promise<string>;
  renderShell(url: string): string;
  headFor(pathname: string): string;
}

/** Files a chunk needs, its static imports included (what the browser would fetch in a waterfall). */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => chunkFiles(manifest, k, seen))];
}

const outFile = (distDir: string, path: string) =>
  path === '/' ? join(distDir, 'index.html') : join(distDir, path.replace(/^\//, ''), 'index.html');

async function write(file: string, content: string) {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
}

/**
 * Writes real HTML for every public route (hydrated later), bare shells for /login and /admin,
 * a 404 page, sitemap.xml and robots.txt, from the client build in `distDir` and the SSR
 * build in `ssrDir`.
 */
export async function prerender({ distDir, ssrDir }: { distDir: string; ssrDir: string }) {
  const template = await readFile(join(distDir, 'index.html'), 'utf8');
  if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
    throw new Error('index.html sin los marcadores <!--app-head--> / <!--app-html-->');
  }
  const manifest = JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error('El manifiesto de Vite no tiene la entrada index.html');
  const inTemplate = new Set(chunkFiles(manifest, entryKey));

  const ssr = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as ServerEntry;

  const page = (head: string, html: string, hydrate: boolean) =>
    template
      .replace('<!--app-head-->', head)
      .replace('<div id="root">', hydrate ? '<div id="root" data-prerendered="true">' : '<div id="root">')
      .replace('<!--app-html-->', html);

  const written: string[] = [];
  for (const path of PUBLIC_PATHS) {
    const moduleKey = ROUTE_MODULES[path];
    if (!manifest[moduleKey]) throw new Error(`El manifiesto no tiene el módulo ${moduleKey}`);
    // The page's own chunk starts downloading with the entry instead of after it.
    const preloads = chunkFiles(manifest, moduleKey)
      .filter((f) => !inTemplate.has(f) && f.endsWith('.js'))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`);
    const head = [ssr.headFor(path), ...preloads].join('\n    ');
    const file = outFile(distDir, path);
    await write(file, page(head, await ssr.renderPage(path), true));
    written.push(file);
  }

  for (const path of SHELL_PATHS) {
    const file = outFile(distDir, path);
    await write(file, page(ssr.headFor(path), ssr.renderShell(path), false));
    written.push(file);
  }

  const notFoundPath = '/pagina-no-encontrada';
  await write(join(distDir, '404.html'), page(ssr.headFor(notFoundPath), await ssr.renderPage(notFoundPath), true));
  written.push(join(distDir, '404.html'));

  const urls = PUBLIC_PATHS.map((p) => `  <url><loc>${BUSINESS.siteUrl}${p === '/' ? '/' : p}</loc></url>`).join('\n');
  await write(
    join(distDir, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
  );
  await write(
    join(distDir, 'robots.txt'),
    `User-agent: *\nAllow: /\nDisallow: ${paths.admin}\nDisallow: ${paths.login}\n\nSitemap: ${BUSINESS.siteUrl}/sitemap.xml\n`,
  );
  return written;
}
