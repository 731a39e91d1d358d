import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { precompress } from './precompress';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { PAGE_KEYS, PAGE_PATHS, paths } from '../src/config/paths';
import type { SiteAssets, createRenderer } from '../src/entry-server';
import { ISLAND_NAMES } from '../src/islands/registry';

export const WEBSITE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Routes that get a bare, noindex shell at build time: their code loads only when visited. */
const SHELL_PATHS = [paths.login, paths.admin] as const;

/** What hydrates the islands (React included), loaded by every page that has one: a chunk named so. */
const HYDRATE_CHUNK = 'hydrate';
/** The suggestion of the English page, the one script of a Spanish page without islands. */
const HINT_MODULE = 'src/hint-entry.ts';

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;
type Renderer = ReturnType<typeof createRenderer>;

/** Chunks a module needs, its static imports included (what the browser would fetch in a waterfall). */
function chunksOf(manifest: Manifest, key: string, seen = new Set<string>()): ManifestChunk[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk, ...(chunk.imports ?? []).flatMap((k) => chunksOf(manifest, k, seen))];
}

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)"\s*\/?>/g;

/**
 * Each page carries the site's stylesheet in a <style> of its own (the CSP's style-src allows it)
 * instead of linking it: the first paint then waits for the HTML alone, not for a second round
 * trip on slow mobile data (Lighthouse counted that request as ~325 ms of its simulated slow 4G).
 * It costs about 5 KB of compressed HTML per page; a revisit of an unchanged page is a 304.
 */
async function inlineStylesheets(html: string, distDir: string): Promise<string> {
  let out = html;
  for (const [link, file] of html.matchAll(STYLESHEET_LINK)) {
    const css = await readFile(join(distDir, file!), 'utf8');
    // A stylesheet that could close the element, or point at files relative to itself, stays a link.
    if (/<\/style/i.test(css) || /url\(\s*['"]?(?!data:|\/|https?:)/i.test(css)) continue;
    out = out.replace(link, () => `<style>${css.trim()}</style>`);
  }
  return out;
}

/** The entry's module script (and any preload Vite put beside it) in the client build's index.html. */
const ENTRY_TAGS = /[ \t]*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)\n?/g;

const modulepreload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}" />`;

/**
 * The entry's code for a `<script type="module">` in the page itself, and its CSP hash. A page
 * with islands then needs no request before the taps are held and the islands' code is asked
 * for: on slow mobile data that request was a round trip in the way of the first paint
 * (Lighthouse: /planes FCP 1.09 -> 0.9 s). Its chunks are imported by absolute path (an inline
 * module's URL is the page's). About 1.3 KB of compressed HTML.
 */
async function inlineEntry(distDir: string, entryTags: string): Promise<{ tag: string; hash: string }> {
  const src = /<script type="module"[^>]* src="\/(assets\/[^"]+\.js)"/.exec(entryTags)?.[1];
  if (!src) throw new Error('La entrada no es un módulo en assets/');
  const code = (await readFile(join(distDir, src), 'utf8'))
    .replace(/\n\/\/# sourceMappingURL=.*$/, '')
    .trim()
    // `import("./x.js")`, `import(`./x.js`)`, `from"./x.js"`: the chunks beside it.
    .replace(/(import\(\s*|from\s*)(["'`])\.\//g, '$1$2/assets/');
  if (/<\/script|<\/head|<!--|import\.meta|(["'`])\.\.?\//i.test(code))
    throw new Error(`La entrada ${src} no se puede poner en la página tal cual`);
  const hash = `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
  return { tag: `<script type="module">${code}</script>`, hash };
}

/**
 * The template without its entry (a page without islands loads no script: `<!--app-scripts-->`
 * marks where the entry's tags go on the others), and per island the stylesheets of its chunks
 * and the hydration's.
 */
async function siteAssets(distDir: string): Promise<SiteAssets> {
  const built = await inlineStylesheets(await readFile(join(distDir, 'index.html'), 'utf8'), distDir);
  const entry = [...built.matchAll(ENTRY_TAGS)].map((m) => m[0].trim()).join('\n    ');
  if (!entry.includes('<script')) throw new Error('La plantilla no tiene el script de entrada');
  let marked = false;
  const template = built.replace(ENTRY_TAGS, (tag) => {
    if (marked) return '';
    marked = true;
    return `${/^[ \t]*/.exec(tag)![0]}<!--app-scripts-->\n`;
  });
  const manifest = JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error('El manifiesto de Vite no tiene la entrada index.html');
  const inTemplate = new Set(chunksOf(manifest, entryKey).flatMap((c) => [c.file, ...(c.css ?? [])]));
  const islands: Record<string, string> = {};
  const hydrateKey = Object.keys(manifest).find((k) => manifest[k]?.name === HYDRATE_CHUNK);
  if (!hydrateKey) throw new Error(`El manifiesto no tiene el fragmento ${HYDRATE_CHUNK}`);
  for (const name of ISLAND_NAMES) {
    // An island the owner's app also imports (the language link) is a shared chunk named after it.
    const moduleKey = [`src/islands/${name}.tsx`, ...(manifest[hydrateKey]!.dynamicImports ?? [])].find((k) =>
      k === `src/islands/${name}.tsx` ? manifest[k] : manifest[k]?.name === name,
    );
    if (!moduleKey) throw new Error(`El manifiesto no tiene la isla ${name}`);
    const chunks = [...chunksOf(manifest, hydrateKey), ...chunksOf(manifest, moduleKey)];
    // Their CSS only: a `modulepreload` of React would share the slow link with the page's LCP
    // image from the start (Lighthouse, /: LCP 1.2 s -> 2.0 s). The entry asks for the code.
    const css = [...new Set(chunks.flatMap((c) => c.css ?? []))].filter((f) => !inTemplate.has(f));
    islands[name] = await inlineStylesheets(
      css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}" />`).join('\n    '),
      distDir,
    );
  }
  const [hint, ...hintImports] = chunksOf(manifest, HINT_MODULE);
  if (!hint) throw new Error(`El manifiesto no tiene el módulo ${HINT_MODULE}`);
  const inline = await inlineEntry(distDir, entry);
  return {
    template,
    entry,
    inlineEntry: inline.tag,
    scriptHashes: [inline.hash],
    islands,
    hint: [
      `<script type="module" crossorigin src="/${hint.file}"></script>`,
      ...hintImports.map((c) => modulepreload(c.file)),
    ].join('\n    '),
  };
}

/** The server build's entry: the React server bundle with the client build's assets baked in. */
const renderModule = (
  assets: SiteAssets,
) => `// Made by website/scripts/build.ts; the server loads it (WEBSITE_SERVER_ENTRY).
import { createRenderer } from './entry-server.js';

const renderer = createRenderer(${JSON.stringify(assets)});
export const publicPaths = renderer.publicPaths;
export const notFoundPath = renderer.notFoundPath;
export const notFoundPathFor = renderer.notFoundPathFor;
export const renderPage = renderer.renderPage;
export const renderShell = renderer.renderShell;
export const isGuestBookingPath = renderer.isGuestBookingPath;
export const isReviewPath = renderer.isReviewPath;
`;

/**
 * Every public page in both languages, each with its alternates (itself included) and x-default,
 * as Google reads hreflang from a sitemap.
 */
function sitemap(): string {
  const url = (p: string) => BUSINESS.siteUrl + p;
  const entries = PAGE_KEYS.flatMap((key) => {
    const links = [
      ...(['es', 'en'] as const).map(
        (lang) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${url(PAGE_PATHS[lang][key])}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(PAGE_PATHS.es[key])}"/>`,
    ].join('\n');
    return (['es', 'en'] as const).map(
      (lang) => `  <url>\n    <loc>${url(PAGE_PATHS[lang][key])}</loc>\n${links}\n  </url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

async function write(file: string, content: string) {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
}

/** What stays static: the noindex shells of /login and /admin, sitemap.xml and robots.txt. */
async function writeStaticFiles(distDir: string, renderer: Renderer): Promise<string[]> {
  const written: string[] = [];
  for (const path of SHELL_PATHS) {
    const file = join(distDir, path.replace(/^\//, ''), 'index.html');
    await write(file, renderer.renderShell(path));
    written.push(file);
  }
  await write(join(distDir, 'sitemap.xml'), sitemap());
  await write(
    join(distDir, 'robots.txt'),
    `User-agent: *\nAllow: /\nDisallow: ${paths.admin}\nDisallow: ${paths.login}\n\nSitemap: ${BUSINESS.siteUrl}/sitemap.xml\n`,
  );
  written.push(join(distDir, 'sitemap.xml'), join(distDir, 'robots.txt'));
  return written;
}

/**
 * Client build into `outDir` (relative to website/), then the server build into `<outDir>-server`
 * whose `render.js` the server loads to render every public page with live data, then the static
 * shells, sitemap and robots. The e2e tests build into their own folder with test EmailJS ids.
 */
export async function buildSite(outDir = 'dist') {
  // A site build is always a production build, whatever NODE_ENV the caller runs under.
  process.env.NODE_ENV = 'production';
  const distDir = resolve(WEBSITE_DIR, outDir);
  const serverDir = `${distDir}-server`;
  const configFile = join(WEBSITE_DIR, 'vite.config.ts');
  await build({ root: WEBSITE_DIR, configFile, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
  const assets = await siteAssets(distDir);
  await build({
    root: WEBSITE_DIR,
    configFile,
    logLevel: 'warn',
    // Self-contained: the server runs it without the website's dependencies being resolvable.
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: serverDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      target: 'node20',
      // One file: the server imports it once and every page is there (no lazy chunks to wait for).
      rollupOptions: { output: { entryFileNames: 'entry-server.js', codeSplitting: false } },
    },
  });
  const entry = join(serverDir, 'render.js');
  await writeFile(entry, renderModule(assets));
  const renderer = (await import(`${pathToFileURL(entry).href}?build=${Date.now()}`)) as Renderer;
  const written = await writeStaticFiles(distDir, renderer);
  // The manifest is baked into render.js; nothing should serve it.
  await rm(join(distDir, '.vite'), { recursive: true, force: true });
  // Last, so that every file is in its final form: the server sends these siblings as they are.
  await precompress(distDir);
  return { distDir, serverDir, entry, written };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outIndex = process.argv.indexOf('--out');
  const outDir = outIndex > 0 ? process.argv[outIndex + 1] : undefined;
  const started = Date.now();
  buildSite(outDir).then(
    ({ distDir, entry }) =>
      console.log(`Sitio construido en ${distDir}; páginas en vivo: ${entry} (${Date.now() - started} ms).`),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
