import { createHash } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import {
  DESKTOP,
  ZERO_JS_PATHS,
  expectClean,
  gotoHydrated,
  newPage,
  startSite,
  waitForHydration,
  type Site,
} from './helpers';
import { PAGES, inlineScriptsIn } from './public-pages';

let site: Site;
let desktop: BrowserContext;

beforeAll(async () => {
  site = await startSite();
  desktop = await site.browser.newContext(DESKTOP);
});
afterAll(async () => {
  await site?.close();
});

describe('HTML rendered by the server', () => {
  for (const p of PAGES) {
    it(`${p.path} is real HTML with its own title, description, canonical and social tags`, async () => {
      const res = await fetch(site.server.url + p.path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await res.text();
      expect(html).toContain(`<html lang="${p.lang ?? 'es'}">`);
      expect(html).toContain('data-prerendered="true"');
      expect(html).toMatch(new RegExp(`<h1[^>]*>${p.h1}</h1>`));
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1] ?? '';
      expect(title.length).toBeGreaterThan(10);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
      expect(html).toContain(`<link rel="canonical" href="${BUSINESS.siteUrl}${p.path}"`);
      expect(html).toContain(`<meta property="og:title" content="${title}"`);
      expect(html).toContain(`<meta property="og:url" content="${BUSINESS.siteUrl}${p.path}"`);
      expect(html).toContain(`<meta property="og:image" content="${BUSINESS.siteUrl}/img/og-image.jpg"`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
      expect(html).not.toContain('noindex');
      // External modules, JSON-LD, the page's JSON data island (never executed) and, on a page with
      // islands, the entry written into it (issue 31), which the page's policy allows by its hash alone.
      const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? '');
      for (const attrs of scripts) {
        expect(attrs).toMatch(
          /src="\/assets\/|type="application\/ld\+json"|type="application\/json" id="datos-pagina"|^ type="module"$/,
        );
      }
      const inline = inlineScriptsIn(html);
      expect(inline).toHaveLength(ZERO_JS_PATHS.includes(p.path) ? 0 : 1);
      expect(/script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]).toBe(
        ["'self'", ...inline.map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`)].join(' '),
      );
      // Pages without islands (islands.test.ts) carry no data for the browser.
      expect(scripts.filter((a) => a.includes('id="datos-pagina"'))).toHaveLength(
        ZERO_JS_PATHS.includes(p.path) ? 0 : 1,
      );
      expect(html).not.toMatch(/\son[a-z]+="/);
      // Admin code is never referenced by a public page's HTML.
      expect(html).not.toMatch(/assets\/(admin|login|http-admin-api)/);
    });
  }

  it('every page has a different title', async () => {
    const titles = await Promise.all(
      PAGES.map(async (p) => /<title>([^<]+)<\/title>/.exec(await (await fetch(site.server.url + p.path)).text())?.[1]),
    );
    expect(new Set(titles).size).toBe(PAGES.length);
  });

  it('without reviews, / shows no reviews figure nor block, /opiniones says so, and no page claims a rating (issue 35)', async () => {
    const home = await (await fetch(site.server.url + '/')).text();
    expect(home).not.toContain('Lo que dicen nuestros huéspedes');
    expect(home).not.toContain('opiniones-titulo');
    // Google shows no stars for a business reviewing itself: no review markup at all.
    expect(home).not.toMatch(/aggregateRating|"review"/);
    expect(await (await fetch(site.server.url + '/opiniones')).text()).toContain('Aún no hay opiniones publicadas.');
  });

  it('/ carries VacationRental structured data from the business config and the house’s facts', async () => {
    const html = await (await fetch(site.server.url + '/')).text();
    const json = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1];
    expect(json).toBeDefined();
    const data = JSON.parse(json!) as Record<string, unknown>;
    expect(data['@type']).toBe('VacationRental');
    expect(data.name).toBe(BUSINESS.name);
    expect(data.telephone).toBe(BUSINESS.phoneE164);
    expect((data.address as Record<string, string>).addressLocality).toBe(BUSINESS.address.locality);
    expect(data.sameAs).toEqual(BUSINESS.socials.map((s) => s.url));
  });

  it('/login and /admin are noindex shells without admin code; robots and sitemap agree', async () => {
    for (const path of ['/login', '/admin']) {
      const res = await fetch(site.server.url + path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
      expect(html).not.toContain('data-prerendered');
      expect(html).not.toMatch(/assets\/(admin|login|http-admin-api)/);
      expect(html).not.toContain(site.server.admin.email);
    }
    const robots = await (await fetch(site.server.url + '/robots.txt')).text();
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain('Disallow: /login');
    expect(robots).toContain(`Sitemap: ${BUSINESS.siteUrl}/sitemap.xml`);
    const sitemap = await (await fetch(site.server.url + '/sitemap.xml')).text();
    for (const p of PAGES) expect(sitemap).toContain(`<loc>${BUSINESS.siteUrl}${p.path}</loc>`);
    expect(sitemap).not.toContain('/admin');
    expect(sitemap).not.toContain('/login');
  });

  it("an unknown path gets the 404 page, in the site's layout, with status 404", async () => {
    const res = await fetch(site.server.url + '/no-existe');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Página no encontrada');
    expect(html).toContain('noindex');
    // The site's own frame (header navigation and footer), not a bare error page.
    expect(html).toContain('<nav aria-label="Principal"');
    expect(html).toContain('class="site-footer"');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    // Under /en/ the English one, in the English frame.
    const english = await fetch(site.server.url + '/en/no-existe');
    expect(english.status).toBe(404);
    const englishHtml = await english.text();
    expect(englishHtml).toContain('<html lang="en">');
    expect(englishHtml).toContain('<title>Page not found');
    expect(englishHtml).toContain('noindex');
    expect(englishHtml).toContain('<nav aria-label="Main"');
    expect(englishHtml).not.toContain('Página no encontrada');
    // Dotfiles and source maps get the same page, and nothing of theirs.
    for (const p of ['/.env', '/assets/nada.js.map', '/%2e%2e/package.json']) {
      const other = await fetch(site.server.url + p);
      expect(other.status, p).toBe(404);
      expect(await other.text(), p).toContain('Página no encontrada');
    }
  });
});

/** Opens `path` on the desktop and waits for it to hydrate, recording the scripts it loads. */
async function visit(path: string) {
  const { page, problems } = await newPage(desktop);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await gotoHydrated(page, site.server.url + path);
  return { page, problems, scripts };
}

/**
 * Each page in the browser (content, layout, hydration, axe, console) is checked by the sweep,
 * public-pages.test.ts; here what needs a page of its own: the keyboard and a link followed.
 */
describe('the public pages in the browser', () => {
  it('the skip link is the first stop of the keyboard and jumps to the content', async () => {
    const { page, problems } = await visit('/planes');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Saltar al contenido');
    expect(await page.locator('.skip-link').isVisible()).toBe(true);
    const top = await page.locator('.skip-link').evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => location.hash)).toBe('#contenido');
    expectClean(problems);
    await page.close();
  });

  it('a link to another page loads that page from the server: its title, its current link, focus from the top', async () => {
    const { page, problems, scripts } = await visit('/');
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname);
    });
    scripts.length = 0;
    await page.locator('header').getByRole('link', { name: 'Contacto' }).click();
    await page.waitForURL('**/contacto');
    await waitForHydration(page);
    // A document load (no client router on public pages), hydrating only its own page.
    expect(documents).toEqual(['/contacto']);
    expect(scripts.length).toBeGreaterThan(0);
    expect(await page.locator('h1').innerText()).toBe('Contacto');
    expect(await page.title()).toContain('Contacto');
    const nav = page.locator('header').getByRole('navigation', { name: 'Principal' });
    expect(await nav.getByRole('link', { name: 'Contacto' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Planes' }).getAttribute('aria-current')).toBeNull();
    // A new page: keyboard users start at its top, with the skip link.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Saltar al contenido');
    expectClean(problems);
    await page.close();
  });
});

describe('hero video', () => {
  it('autoplays (muted, inline) for visitors without reduced motion or Save-Data', async () => {
    const context = await site.browser.newContext({ ...DESKTOP, reducedMotion: 'no-preference' });
    const { page, problems } = await newPage(context);
    await gotoHydrated(page, site.server.url + '/');
    const video = page.locator('video.hero__video');
    expect(await video.getAttribute('poster')).toBe('/video/hero-poster.webp');
    expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.playsInline, v.loop])).toEqual([true, true, true]);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    // The button follows the video's own events, after hydration.
    await expect.poll(() => page.getByRole('button', { name: 'Pausar video' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Pausar video' }).click();
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    expectClean(problems);
    await context.close();
  });

  for (const [label, setup] of [
    ['prefers-reduced-motion', { reducedMotion: 'reduce' as const }],
    ['Save-Data', { reducedMotion: 'no-preference' as const, saveData: true }],
  ] as const) {
    it(`shows the poster and a play button for ${label} visitors`, async () => {
      const context = await site.browser.newContext({ ...DESKTOP, reducedMotion: setup.reducedMotion });
      if ('saveData' in setup) {
        await context.addInitScript(() => {
          Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
        });
      }
      const { page, problems } = await newPage(context);
      await gotoHydrated(page, site.server.url + '/');
      const video = page.locator('video.hero__video');
      expect(await video.evaluate((v: HTMLVideoElement) => [v.paused, v.preload])).toEqual([true, 'none']);
      const play = page.getByRole('button', { name: 'Reproducir video' });
      expect(await play.isVisible()).toBe(true);
      await play.click();
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
      expectClean(problems);
      await context.close();
    });
  }
});
