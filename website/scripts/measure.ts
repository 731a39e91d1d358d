/**
 * Closing-note numbers for the website: `npm run bench -w website`.
 * Starts the real server on a temp data folder (sample photos seeded) serving website/dist,
 * prints the gzip size of the JavaScript each public page loads, then runs Lighthouse (mobile
 * preset, Debian's Chromium) on every public page and prints its four category scores.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startTestServer } from '../../server/test/helpers/test-server';
import { CHROMIUM_PATH, launchBrowser } from '../e2e/browser';
import { PUBLIC_PATHS } from '../src/config/paths';
import { WEBSITE_DIR, buildSite } from './build';

const distDir = join(WEBSITE_DIR, 'dist');
if (!existsSync(join(distDir, 'index.html')) || !existsSync(join(`${distDir}-server`, 'render.js'))) {
  console.log('No hay compilación en website/dist: compilando…');
  await buildSite('dist');
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const server = await startTestServer({ websiteDist: distDir, env: { SEED_SAMPLE_PHOTOS: 'true' } });
console.log(`Servidor en ${server.url} (datos temporales en ${server.dataDir})\n`);
try {
  // 1. JavaScript each page really loads (first visit, nothing cached), gzip -9 of each file.
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  console.log('JavaScript cargado por página (primera visita):');
  console.log('página        archivos   sin comprimir   gzip');
  for (const path of PUBLIC_PATHS) {
    const page = await context.newPage();
    const files = new Map<string, Promise<Buffer>>();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script' && !files.has(res.url())) files.set(res.url(), res.body());
    });
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    const bodies = await Promise.all(files.values());
    const raw = bodies.reduce((n, b) => n + b.length, 0);
    const gz = bodies.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
    console.log(`${path.padEnd(14)}${String(files.size).padStart(8)}${kb(raw).padStart(16)}${kb(gz).padStart(10)}`);
    await page.close();
  }
  await browser.close();

  // 2. Lighthouse, mobile (its default form factor and simulated slow 4G throttling).
  const lighthouseCli = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
  const outDir = await mkdtemp(join(tmpdir(), 'cabana-lh-'));
  console.log('\nLighthouse (móvil): rendimiento / accesibilidad / buenas prácticas / SEO');
  // `npm run bench -w website -- /contacto /planes` measures only those pages.
  const only = process.argv.slice(2).filter((a) => a.startsWith('/'));
  for (const path of only.length ? only : PUBLIC_PATHS) {
    const out = join(outDir, `${path === '/' ? 'inicio' : path.slice(1)}.json`);
    const runOnce = () =>
      new Promise<void>((ok, fail) => {
        const child = spawn(
          process.execPath,
          [
            lighthouseCli,
            server.url + path,
            '--quiet',
            '--output=json',
            `--output-path=${out}`,
            '--only-categories=performance,accessibility,best-practices,seo',
            '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
          ],
          { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: ['ignore', 'ignore', 'pipe'] },
        );
        let err = '';
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`lighthouse ${path}: ${code}\n${err}`))));
      });
    // Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART): try again.
    for (let attempt = 1; ; attempt++) {
      try {
        await runOnce();
        break;
      } catch (err) {
        if (attempt === 3) throw err;
      }
    }
    const report = JSON.parse(await readFile(out, 'utf8')) as {
      categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
      audits: Record<string, { score: number | null; displayValue?: string }>;
    };
    const score = (k: string) => String(Math.round((report.categories[k]?.score ?? 0) * 100)).padStart(4);
    const lcp = report.audits['largest-contentful-paint']?.displayValue ?? '?';
    const cls = report.audits['cumulative-layout-shift']?.displayValue ?? '?';
    const tbt = report.audits['total-blocking-time']?.displayValue ?? '?';
    const fcp = report.audits['first-contentful-paint']?.displayValue ?? '?';
    // Weighted audits that did not fully pass outside performance: what to look at next.
    const failed = ['accessibility', 'best-practices', 'seo'].flatMap((k) =>
      (report.categories[k]?.auditRefs ?? [])
        .filter((r) => r.weight > 0 && (report.audits[r.id]?.score ?? 1) < 1)
        .map((r) => r.id),
    );
    console.log(
      `${path.padEnd(14)}${score('performance')}${score('accessibility')}${score('best-practices')}${score('seo')}   FCP ${fcp}, LCP ${lcp}, TBT ${tbt}, CLS ${cls}${failed.length ? `  (por revisar: ${failed.join(', ')})` : ''}`,
    );
  }
  await rm(outDir, { recursive: true, force: true });
} finally {
  await server.close();
}
