import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { prerender } from './prerender';
import { precompress } from './precompress';

export const WEBSITE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Client build, SSR build, then prerender. `outDir` is relative to website/ (the e2e tests
 * build into their own folder with test EmailJS ids, leaving `dist` alone).
 */
export async function buildSite(outDir = 'dist') {
  // A site build is always a production build, whatever NODE_ENV the caller runs under.
  process.env.NODE_ENV = 'production';
  const distDir = resolve(WEBSITE_DIR, outDir);
  const ssrDir = `${distDir}-ssr`;
  const configFile = join(WEBSITE_DIR, 'vite.config.ts');
  await build({ root: WEBSITE_DIR, configFile, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
  await build({
    root: WEBSITE_DIR,
    configFile,
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, manifest: false },
  });
  const pages = await prerender({ distDir, ssrDir });
  // The SSR bundle is only a build tool: nothing should serve it.
  await rm(ssrDir, { recursive: true, force: true });
  await rm(join(distDir, '.vite'), { recursive: true, force: true });
  // Last, so that every file is in its final form: the server sends these siblings as they are.
  await precompress(distDir);
  return { distDir, pages };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outIndex = process.argv.indexOf('--out');
  const outDir = outIndex > 0 ? process.argv[outIndex + 1] : undefined;
  const started = Date.now();
  buildSite(outDir).then(
    ({ distDir, pages }) =>
      console.log(
        `Sitio construido en ${distDir}: ${pages.length} páginas prerenderizadas (${Date.now() - started} ms).`,
      ),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
