import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import type { Lang } from '@cabana/shared/domain/i18n/lang';
import { en } from '../src/i18n/en';
import { es } from '../src/i18n/es';
import { PAGE_PATHS } from '../src/config/paths';
import {
  DESKTOP,
  PHONE,
  ZERO_JS_PATHS,
  expectClean,
  makeJpeg,
  newPage,
  runAxe,
  startSite,
  uploadAsAdmin,
  type Site,
} from './helpers';

interface PageCase {
  path: string;
  h1: string;
  texts: string[];
  /** The page's language (Spanish unless said). */
  lang?: Lang;
}

const PAGES: PageCase[] = [
  {
    path: '/',
    h1: BUSINESS.name,
    texts: [
      'Reservar ahora',
      'Ver galería',
      '4,9',
      '150+',
      '24/7',
      '10 minutos del mar',
      'Ver ubicación en el mapa',
      'Jacuzzi',
      'Kiosco',
      'Zona BBQ',
      'Parqueadero',
      '2 cocinas',
      'Sala en la terraza',
      '¿Listo para tu escapada al Caribe?',
      'Volcán de lodo',
      'Playas',
      'Tolú de noche',
      'Tour por las islas',
      'Canoa por el manglar',
      'Playa blanca',
    ],
  },
  {
    path: '/planes',
    h1: 'Planes y reservas',
    texts: [
      'Capacidad total',
      '20 personas',
      'Reserva mínima',
      '2 personas por grupo',
      'Precio por persona',
      'Moneda',
      'Solicita tu reserva',
    ],
  },
  { path: '/galeria', h1: 'Galería', texts: ['Comparte tus fotos'] },
  {
    path: '/contacto',
    h1: 'Contacto',
    texts: [
      'Ubicación',
      BUSINESS.address.display,
      BUSINESS.phoneDisplay,
      BUSINESS.email,
      'Todos los días, 8:00 AM – 8:00 PM',
      'Envíanos un mensaje',
    ],
  },
  { path: '/imagenes', h1: 'Comparte tus fotos', texts: ['Sube una foto', 'Título', 'Descripción', 'Subir'] },
  {
    path: '/privacidad',
    h1: 'Política de tratamiento de datos personales',
    texts: [
      'Ley 1581 de 2012',
      BUSINESS.dataController.name,
      BUSINESS.dataController.nit,
      BUSINESS.dataController.email,
      'Conocer',
      'Actualizar',
      'rectificar',
      'Suprimir',
      'Revocar',
      'Superintendencia de Industria y Comercio',
      'Cómo ejercer tus derechos',
      'Vigencia',
      '22 de noviembre de 2026',
      `a los ${BUSINESS.enquiryRetentionMonths} meses de recibidas`,
      `esos registros se borran a los ${BUSINESS.accessLogRetentionDays} días`,
      `si a los ${BUSINESS.pendingPhotoRetentionDays} días de recibidas no las hemos publicado`,
    ],
  },
  {
    path: '/condiciones',
    h1: 'Condiciones de la estadía',
    texts: ['Contrato de hospedaje', 'Política de cancelación'],
  },
  // The English site (issue 23): the same checks, axe included, on every English page.
  {
    lang: 'en',
    path: PAGE_PATHS.en.home,
    h1: BUSINESS.name,
    texts: ['Book now', 'See the gallery', '10 minutes from the sea', 'Things to do nearby', 'Mud volcano'],
  },
  {
    lang: 'en',
    path: PAGE_PATHS.en.plans,
    h1: 'Plans and booking',
    texts: ['Total capacity', '20 people', 'Price per person', 'Currency', 'Request your booking'],
  },
  { lang: 'en', path: PAGE_PATHS.en.gallery, h1: 'Gallery', texts: ['Share your photos'] },
  {
    lang: 'en',
    path: PAGE_PATHS.en.contact,
    h1: 'Contact',
    texts: ['Location', BUSINESS.phoneDisplay, BUSINESS.email, 'Send us a message'],
  },
  {
    lang: 'en',
    path: PAGE_PATHS.en.upload,
    h1: 'Share your photos',
    texts: ['Upload a photo', 'Title', 'Description', 'Upload'],
  },
  {
    lang: 'en',
    path: PAGE_PATHS.en.privacy,
    h1: 'Personal data policy',
    texts: [
      'Law 1581 of 2012',
      BUSINESS.dataController.name,
      'Know',
      'Withdraw',
      'Superintendence of Industry and Commerce',
      'How to exercise your rights',
      'November 22, 2026',
      `${BUSINESS.enquiryRetentionMonths} months after we receive them`,
    ],
  },
  {
    lang: 'en',
    path: PAGE_PATHS.en.terms,
    h1: 'Terms of your stay',
    texts: ['Lodging contract', 'Cancellation policy'],
  },
];

const CATALOGUES = { es, en } as const;

const ADMIN_CHUNK = /\/assets\/(admin|login|http-admin-api)[^/]*\.js$/;

let site: Site;
let phone: BrowserContext;
let desktop: BrowserContext;

beforeAll(async () => {
  site = await startSite();
  [phone, desktop] = await Promise.all([site.browser.newContext(PHONE), site.browser.newContext(DESKTOP)]);
});
afterAll(async () => {
  await site?.close();
});

const text = (s: string) => s.replace(/\s+/g, ' ');

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
      // No inline scripts: only external modules, JSON-LD and the page's JSON data island (never executed).
      const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? '');
      for (const attrs of scripts) {
        expect(attrs).toMatch(
          /src="\/assets\/|type="application\/ld\+json"|type="application\/json" id="datos-pagina"/,
        );
      }
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

  it('/ carries LodgingBusiness structured data from the business config', async () => {
    const html = await (await fetch(site.server.url + '/')).text();
    const json = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1];
    expect(json).toBeDefined();
    const data = JSON.parse(json!) as Record<string, unknown>;
    expect(data['@type']).toBe('LodgingBusiness');
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

/** Console messages React writes when the HTML and the first render differ. */
const HYDRATION = /hydrat|did not match|#418|#423|#425/i;

async function visit(context: BrowserContext, path: string) {
  const { page, problems } = await newPage(context);
  const scripts: string[] = [];
  const hydration: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  page.on('console', (m) => {
    if (HYDRATION.test(m.text())) hydration.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => {
    if (HYDRATION.test(String(e))) hydration.push(String(e));
  });
  // The server's <main>, kept before any script runs: hydration must adopt it, not replace it.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as unknown as { serverMain: Element | null }).serverMain = document.querySelector('main');
      }
    });
  });
  await page.goto(site.server.url + path, { waitUntil: 'networkidle' });
  return { page, problems, scripts, hydration };
}

/** The page hydrated the server's HTML: no mismatch reported, and the server's <main> adopted. */
async function expectHydrated(page: Page, hydration: string[]) {
  expect(hydration).toEqual([]);
  const sameMain = await page.evaluate(() => {
    const kept = (window as unknown as { serverMain: Element | null }).serverMain;
    return kept !== null && kept === document.querySelector('main') && kept.isConnected;
  });
  expect(sameMain, 'el <main> del servidor fue reemplazado').toBe(true);
}

async function expectLayout(page: Page, lang: Lang = 'es') {
  const nav = CATALOGUES[lang].common.nav;
  const at = PAGE_PATHS[lang];
  const header = page.locator('header.site-header');
  await expect.poll(() => header.getByRole('link', { name: /Brisas del Golfo/ }).getAttribute('href')).toBe(at.home);
  for (const [name, href] of [
    [nav.plans, at.plans],
    [nav.gallery, at.gallery],
    [nav.contact, at.contact],
  ] as const) {
    expect(await header.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
  }
  const footer = page.locator('footer');
  for (const [name, href] of [
    [nav.plans, at.plans],
    [nav.gallery, at.gallery],
    [nav.contact, at.contact],
    ['Login', '/login'],
  ] as const) {
    expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
  }
  const footerText = text(await footer.innerText());
  expect(footerText).toContain(`RNT) ${lang === 'es' ? 'n.º' : 'no.'} ${BUSINESS.rnt}`);
  expect(footerText).toContain(BUSINESS.phoneDisplay);
  expect(footerText).toContain(BUSINESS.email);
  for (const s of BUSINESS.socials) {
    expect(await footer.getByRole('link', { name: s.name }).getAttribute('href')).toBe(s.url);
  }
  const wa = page.getByRole('link', { name: CATALOGUES[lang].common.whatsappFab }).last();
  const href = (await wa.getAttribute('href')) ?? '';
  expect(href.startsWith(`https://wa.me/${BUSINESS.whatsappNumber}?text=`)).toBe(true);
  expect(new URL(href).searchParams.get('text')).toBe(BUSINESS.whatsappGreeting);
  expect(await page.locator('.whatsapp-fab').isVisible()).toBe(true);
}

describe('each public page in the browser', () => {
  // Published photos (after the HTML tests above, which check the pages of an empty site), so the
  // gallery and the home page render and hydrate their photo markup.
  beforeAll(async () => {
    const cookie = await site.server.loginCookie();
    for (const [i, title] of ['Fachada', 'Jacuzzi', 'Kiosco'].entries()) {
      await uploadAsAdmin(site.server, cookie, await makeJpeg(640, 480, i), title, `Descripción de ${title}`);
    }
  });

  for (const p of PAGES) {
    for (const [label, ctx] of [
      ['phone 390px', () => phone],
      ['desktop 1280px', () => desktop],
    ] as const) {
      it(`${p.path} (${label}): content, layout, hydration without a mismatch, no axe violations, no console errors or CSP violations`, async () => {
        const { page, problems, scripts, hydration } = await visit(ctx(), p.path);
        await expectHydrated(page, hydration);
        expect(await page.locator('h1').innerText()).toBe(p.h1);
        const body = text(await page.locator('main').innerText());
        for (const t of p.texts) expect(body).toContain(t);
        await expectLayout(page, p.lang);
        const violations = await runAxe(page);
        expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
        expect(
          scripts.filter((s) => ADMIN_CHUNK.test(s)),
          'código de administración descargado',
        ).toEqual([]);
        expectClean(problems);
        await page.close();
      });
    }
  }

  it('the skip link is the first stop of the keyboard and jumps to the content', async () => {
    const { page, problems } = await visit(desktop, '/planes');
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
    const { page, problems, scripts } = await visit(desktop, '/');
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname);
    });
    scripts.length = 0;
    await page.locator('header').getByRole('link', { name: 'Contacto' }).click();
    await page.waitForURL('**/contacto');
    await page.waitForLoadState('networkidle');
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

  for (const [label, ctx] of [
    ['phone 390px', () => phone],
    ['desktop 1280px', () => desktop],
  ] as const) {
    for (const lang of ['es', 'en'] as const) {
      const path = lang === 'es' ? '/no-existe' : '/en/no-existe';
      const words = CATALOGUES[lang].notFound;
      it(`the ${lang} 404 page ${path} (${label}) renders, hydrates without a mismatch, passes axe and leads home`, async () => {
        const { page, problems, hydration } = await visit(ctx(), path);
        await expectHydrated(page, hydration);
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
        expect(await page.locator('h1').innerText()).toBe(words.title);
        const violations = await runAxe(page);
        expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
        await page.getByRole('link', { name: words.home }).click();
        await page.waitForURL(site.server.url + PAGE_PATHS[lang].home);
        await expect.poll(() => page.locator('h1').innerText()).toBe(BUSINESS.name);
        // Chromium logs the 404 of the document itself; nothing else may appear.
        problems.consoleErrors = problems.consoleErrors.filter((e) => !/status of 404/.test(e));
        expectClean(problems);
        await page.close();
      });
    }
  }
});

describe('hero video', () => {
  it('autoplays (muted, inline) for visitors without reduced motion or Save-Data', async () => {
    const context = await site.browser.newContext({ ...DESKTOP, reducedMotion: 'no-preference' });
    const { page, problems } = await newPage(context);
    await page.goto(site.server.url + '/', { waitUntil: 'networkidle' });
    const video = page.locator('video.hero__video');
    expect(await video.getAttribute('poster')).toBe('/video/hero-poster.webp');
    expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.playsInline, v.loop])).toEqual([true, true, true]);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    expect(await page.getByRole('button', { name: 'Pausar video' }).isVisible()).toBe(true);
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
      await page.goto(site.server.url + '/', { waitUntil: 'networkidle' });
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
