/**
 * Screenshots of every public page at phone and desktop widths, for a human look:
 * `npx tsx website/scripts/screenshots.ts [outDir]` (needs `npm run build -w website` first).
 * Sample photos are seeded so the gallery has content.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { startTestServer } from '../../test-support/server';
import { CHROMIUM_PATH, launchBrowser, openPage } from '../../test-support/browser';
import { WEBSITE_DIR } from './build';

const outDir = resolve(process.argv[2] ?? '/tmp/cabana-shots');
const PAGES = ['/', '/planes', '/galeria', '/contacto', '/imagenes', '/privacidad', '/no-existe', '/login'];
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false },
];

await mkdir(outDir, { recursive: true });
const server = await startTestServer({
  websiteDist: join(WEBSITE_DIR, process.env.DIST ?? 'dist'),
  env: { SEED_SAMPLE_PHOTOS: 'true' },
});
const browser = await launchBrowser(CHROMIUM_PATH);
try {
  for (const size of SIZES) {
    const context = await browser.newContext({ ...size, locale: 'es-CO', reducedMotion: 'reduce' });
    for (const path of PAGES) {
      const { page, problems } = await openPage(context);
      await page.goto(server.url + path, { waitUntil: 'networkidle' });
      const name = `${size.name}-${path === '/' ? 'home' : path.slice(1)}.png`;
      await page.screenshot({ path: join(outDir, name), fullPage: true });
      const issues = [...problems.consoleErrors, ...problems.cspViolations, ...problems.pageErrors];
      console.log(`${name}${issues.length ? `  PROBLEMS: ${issues.join(' | ')}` : ''}`);
      await page.close();
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
