import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedBooking } from '../../test-support/bookings';
import { PAGE_PATHS } from '../src/config/paths';
import {
  PHONE,
  ZERO_JS_PATHS,
  daysFromToday,
  expectClean,
  gotoHydrated,
  makeJpeg,
  newPage,
  startSite,
  uploadAsAdmin,
  type Site,
} from './helpers';
import { inlineScriptsIn } from './public-pages';
import { inlineScriptsOf } from '../../test-support/browser';

/**
 * Issue 31: the server renders whole pages; the browser loads code only for their interactive
 * parts (islands), hydrates each on its own, and loads none on pages without one.
 */
let site: Site;

beforeAll(async () => {
  site = await startSite();
  const cookie = await site.server.loginCookie();
  for (let i = 0; i < 2; i++)
    await uploadAsAdmin(site.server, cookie, await makeJpeg(800, 600, i), `Foto ${i + 1}`, `Rincón ${i + 1}`);
}, 120_000);
afterAll(async () => {
  await site?.close();
});

/** Every script a page requests, by URL. */
function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') urls.push(req.url());
  });
  return urls;
}

const dataIsland = (html: string) =>
  /<script type="application\/json" id="datos-pagina">([^<]*)<\/script>/.exec(html)?.[1];

/** Whether React manages the node (hydrated): it keeps its fiber on the element. */
const hydrated = (page: Page, selector: string) =>
  page.evaluate(
    (sel) => [...document.querySelectorAll(sel)].map((el) => Object.keys(el).some((k) => k.startsWith('__react'))),
    selector,
  );

describe('pages without islands', () => {
  it('load no JavaScript at all; a Spanish one only the few bytes of the English-page hint', async () => {
    const context = await site.browser.newContext(PHONE);
    for (const path of ZERO_JS_PATHS) {
      const res = await fetch(site.server.url + path);
      const html = await res.text();
      expect(html, path).not.toContain('data-isla="');
      expect(dataIsland(html), path).toBeUndefined();
      expect(html, path).not.toContain('modulepreload');
      expect(inlineScriptsIn(html), path).toEqual([]);
      expect(res.headers.get('content-security-policy'), path).not.toContain('sha256');

      const page = await context.newPage();
      const scripts = scriptsOf(page);
      await page.goto(site.server.url + path, { waitUntil: 'networkidle' });
      // The Spanish text pages suggest their English twin to English browsers: that script alone.
      const hinted = ([PAGE_PATHS.es.privacy, PAGE_PATHS.es.terms, PAGE_PATHS.es.reviews] as string[]).includes(path);
      expect(
        scripts.map((u) => new URL(u).pathname.replace(/-[\w-]{8}\.js$/, '.js')),
        path,
      ).toEqual(hinted ? ['/assets/hint.js'] : []);
      for (const url of scripts) {
        const body = Buffer.from(await (await fetch(url)).arrayBuffer());
        expect(gzipSync(body, { level: 9 }).length, url).toBeLessThanOrEqual(512);
        // It imports nothing: no React, no shared chunk.
        expect(body.toString()).not.toMatch(/\bimport\b/);
      }
      // Its links work without code: the home link is a document load.
      expect(await page.locator('header a.brand').getAttribute('href')).toBe(path.startsWith('/en') ? '/en' : '/');
      await page.close();
    }
    await context.close();
  });

  it('an English browser on a Spanish text page gets the suggestion from that one small script', async () => {
    const context = await site.browser.newContext({ ...PHONE, locale: 'en-US' });
    const { page, problems } = await newPage(context);
    const scripts = scriptsOf(page);
    await page.goto(site.server.url + PAGE_PATHS.es.privacy);
    const hint = page.locator('aside.english-hint a');
    await expect.poll(() => hint.getAttribute('href')).toBe(PAGE_PATHS.en.privacy);
    expect(scripts).toHaveLength(1);
    expectClean(problems);
    await context.close();
  });
});

describe('pages with islands', () => {
  it('hydrate only their islands, each with its own props, and carry only the message groups they show', async () => {
    const b = await acceptedBooking(site.server, 20, 2);
    const cases: { path: string; islands: string[]; groups: string[] }[] = [
      { path: '/', islands: ['hero-video'], groups: [] },
      { path: '/en', islands: ['hero-video'], groups: [] },
      {
        path: '/planes',
        islands: ['language-switch', 'plans'],
        groups: ['booking', 'common', 'errors', 'form', 'plans'],
      },
      { path: '/galeria', islands: ['gallery'], groups: ['gallery'] },
      { path: '/en/gallery', islands: ['gallery'], groups: ['gallery'] },
      { path: '/contacto', islands: ['contact-form'], groups: ['contact', 'errors', 'form'] },
      { path: '/imagenes', islands: ['upload-form'], groups: ['errors', 'form', 'upload'] },
      {
        path: b.path,
        islands: ['language-switch', 'guest-booking'],
        groups: ['booking', 'errors', 'guest', 'payment'],
      },
    ];
    const context = await site.browser.newContext(PHONE);
    for (const c of cases) {
      const { page, problems } = await newPage(context);
      await page.goto(site.server.url + c.path);
      const names = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-isla]')].map((el) => el.dataset.isla),
      );
      expect(names, c.path).toEqual(c.islands);
      // Every island hydrated (React took its content over)…
      await expect.poll(() => hydrated(page, '[data-isla] > *'), { timeout: 30_000 }).not.toContain(false);
      // …and nothing else: the header, the page's heading and the footer stay the server's markup.
      // (A guest's page is one island as a whole: its heading follows the booking's state.)
      const outsides = [
        'header.site-header',
        'header .brand',
        'footer#pie',
        ...(c.islands.includes('guest-booking') ? [] : ['main h1']),
      ];
      for (const outside of outsides) expect(await hydrated(page, outside), `${c.path} ${outside}`).not.toContain(true);
      const html = await (await fetch(site.server.url + c.path)).text();
      const carried = JSON.parse(dataIsland(html) ?? '{}') as { messages?: Record<string, unknown> };
      expect(Object.keys(carried.messages ?? {}).sort(), c.path).toEqual(c.groups);
      expectClean(problems);
      await page.close();
    }
    // The home page's one island gets its two words as props, in the page's language.
    const home = await (await fetch(`${site.server.url}/en`)).text();
    expect(home).toMatch(/data-isla="hero-video" data-props="\{&quot;play&quot;:&quot;Play video&quot;/);
    await context.close();
  });
});

/** Holds the requests matching `pattern` (but those `pass` lets through) until released. */
async function holdRequests(page: Page, pattern: string | RegExp, pass: (url: string) => boolean = () => false) {
  const held: Route[] = [];
  let released = false;
  await page.route(pattern, (route) => {
    if (released || pass(route.request().url())) return route.continue();
    held.push(route);
  });
  return {
    held,
    release: async () => {
      released = true;
      await Promise.all(held.map((r) => r.continue()));
    },
  };
}

/**
 * Holds every script but the entry (and the small chunk it imports) until released: the page is
 * parsed and the entry has run (module scripts run before DOMContentLoaded), its islands not hydrated.
 */
async function holdIslandCode(page: Page): Promise<() => Promise<void>> {
  const code = await holdRequests(page, '**/assets/**/*.js', (url) => /\/assets\/(index|base)-[\w-]+\.js$/.test(url));
  return code.release;
}

describe("a page's main image first", () => {
  it("/galeria asks for its code only once its first photo has arrived and painted (the slow link is the photo's)", async () => {
    const context = await site.browser.newContext(PHONE);
    const { page, problems } = await newPage(context);
    const scripts = scriptsOf(page);
    const photos = await holdRequests(page, '**/media/**');
    // Module scripts run before DOMContentLoaded: by then the entry has run, and waits.
    await page.goto(site.server.url + '/galeria', { waitUntil: 'domcontentloaded' });
    expect(await page.locator('img[fetchpriority="high"]').count()).toBe(1);
    // The entry is in the page (issue 31): nothing is fetched while the photo is on its way. The
    // page's policy allows that one script by its hash, and nothing else written into a page.
    expect(scripts).toEqual([]);
    const [entry, ...others] = await inlineScriptsOf(page);
    expect(others).toEqual([]);
    const csp = (await fetch(site.server.url + '/galeria')).headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(entry!).digest('base64');
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe(`'self' 'sha256-${hash}'`);
    await photos.release();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated ?? '')).toBe('true');
    expect(scripts.some((u) => /\/assets\/gallery-/.test(u))).toBe(true);
    expectClean(problems);
    await context.close();
  });
});

describe('a tap before hydration is not lost', () => {
  it('a photo tapped before the gallery is hydrated opens in the lightbox once it is', async () => {
    const context = await site.browser.newContext(PHONE);
    const { page, problems } = await newPage(context);
    const release = await holdIslandCode(page);
    await page.goto(site.server.url + '/galeria', { waitUntil: 'domcontentloaded' });
    await page.locator('.gallery__button').first().tap();
    expect(await page.getByRole('dialog').isVisible()).toBe(false);
    await release();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    expect(await page.getByRole('dialog').innerText()).toContain('Foto 1 de 2');
    expectClean(problems);
    await context.close();
  });

  it('on a phone with a 6× slower CPU, a calendar day tapped before /planes is hydrated is the arrival (issue 31: INP)', async () => {
    const context = await site.browser.newContext(PHONE);
    const { page, problems } = await newPage(context);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    const release = await holdIslandCode(page);
    await page.goto(site.server.url + '/planes', { waitUntil: 'domcontentloaded' });
    // Tapped on the server's calendar, before any of the page's code is there.
    await page.locator(`#calendario-fechas [data-day="${daysFromToday(9)}"] button`).tap();
    expect(await page.getByLabel('Fecha de llegada').inputValue()).toBe('');
    // The code arrives and runs on the slow CPU: hydration, then the calendar's picker, then the tap.
    await release();
    await expect
      .poll(() => page.getByLabel('Fecha de llegada').inputValue(), { timeout: 20_000 })
      .toBe(daysFromToday(9));
    await page.locator(`#calendario-fechas [data-day="${daysFromToday(11)}"] button`).tap();
    await expect
      .poll(() => page.getByLabel('Fecha de salida').inputValue(), { timeout: 20_000 })
      .toBe(daysFromToday(11));
    expectClean(problems);
    await context.close();
  });

  it('a form sent before it is hydrated is not sent by the browser: the form checks it once hydrated', async () => {
    const context = await site.browser.newContext(PHONE);
    const { page, problems } = await newPage(context);
    const release = await holdIslandCode(page);
    await page.goto(site.server.url + '/contacto', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Enviar mensaje' }).tap();
    await release();
    // The empty fields are marked by the form's own checks; the browser never sent it (no query).
    await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).search).toBe('');
    expectClean(problems);
    await context.close();
  });

  it('/planes: a day picked on the calendar while the form’s code is on its way stays picked', async () => {
    const context = await site.browser.newContext(PHONE);
    const { page, problems } = await newPage(context);
    const code = await holdRequests(page, /\/assets\/(plans-form|stay-summary)-[\w-]+\.js$/);
    await gotoHydrated(page, site.server.url + '/planes');
    // The group size chosen in the server's form: the first interaction asks for the form's code.
    await page.getByLabel('Número de personas').selectOption('6');
    await expect.poll(() => code.held.length).toBe(2);
    await page.locator(`#calendario-fechas [data-day="${daysFromToday(9)}"] button`).click();
    await expect.poll(() => page.locator('.rdp-footer').innerText()).toContain('Elige el día de salida');
    // The form hydrates and takes what was chosen in it (the group), not the arrival it never saw.
    await code.release();
    await expect.poll(() => page.getByLabel('Fecha de llegada').inputValue()).toBe(daysFromToday(9));
    expect(await page.getByLabel('Número de personas').inputValue()).toBe('6');
    await expect.poll(() => page.getByTestId('resumen-personas').innerText()).toBe('6');
    expectClean(problems);
    await context.close();
  });

  it('/planes: what is typed, chosen and tapped in the booking form before its code arrives is all kept', async () => {
    const context = await site.browser.newContext(PHONE);
    const { page, problems } = await newPage(context);
    const scripts = scriptsOf(page);
    // The form's and the summary's code load at the visitor's first interaction: held here until released.
    const code = await holdRequests(page, /\/assets\/(plans-form|stay-summary)-[\w-]+\.js$/);
    await gotoHydrated(page, site.server.url + '/planes');
    // The island is hydrated, and none of that code was asked for before any interaction.
    expect(scripts.filter((u) => /\/(plans-form|stay-summary)-/.test(u))).toEqual([]);
    const name = page.getByLabel('Nombre completo');
    await name.tap();
    await page.keyboard.type('Luis ');
    await page.getByLabel('Número de personas').selectOption('6');
    await page.getByLabel('Fecha de llegada').fill(daysFromToday(30));
    await page.getByLabel('Fecha de salida').fill(daysFromToday(33));
    await page.getByLabel(/Acepto el tratamiento/).check();
    // Sent before the code is here: the browser does not send it (no query), the form will check it.
    await page.getByRole('button', { name: 'Enviar reserva' }).tap();
    await expect.poll(() => code.held.length).toBe(2);
    expect(new URL(page.url()).search).toBe('');
    await name.focus();
    await page.keyboard.press('End');
    // Keys typed while the code arrives and hydrates the form.
    const arriving = code.release();
    await page.keyboard.type('Gómez');
    await arriving;
    // The held submit ran the form's own checks with what was typed: only the empty fields are wrong.
    await expect
      .poll(() => page.locator('[aria-invalid="true"]').evaluateAll((els) => els.map((e) => e.id)))
      .toEqual(['email', 'phone']);
    expect(await name.inputValue()).toBe('Luis Gómez');
    expect(await page.getByLabel('Número de personas').inputValue()).toBe('6');
    expect(await page.getByLabel('Fecha de llegada').inputValue()).toBe(daysFromToday(30));
    expect(await page.getByLabel(/Acepto el tratamiento/).isChecked()).toBe(true);
    // The stay chosen in the form before its code ran is the page's: the summary and the terms show it.
    expect(await page.getByTestId('resumen-personas').innerText()).toBe('6');
    expect(await page.getByTestId('noches').innerText()).toBe('3');
    expect(await page.getByTestId('condiciones-pago').innerText()).toContain('anticipo');
    // The page keeps the stay in its address (stay-query.ts); the browser never sent the form.
    expect(new URL(page.url()).searchParams.get('checkin')).toBe(daysFromToday(30));
    expect(new URL(page.url()).searchParams.has('name')).toBe(false);
    expectClean(problems);
    await context.close();
  });
});
