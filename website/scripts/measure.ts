/**
 * Website figures: `npm run bench -w website` (or part of the root `npm run bench`).
 * Starts the real server on a data folder with 24 published 12-MP photos, serving website/dist,
 * and measures: the gzip size of the JavaScript each public page loads, the bytes of the first
 * screen of /galeria on a 390-px phone at DPR 2, and Lighthouse (mobile preset, Debian's
 * Chromium, offline) on every public page.
 *   npm run bench -w website -- /contacto /planes     # Lighthouse on those pages only
 *   npm run bench -w website -- --js                  # JavaScript sizes only (public and owner)
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../../test-support/server';
import { seededDataDir } from '../../test-support/seeded-data';
import { CHROMIUM_PATH, inlineScriptsOf, launchBrowser } from '../../test-support/browser';
import { PUBLIC_PATHS, paths } from '../src/config/paths';
import { WEBSITE_DIR, buildSite } from './build';

export interface PageJs {
  path: string;
  files: number;
  raw: number;
  gzip: number;
}
export interface PageLighthouse {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** The performance score of every run (the figures above are the median run's). */
  performanceRuns: number[];
  /** The LCP of every run, in ms (a shared machine: their median is the figure to quote). */
  lcpRuns: number[];
  /** Weighted audits that did not fully pass outside performance. */
  failed: string[];
}
export interface WebsiteResults {
  photos: number;
  js: PageJs[];
  /**
   * The owner's app, never loaded by visitors: `/login` on a first visit, and `/admin` signed in
   * (every script the panel's first section needs: the shell, the login chunk and the panel's).
   */
  ownerJs: PageJs[];
  galleryFirstScreen: { bytes: number; requests: number; images: number; imageBytes: number };
  lighthouse: PageLighthouse[];
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
/** Lighthouse runs per page (BENCH_LH_RUNS); the median run is kept. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));

interface LighthouseReport {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; numericValue?: number }>;
}

async function lighthouse(url: string, out: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const cli = require.resolve('lighthouse/cli/index.js');
  const runOnce = () =>
    new Promise<void>((ok, fail) => {
      const child = spawn(
        process.execPath,
        [
          cli,
          url,
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
      child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`lighthouse ${url}: ${code}\n${err}`))));
    });
  // Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART): try again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce();
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/**
 * Every script a page asks for, by URL, each body once: read again from the server (the browser
 * does not always hand a module's body over, and a chunk loaded after hydration may arrive as the
 * page closes).
 */
function scriptsOf(page: Page): Map<string, Promise<Buffer>> {
  const files = new Map<string, Promise<Buffer>>();
  page.on('request', (req) => {
    if (req.resourceType() === 'script' && !files.has(req.url()))
      files.set(
        req.url(),
        fetch(req.url()).then(async (res) => Buffer.from(await res.arrayBuffer())),
      );
  });
  return files;
}

async function pageJs(path: string, files: Map<string, Promise<Buffer>>, page?: Page): Promise<PageJs> {
  // The scripts written into the page (the entry of the pages with islands) count too.
  const inline = page ? await inlineScriptsOf(page) : [];
  const bodies = [...(await Promise.all(files.values())), ...inline.map((code) => Buffer.from(code))];
  return {
    path,
    files: files.size,
    raw: bodies.reduce((n, b) => n + b.length, 0),
    gzip: bodies.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
  };
}

/**
 * The owner's JavaScript, each on a first visit: `/login`, and `/admin` with a session (the
 * shell and the panel's chunks its first section needs).
 */
async function measureOwnerJs(browser: Browser, server: TestServer): Promise<PageJs[]> {
  const [name, value] = (await server.loginCookie()).split('=') as [string, string];
  const out: PageJs[] = [];
  for (const path of [paths.login, paths.admin]) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      if (path === paths.admin) await context.addCookies([{ name, value, url: server.url }]);
      const page = await context.newPage();
      const files = scriptsOf(page);
      await page.goto(server.url + path, { waitUntil: 'networkidle' });
      if (path === paths.admin) await page.getByText(`Sesión iniciada como ${server.admin.email}`).waitFor();
      out.push(await pageJs(path, files, page));
    } finally {
      await context.close();
    }
  }
  return out;
}

export async function measureWebsite(
  opts: { lighthousePaths?: readonly string[]; jsOnly?: boolean; log?: (msg: string) => void } = {},
): Promise<WebsiteResults> {
  const log = opts.log ?? console.log;
  const distDir = join(WEBSITE_DIR, 'dist');
  if (!existsSync(join(distDir, 'index.html')) || !existsSync(join(`${distDir}-server`, 'render.js'))) {
    log('No hay compilación en website/dist: compilando…');
    await buildSite('dist');
  }
  const dataDir = await seededDataDir(24, log);
  const server = await startTestServer({ websiteDist: distDir, dataDir });
  const results: WebsiteResults = {
    photos: 24,
    js: [],
    ownerJs: [],
    galleryFirstScreen: { bytes: 0, requests: 0, images: 0, imageBytes: 0 },
    lighthouse: [],
  };
  try {
    const browser = await launchBrowser(CHROMIUM_PATH);
    try {
      // 1. JavaScript each page really loads (first visit, nothing cached), gzip -9 of each file.
      for (const path of PUBLIC_PATHS) {
        // A context each: nothing cached, as on a first visit.
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          isMobile: true,
          locale: 'es-CO',
        });
        const page = await context.newPage();
        const files = scriptsOf(page);
        await page.goto(server.url + path, { waitUntil: 'networkidle' });
        results.js.push(await pageJs(path, files, page));
        await context.close();
      }
      log(
        'JavaScript por página (primera visita), gzip: ' + results.js.map((j) => `${j.path} ${kb(j.gzip)}`).join(', '),
      );
      // Not to stop the page figures when the panel's sign-in text changes.
      results.ownerJs = await measureOwnerJs(browser, server).catch((err: unknown) => {
        log(`JavaScript del administrador: no medido (${String(err).split('\n')[0]})`);
        return [];
      });
      log(
        'JavaScript del administrador (primera visita), gzip: ' +
          results.ownerJs.map((j) => `${j.path} ${kb(j.gzip)}`).join(', '),
      );
      if (opts.jsOnly) return results;

      // 2. First screen of the gallery: everything a 390-px phone at DPR 2 loads without scrolling.
      const phone = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      const page = await phone.newPage();
      const requests: Promise<{ bytes: number; image: boolean }>[] = [];
      page.on('requestfinished', (req) =>
        requests.push(
          req.sizes().then((s) => ({
            bytes: s.responseBodySize + s.responseHeadersSize,
            image: req.resourceType() === 'image',
          })),
        ),
      );
      await page.goto(server.url + paths.gallery, { waitUntil: 'networkidle' });
      // The gallery asks for its photos after the scripts ran; on a busy machine "network idle"
      // can come before that. Settled means: no new request for a while after idling again.
      for (let i = 0; i < 10; i++) {
        const before = requests.length;
        await page.waitForTimeout(1500);
        await page.waitForLoadState('networkidle');
        if (requests.length === before) break;
      }
      const sizes = await Promise.all(requests);
      results.galleryFirstScreen = {
        bytes: sizes.reduce((n, s) => n + s.bytes, 0),
        requests: sizes.length,
        images: sizes.filter((s) => s.image).length,
        imageBytes: sizes.filter((s) => s.image).reduce((n, s) => n + s.bytes, 0),
      };
      await phone.close();
      log(
        `Primera pantalla de /galeria (390 px, DPR 2): ${kb(results.galleryFirstScreen.bytes)} en ${sizes.length} solicitudes`,
      );
    } finally {
      await browser.close();
    }

    // 3. Lighthouse, mobile (its default form factor and simulated slow 4G throttling).
    const outDir = await mkdtemp(join(tmpdir(), 'cabana-lh-'));
    try {
      for (const path of opts.lighthousePaths?.length ? opts.lighthousePaths : PUBLIC_PATHS) {
        // Lighthouse's own advice on variance: several runs, and the one nearest the median
        // (its computeMedianRun, by FCP and TTI) is the page's figure.
        const reports: LighthouseReport[] = [];
        for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
          const out = join(outDir, `${path === '/' ? 'inicio' : path.slice(1).replace(/\//g, '-')}-${run}.json`);
          await lighthouse(server.url + path, out);
          reports.push(JSON.parse(await readFile(out, 'utf8')) as LighthouseReport);
        }
        // Its declaration names Lighthouse's global LH.Result type, which this project does not load.
        const report = computeMedianRun(reports as never) as LighthouseReport;
        const scores = reports.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
        const score = (k: string) => Math.round((report.categories[k]?.score ?? 0) * 100);
        const value = (k: string) => report.audits[k]?.numericValue ?? NaN;
        const row: PageLighthouse = {
          path,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs: value('largest-contentful-paint'),
          fcpMs: value('first-contentful-paint'),
          tbtMs: value('total-blocking-time'),
          cls: value('cumulative-layout-shift'),
          performanceRuns: scores,
          lcpRuns: reports.map((r) => Math.round(r.audits['largest-contentful-paint']?.numericValue ?? NaN)),
          failed: ['accessibility', 'best-practices', 'seo'].flatMap((k) =>
            (report.categories[k]?.auditRefs ?? [])
              .filter((r) => r.weight > 0 && (report.audits[r.id]?.score ?? 1) < 1)
              .map((r) => r.id),
          ),
        };
        results.lighthouse.push(row);
        log(
          `Lighthouse ${path.padEnd(12)} rendimiento ${row.performance}, accesibilidad ${row.accessibility}, ` +
            `buenas prácticas ${row.bestPractices}, SEO ${row.seo}; FCP ${(row.fcpMs / 1000).toFixed(1)} s, ` +
            `LCP ${(row.lcpMs / 1000).toFixed(1)} s, TBT ${row.tbtMs.toFixed(0)} ms, CLS ${row.cls.toFixed(3)} ` +
            `(mediana de ${scores.join(', ')}; LCP de cada corrida ${row.lcpRuns.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s)` +
            (row.failed.length ? `  (por revisar: ${row.failed.join(', ')})` : ''),
        );
      }
    } finally {
      // BENCH_LH_KEEP=1 keeps the reports (to read what holds a page's LCP).
      if (process.env.BENCH_LH_KEEP) log(`Informes de Lighthouse en ${outDir}`);
      else await rm(outDir, { recursive: true, force: true });
    }
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return results;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const jsonIndex = process.argv.indexOf('--json');
  // Page paths, not the file that follows --json.
  const only = process.argv.slice(2).filter((a, i) => a.startsWith('/') && i + 2 !== jsonIndex + 1);
  const results = await measureWebsite({ lighthousePaths: only, jsOnly: process.argv.includes('--js') });
  if (jsonIndex > 0) await writeFile(process.argv[jsonIndex + 1]!, JSON.stringify(results, null, 2));
}
