import { tmpdir } from 'node:os';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect, onTestFailed } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server';

export { setPrice } from '../../test-support/server';
import { launchBrowser, openPage, type PageProblems } from '../../test-support/browser';
import { E2E_DIST } from './e2e-dist';
import { PAGE_PATHS } from '../src/config/paths';

export { E2E_DIST } from './e2e-dist';
export { runAxe } from '../../test-support/axe';

export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'es-CO',
  timezoneId: 'America/Bogota',
};
export const DESKTOP: BrowserContextOptions = {
  viewport: { width: 1280, height: 900 },
  locale: 'es-CO',
  timezoneId: 'America/Bogota',
};

export interface Site {
  server: TestServer;
  browser: Browser;
  close(): Promise<void>;
}

let workerBrowser: Promise<Browser> | undefined;

/**
 * One Chromium per vitest worker, kept between its files (the worker keeps its modules: see
 * vitest.config.ts): a launch costs about a second. Files never share a page or a context: each
 * file makes its own contexts, and its `close()` closes every one of them.
 */
async function browserForWorker(): Promise<Browser> {
  const current = workerBrowser && (await workerBrowser.catch(() => undefined));
  if (current?.isConnected()) return current;
  workerBrowser = launchBrowser();
  return workerBrowser;
}

/**
 * The real server serving the e2e build, plus the worker's Chromium: on a temp data folder, or on
 * `dataDir` (a fixture's copy: test-support/seeded-data.ts), which the caller removes.
 */
export async function startSite(env: Record<string, string> = {}, opts: { dataDir?: string } = {}): Promise<Site> {
  const [server, browser] = await Promise.all([
    startTestServer({ websiteDist: E2E_DIST, env, dataDir: opts.dataDir }),
    browserForWorker(),
  ]);
  return {
    server,
    browser,
    async close() {
      await Promise.all(browser.contexts().map((c) => c.close()));
      await server.close();
    },
  };
}

export async function newPage(context: BrowserContext): Promise<{ page: Page; problems: PageProblems }> {
  const opened = await openPage(context);
  // Fail fast with the step that hung instead of hitting the whole test's timeout.
  opened.page.setDefaultTimeout(15_000);
  // On failure, say what the page looked like (a flaky run on a busy machine is hard to replay).
  onTestFailed(async ({ task }) => {
    const { page, problems } = opened;
    if (page.isClosed()) return;
    const file = `${tmpdir()}/cabana-e2e-${task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}.png`;
    const main = await page
      .locator('main')
      .first()
      .innerText({ timeout: 1_000 })
      .catch(() => '(sin <main>)');
    await page.screenshot({ path: file, fullPage: true, timeout: 5_000 }).catch(() => undefined);
    console.log(
      `[e2e] fallo en ${page.url()} — captura: ${file}\n  <main>: ${main.slice(0, 300).replace(/\s+/g, ' ')}\n  problemas: ${JSON.stringify(problems)}`,
    );
  });
  return opened;
}

/**
 * Waits until the public page has hydrated: the entry marks `<html data-hydrated>` once React
 * adopted every island of the server's HTML (website/src/entry-client.tsx). Faster than waiting for the
 * network to go quiet (half a second after the last request), and exact.
 */
export async function waitForHydration(page: Page): Promise<void> {
  // A page without islands (text pages, 404s) has nothing to hydrate: it loads no script.
  await page.waitForFunction(
    () => document.documentElement.dataset.hydrated === 'true' || !document.querySelector('[data-isla]'),
  );
}

/** Opens a public page and waits until it has hydrated. */
export async function gotoHydrated(page: Page, url: string) {
  const res = await page.goto(url);
  await waitForHydration(page);
  return res;
}

/** Every page must stay clean: no console errors, no uncaught errors, no CSP violations. */
export function expectClean(problems: PageProblems) {
  expect(problems.cspViolations, 'violaciones de CSP').toEqual([]);
  expect(problems.consoleErrors, 'errores de consola').toEqual([]);
  expect(problems.pageErrors, 'errores no capturados').toEqual([]);
}

/** An e-mail the page tried to send through EmailJS (intercepted, never leaves the machine). */
export interface EmailJsCall {
  service_id: string;
  template_id: string;
  user_id: string;
  template_params: Record<string, unknown>;
}

/** Intercepts EmailJS: answers `status` (200 = accepted) and records each payload. */
export async function interceptEmailJs(page: Page, status = 200): Promise<EmailJsCall[]> {
  const calls: EmailJsCall[] = [];
  await page.route('https://api.emailjs.com/**', async (route) => {
    const req = route.request();
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'content-type',
      'access-control-allow-methods': 'POST, OPTIONS',
    };
    if (req.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    calls.push(req.postDataJSON() as EmailJsCall);
    await route.fulfill({
      status,
      headers: { ...cors, 'content-type': 'text/plain' },
      body: status === 200 ? 'OK' : 'The service is temporarily unavailable',
    });
  });
  return calls;
}

/** Enquiries stored on the server, as the admin inbox sees them. */
export async function storedEnquiries(server: TestServer): Promise<Record<string, unknown>[]> {
  const cookie = await server.loginCookie();
  const res = await fetch(`${server.apiUrl}/consultas`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>[];
}

/** Booking requests stored on the server, as the panel's Reservas section sees them. */
export async function storedBookings(server: TestServer): Promise<Record<string, unknown>[]> {
  const cookie = await server.loginCookie();
  const res = await fetch(`${server.apiUrl}/reservas`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>[];
}

/** A YYYY-MM-DD date `days` after today at the cabin. */
export function daysFromToday(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Bogota',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Types a date into the focused <input type="date"> with the keyboard, month first: headless
 * Chromium lays the segments out by its own UI language (en-US), whatever the page locale.
 */
export async function typeDate(page: Page, iso: string): Promise<void> {
  const [y, m, d] = iso.split('-') as [string, string, string];
  const id = await page.evaluate(() => document.activeElement?.id ?? '');
  if (!id) throw new Error('Ningún campo de fecha tiene el foco');
  await page.keyboard.type(m + d + y);
  const value = await page.locator(`#${id}`).inputValue();
  if (value !== iso) throw new Error(`No se pudo escribir la fecha ${iso}: quedó "${value}"`);
}

/** Tabs forward until the element with `id` has focus (bounded, so a broken tab order fails). */
export async function tabTo(page: Page, id: string, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if ((await page.evaluate(() => document.activeElement?.id)) === id) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`El foco nunca llegó a #${id} con el tabulador`);
}

/** Network failures we caused on purpose show up as console errors; drop exactly those. */
export function withoutExpectedNetworkErrors(problems: PageProblems, patterns: RegExp[]): PageProblems {
  return {
    ...problems,
    consoleErrors: problems.consoleErrors.filter((e) => !patterns.some((p) => p.test(e))),
  };
}

/**
 * A photo-like JPEG made here (a diagonal gradient with grain), so the server's pipeline does
 * real work. Raw pixels, because the server limits which formats sharp may decode. More `grain`
 * compresses worse: `PHONE_PHOTO_GRAIN` at 4000×3000 gives what a 12-MP phone photo weighs.
 */
export async function makeJpeg(width: number, height: number, hue: number, grain = 10): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const px = Buffer.alloc(width * height * 3);
  const base = [Math.round(120 + 100 * Math.sin(hue)), Math.round(120 + 100 * Math.cos(hue)), 180];
  let seed = hue + 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = (seed % (2 * grain + 1)) - grain;
      const t = (x / width + y / height) / 2;
      const i = (y * width + x) * 3;
      px[i] = Math.max(0, Math.min(255, base[0]! * (1 - t) + 40 * t + noise));
      px[i + 1] = Math.max(0, Math.min(255, base[1]! * (1 - t) + 90 * t + noise));
      px[i + 2] = Math.max(0, Math.min(255, base[2]! * (1 - t) + 120 * t + noise));
    }
  }
  return sharp(px, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * Grain for `makeJpeg` that makes a 4000×3000 JPEG of about 5 MB whose 960-px AVIF is about
 * 45-50 KB, like a detailed 12-MP phone photo (flat test pictures compress to almost nothing).
 */
export const PHONE_PHOTO_GRAIN = 62;

/** Publishes a photo as the admin does (multipart with the session cookie). */
export async function uploadAsAdmin(
  server: TestServer,
  cookie: string,
  file: Buffer,
  title: string,
  description: string,
): Promise<Record<string, unknown>> {
  const fd = new FormData();
  fd.set('title', title);
  fd.set('description', description);
  fd.set('image', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), `${title}.jpg`);
  const res = await fetch(`${server.apiUrl}/imagenes/upload`, {
    method: 'POST',
    headers: { cookie, origin: server.url },
    body: fd,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * Pages whose only interaction is a plain link: no island, so no JavaScript (issue 31). A Spanish
 * one loads only the suggestion of the English page (`hint-*.js`, no imports); an English one nothing.
 */
export const ZERO_JS_PATHS: readonly string[] = [
  PAGE_PATHS.es.privacy,
  PAGE_PATHS.es.terms,
  PAGE_PATHS.en.privacy,
  PAGE_PATHS.en.terms,
  PAGE_PATHS.es.reviews,
  PAGE_PATHS.en.reviews,
  '/no-existe',
  '/en/no-existe',
];

/** Changes the owner's settings through the API, as the panel does (200 expected). */
export async function patchSettings(server: TestServer, body: Record<string, unknown>): Promise<void> {
  const cookie = await server.loginCookie();
  const res = await fetch(`${server.apiUrl}/ajustes`, {
    method: 'PATCH',
    headers: { cookie, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

/**
 * After /planes sent a request the server took, the guest lands on the booking's private page
 * (issue 32): waits for it and returns the booking's code and the page's path with its secret.
 */
export async function landedOnBooking(page: Page): Promise<{ code: string; link: string }> {
  await page.waitForURL(/\/(reserva|en\/booking)\/[A-Z2-9]{8}\?t=[A-Za-z0-9_-]{43}$/);
  await waitForHydration(page);
  const url = new URL(page.url());
  return { code: url.pathname.split('/').pop() ?? '', link: url.pathname + url.search };
}
