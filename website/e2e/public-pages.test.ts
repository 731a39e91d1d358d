import type { BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { ENGLISH_DEFAULTS } from '@cabana/shared/domain/config/setting-defaults';
import { addDays, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import type { Lang } from '@cabana/shared/domain/i18n/lang';
import { PAGE_KEYS, PAGE_PATHS, PUBLIC_PATHS } from '../src/config/paths';
import { inlineScriptsOf, openPage, type PageProblems } from '../../test-support/browser';
import type { AxeViolation } from '../../test-support/axe';
import { spanishIn, textsOf } from './english';
import {
  DESKTOP,
  PHONE,
  ZERO_JS_PATHS,
  expectClean,
  makeJpeg,
  runAxe,
  startSite,
  uploadAsAdmin,
  waitForHydration,
  type Site,
} from './helpers';
import { PANEL_MARKERS } from './admin-helpers';
import {
  CATALOGUES,
  JS_BUDGET,
  JS_ROOM,
  PAGES,
  classesWithoutTheirStyles,
  gzippedBytes,
  jsBudgetOf,
} from './public-pages';
import type { TestServer } from '../../test-support/server';
import { confirmedBooking, serverToday } from '../../test-support/bookings';

/**
 * One sweep over the public pages (issue 30): every page in both languages (the 404 pages too),
 * each visited once on a phone (a Spanish browser) and once on a desktop (an English browser),
 * each visit in a fresh context, as a first visit. What each visit saw is kept, and the tests
 * below check it, one purpose each: content and layout, hydration, accessibility (axe), no admin
 * code, a clean console, no Spanish on English pages, the language switcher, the suggestion of
 * the English page, and the JavaScript budget. A page added to PAGES is checked for all of them.
 */

const VIEWPORTS = {
  phone: { label: 'phone 390px', options: PHONE },
  // An English browser: Spanish pages offer it the English page (english-hint.ts), on top of the page.
  desktop: { label: 'desktop 1280px, English browser', options: { ...DESKTOP, locale: 'en-US' } },
} satisfies Record<string, { label: string; options: BrowserContextOptions }>;
type Viewport = keyof typeof VIEWPORTS;

const NOT_FOUND = [
  { lang: 'es', path: '/no-existe' },
  { lang: 'en', path: '/en/no-existe' },
] as const;

const REVIEW_TEXT = 'La cabaña es amplia y limpia, el jacuzzi funcionó todo el fin de semana y el mar queda muy cerca.';
const SEASON = { name: 'Temporada alta', pricePerPerson: 150_000, minNights: 3 };

const isNotFound = (path: string) => NOT_FOUND.some((n) => n.path === path);
/** The suggestion's code: its own entry on text pages (`hint.js`), a chunk on pages with islands. */
const HINT_CODE = /\/assets\/hint[-.]/;

/** Console messages React writes when the HTML and the first render differ. */
const HYDRATION = /hydrat|did not match|#418|#423|#425/i;
const ADMIN_CHUNK = /\/assets\/(admin|login|http-admin-api)[^/]*\.js$/;

interface Link {
  name: string;
  href: string | null;
  hreflang: string | null;
  lang: string | null;
  current: string | null;
}

/** What the page showed once hydrated, read in one go. */
interface Seen {
  htmlLang: string | null;
  h1: string;
  main: string;
  header: Link[];
  footer: Link[];
  footerText: string;
  all: Link[];
  fabVisible: boolean;
  hint: { lang: string | null; position: string } | null;
  /** The server's <main>, kept before any script ran, is the one on the page: hydration adopted it. */
  sameMain: boolean;
  /** The calendar's price legend (plans pages): its text, how it fits the screen, the season days marked. */
  prices: { text: string; right: number; viewport: number; fontPx: number; marked: number } | null;
}

interface Visit {
  path: string;
  lang: Lang;
  viewport: Viewport;
  status: number;
  problems: PageProblems;
  hydration: string[];
  scripts: { url: string; status: number }[];
  /** The code of the scripts written into the page (the entry). */
  inline: string[];
  /** Classes the site styles that the page uses without carrying their styles (should be none). */
  unstyled: string[];
  /** The document, scripts and stylesheets it fetched from the site (admin-bundle's check). */
  assets: string[];
  seen: Seen;
  violations: AxeViolation[];
  /** Every text a visitor meets (english.ts). */
  texts: string[];
}

let site: Site;
const visits: Visit[] = [];

async function visit(path: string, lang: Lang, viewport: Viewport): Promise<Visit> {
  const context = await site.browser.newContext(VIEWPORTS[viewport].options);
  try {
    const { page, problems } = await openPage(context);
    page.setDefaultTimeout(15_000);
    const scripts: Promise<{ url: string; status: number }>[] = [];
    const hydration: string[] = [];
    const assets = new Set<string>();
    page.on('requestfinished', (r) => {
      if (r.resourceType() === 'script')
        scripts.push(r.response().then((res) => ({ url: r.url(), status: res?.status() ?? 0 })));
      if (['script', 'stylesheet', 'document'].includes(r.resourceType()) && r.url().startsWith(site.server.url))
        assets.add(r.url());
    });
    page.on('console', (m) => {
      if (HYDRATION.test(m.text())) hydration.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => {
      if (HYDRATION.test(String(e))) hydration.push(String(e));
    });
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') {
          (window as unknown as { serverMain: Element | null }).serverMain = document.querySelector('main');
        }
      });
    });
    // A Spanish page in an English browser loads the suggestion's code after hydrating (and shows
    // it, on pages that have an English version).
    const hintCode =
      lang === 'es' && viewport === 'desktop' && !isNotFound(path)
        ? page.waitForEvent('requestfinished', (r) => HINT_CODE.test(r.url()))
        : undefined;
    const res = await page.goto(site.server.url + path);
    await waitForHydration(page);
    if (hintCode) {
      await hintCode;
      await page.locator('aside.english-hint').waitFor({ state: 'attached' });
    }
    const seen = await page.evaluate((): Seen => {
      const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
      const links = (root: Element | Document | null): Link[] =>
        [...(root?.querySelectorAll('a') ?? [])].map((a) => ({
          name: clean(a.getAttribute('aria-label') ?? a.textContent),
          href: a.getAttribute('href'),
          hreflang: a.getAttribute('hreflang'),
          lang: a.getAttribute('lang'),
          current: a.getAttribute('aria-current'),
        }));
      const footer = document.querySelector('footer');
      const hint = document.querySelector('aside.english-hint');
      const kept = (window as unknown as { serverMain: Element | null }).serverMain;
      return {
        htmlLang: document.documentElement.getAttribute('lang'),
        h1: document.querySelector<HTMLElement>('h1')?.innerText ?? '',
        main: clean(document.querySelector<HTMLElement>('main')?.innerText),
        header: links(document.querySelector('header.site-header')),
        footer: links(footer),
        footerText: clean(footer?.innerText),
        all: links(document),
        fabVisible: document.querySelector('.whatsapp-fab')?.checkVisibility() ?? false,
        hint: hint ? { lang: hint.getAttribute('lang'), position: getComputedStyle(hint).position } : null,
        sameMain: kept !== null && kept === document.querySelector('main') && kept.isConnected,
        prices: (() => {
          const legend = document.querySelector<HTMLElement>('[data-testid="precios-calendario"]');
          if (!legend) return null;
          return {
            text: clean(legend.innerText),
            right: Math.max(...[...legend.querySelectorAll('li')].map((li) => li.getBoundingClientRect().right)),
            viewport: document.documentElement.clientWidth,
            fontPx: parseFloat(getComputedStyle(legend).fontSize),
            marked: document.querySelectorAll('.rdp-day.rdp-t0:not(.rdp-outside)').length,
          };
        })(),
      };
    });
    const texts = await textsOf(page);
    const inline = await inlineScriptsOf(page);
    const unstyled = await classesWithoutTheirStyles(page);
    const violations = await runAxe(page);
    return {
      path,
      lang,
      viewport,
      status: res?.status() ?? 0,
      problems,
      hydration,
      scripts: await Promise.all(scripts),
      inline,
      unstyled,
      assets: [...assets],
      seen,
      violations,
      texts,
    };
  } finally {
    await context.close();
  }
}

beforeAll(async () => {
  site = await startSite();
  // Published photos, so the gallery and the home page render and hydrate their photo markup.
  const cookie = await site.server.loginCookie();
  // A season in the calendar's window, so the plans pages show its prices (issue 32).
  const seasons = await fetch(`${site.server.apiUrl}/temporadas`, {
    method: 'PUT',
    headers: { cookie, origin: site.server.url, 'content-type': 'application/json' },
    body: JSON.stringify({
      seasons: [{ ...SEASON, start: addDays(todayAtCabin(), 5), end: addDays(todayAtCabin(), 15) }],
    }),
  });
  expect(seasons.status, await seasons.clone().text()).toBe(200);
  for (const [i, [title, titleEn]] of [
    ['Fachada', 'Front'],
    ['Jacuzzi', 'Hot tub'],
    ['Kiosco', 'Kiosk'],
  ].entries()) {
    const { id } = await uploadAsAdmin(
      site.server,
      cookie,
      await makeJpeg(640, 480, i),
      title!,
      `Descripción de ${title}`,
    );
    // With their English texts, which the English pages show (a photo without them shows the
    // Spanish ones there).
    const res = await fetch(`${site.server.apiUrl}/imagenes/${String(id)}`, {
      method: 'PATCH',
      headers: { cookie, origin: site.server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ titleEn, descriptionEn: `A view of the ${titleEn!.toLowerCase()}` }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }
  // A guest's review with the host's reply (issue 35), so /opiniones, /en/reviews and the home page
  // render their review markup: written as the review page's answer would write it.
  const { store } = site.server.running.deps;
  store.data.reviews.push({
    id: 'resena-de-prueba',
    bookingId: 'reserva-de-prueba',
    code: 'ABCD2345',
    lang: 'es',
    createdAt: new Date(site.server.clock.now()).toISOString(),
    rating: 5,
    ratings: { cleanliness: 5, host: 4 },
    text: REVIEW_TEXT,
    name: 'Ana R.',
    stayMonth: '2026-10',
    people: 6,
    reply: { text: '¡Gracias, Ana! Los esperamos pronto.', at: new Date(site.server.clock.now()).toISOString() },
  });
  await store.save();
  for (const { path, lang = 'es' } of [...PAGES, ...NOT_FOUND])
    for (const viewport of Object.keys(VIEWPORTS) as Viewport[]) visits.push(await visit(path, lang, viewport));
}, 600_000);
afterAll(async () => {
  await site?.close();
});

const visitsOf = (path: string) => visits.filter((v) => v.path === path);
const named = (links: Link[], name: string) => links.filter((l) => l.name === name);
const label = (v: Visit) => `${v.path} (${VIEWPORTS[v.viewport].label})`;

describe('the sweep', () => {
  it('visited every public page and both 404 pages once per viewport, each in a fresh context', () => {
    expect(visits.map((v) => `${v.path} ${v.viewport}`).sort()).toEqual(
      [...PAGES, ...NOT_FOUND].flatMap((p) => [`${p.path} desktop`, `${p.path} phone`]).sort(),
    );
    for (const v of visits) expect(v.status, label(v)).toBe(isNotFound(v.path) ? 404 : 200);
  });
});

describe('each public page in the browser', () => {
  for (const p of PAGES) {
    for (const viewport of Object.keys(VIEWPORTS) as Viewport[]) {
      const lang = p.lang ?? 'es';
      const get = () => visitsOf(p.path).find((v) => v.viewport === viewport)!;
      const where = `${p.path} (${VIEWPORTS[viewport].label})`;

      it(`${where}: content and layout (heading, texts, header, footer, WhatsApp)`, () => {
        const { seen } = get();
        expect(seen.h1).toBe(p.h1);
        for (const t of p.texts) expect(seen.main).toContain(t);
        for (const t of p.absent ?? []) expect(seen.main).not.toContain(t);
        const nav = CATALOGUES[lang].common.nav;
        const at = PAGE_PATHS[lang];
        expect(seen.header.find((l) => /Brisas del Golfo/.test(l.name))?.href).toBe(at.home);
        for (const [name, href] of [
          [nav.plans, at.plans],
          [nav.gallery, at.gallery],
          [nav.contact, at.contact],
        ] as const) {
          expect(named(seen.header, name)[0]?.href, name).toBe(href);
        }
        for (const [name, href] of [
          [nav.plans, at.plans],
          [nav.gallery, at.gallery],
          [nav.contact, at.contact],
          ['Login', '/login'],
        ] as const) {
          expect(named(seen.footer, name)[0]?.href, name).toBe(href);
        }
        expect(seen.footerText).toContain(`RNT) ${lang === 'es' ? 'n.º' : 'no.'} ${BUSINESS.rnt}`);
        expect(seen.footerText).toContain(BUSINESS.phoneDisplay);
        expect(seen.footerText).toContain(BUSINESS.email);
        // The tagline and the opening hours in the page's language (issue 32).
        expect(seen.footerText).toContain(lang === 'en' ? ENGLISH_DEFAULTS.taglineEn : BUSINESS.tagline);
        expect(seen.footerText).toContain(lang === 'en' ? ENGLISH_DEFAULTS.hoursDisplayEn : BUSINESS.hours.display);
        for (const s of BUSINESS.socials) expect(named(seen.footer, s.name)[0]?.href, s.name).toBe(s.url);
        const href = named(seen.all, CATALOGUES[lang].common.whatsappFab).at(-1)?.href ?? '';
        expect(href.startsWith(`https://wa.me/${BUSINESS.whatsappNumber}?text=`)).toBe(true);
        expect(new URL(href).searchParams.get('text')).toBe(BUSINESS.whatsappGreeting);
        expect(seen.fabVisible).toBe(true);
      });
    }
  }

  for (const n of NOT_FOUND) {
    it(`the ${n.lang} 404 page ${n.path} renders in its language and leads home`, () => {
      const words = CATALOGUES[n.lang].notFound;
      for (const v of visitsOf(n.path)) {
        expect(v.seen.htmlLang, label(v)).toBe(n.lang);
        expect(v.seen.h1, label(v)).toBe(words.title);
        expect(named(v.seen.all, words.home)[0]?.href, label(v)).toBe(PAGE_PATHS[n.lang].home);
      }
    });
  }

  it('every visit hydrated without a mismatch, adopting the server’s <main>', () => {
    for (const v of visits) {
      expect(v.hydration, label(v)).toEqual([]);
      expect(v.seen.sameMain, `${label(v)}: el <main> del servidor fue reemplazado`).toBe(true);
    }
  });

  it('each page carries the styles of every class it uses: the site’s and its own page styles (issue 31)', () => {
    for (const v of visits) expect(v.unstyled, label(v)).toEqual([]);
  });

  it('no axe violations on any visit (every rule)', () => {
    for (const v of visits) expect(v.violations, `${label(v)}: ${JSON.stringify(v.violations, null, 2)}`).toEqual([]);
  });

  it('no visit downloads admin code', () => {
    for (const v of visits)
      expect(
        v.scripts.map((s) => new URL(s.url).pathname).filter((s) => ADMIN_CHUNK.test(s)),
        `${label(v)}: código de administración descargado`,
      ).toEqual([]);
  });

  // Moved here from admin-bundle.test.ts, which visited every public page again for it.
  it('never sends the panel’s code or styles with a public page', async () => {
    const visited = new Set(visits.map((v) => v.path));
    for (const path of PUBLIC_PATHS) expect(visited.has(path), path).toBe(true);
    // Bodies are read again from the server by URL: the DevTools copy of a response can be evicted
    // on a busy machine. Each URL once: most scripts are shared by several pages.
    const bodies = new Map<string, Promise<{ status: number; text: string }>>();
    const body = (url: string) => {
      if (!bodies.has(url))
        bodies.set(
          url,
          fetch(url).then(async (res) => ({ status: res.status, text: await res.text() })),
        );
      return bodies.get(url)!;
    };
    for (const v of visits) {
      // The page and its scripts (none on a page without islands: islands.test.ts).
      expect(v.assets.length, label(v)).toBeGreaterThan(ZERO_JS_PATHS.includes(v.path) || isNotFound(v.path) ? 0 : 1);
      for (const url of v.assets) {
        const { status, text } = await body(url);
        expect(status, url).toBe(url === site.server.url + v.path ? v.status : 200);
        for (const marker of PANEL_MARKERS)
          expect(text.includes(marker), `${label(v)} → ${url} holds "${marker}"`).toBe(false);
      }
    }
  });

  it('no console errors, uncaught errors or CSP violations on any visit', () => {
    for (const v of visits) {
      // Chromium logs the 404 of the document itself; nothing else may appear.
      expectClean(
        isNotFound(v.path)
          ? { ...v.problems, consoleErrors: v.problems.consoleErrors.filter((e) => !/status of 404/.test(e)) }
          : v.problems,
      );
    }
  });
});

describe('the reviews pages (issue 35)', () => {
  it('/opiniones, /en/reviews and the home pages show the real figure and the review, its words marked with their language', () => {
    for (const [path, figure, stay] of [
      [PAGE_PATHS.es.reviews, '5,0 de 5 · 1 opinión', 'Estadía en octubre de 2026 · 6 personas'],
      [PAGE_PATHS.en.reviews, '5.0 out of 5 · 1 review', 'Stayed in October 2026 · 6 guests'],
      [PAGE_PATHS.es.home, '5,0 de 5 · 1 opinión', 'Estadía en octubre de 2026 · 6 personas'],
    ] as const) {
      for (const v of visitsOf(path)) {
        expect(v.seen.main, label(v)).toContain(figure);
        expect(v.seen.main, label(v)).toContain(stay);
        expect(v.seen.main, label(v)).toContain(REVIEW_TEXT);
        expect(v.seen.main, label(v)).toContain('¡Gracias, Ana! Los esperamos pronto.');
        expect(v.seen.main, label(v)).toContain(path.startsWith('/en') ? '5 out of 5 stars' : '5 de 5 estrellas');
      }
    }
    for (const v of visitsOf(PAGE_PATHS.es.reviews))
      expect(named(v.seen.footer, 'Opiniones')[0]?.href, label(v)).toBe(PAGE_PATHS.es.reviews);
  });
});

describe('the calendar’s prices on the plans pages (issue 32)', () => {
  const price = BUSINESS.defaultPricePerPerson;
  const expected = {
    es: [
      'Precio por persona por noche',
      `Tarifa base: ${formatMoney(price, 'COP')}`,
      `${SEASON.name} (`,
      `): ${formatMoney(SEASON.pricePerPerson, 'COP')} · mínimo 3 noches`,
    ],
    en: [
      'Price per person per night',
      `Base rate: ${formatMoney(price, 'USD', BUSINESS.copPerUsd)} (${formatMoney(price, 'COP', undefined, 'en')})`,
      `): ${formatMoney(SEASON.pricePerPerson, 'USD', BUSINESS.copPerUsd)} (${formatMoney(SEASON.pricePerPerson, 'COP', undefined, 'en')}) · minimum 3 nights`,
    ],
  } as const;
  for (const lang of ['es', 'en'] as const) {
    it(`${PAGE_PATHS[lang].plans}: the base rate and the season with its price per night, inside a 390-px screen, its nights marked`, () => {
      const seen = visitsOf(PAGE_PATHS[lang].plans);
      expect(seen).toHaveLength(2);
      for (const v of seen) {
        const prices = v.seen.prices;
        expect(prices, label(v)).not.toBeNull();
        for (const t of expected[lang])
          expect(prices!.text.replace(/\s+/g, ' '), label(v)).toContain(t.replace(/\s+/g, ' '));
        // Dollars never as a bare "$" (the pesos' sign) on the English page.
        if (lang === 'en') expect(prices!.text, label(v)).not.toMatch(/(^|[^S])\$/);
        expect(prices!.right, label(v)).toBeLessThanOrEqual(prices!.viewport);
        expect(prices!.fontPx, label(v)).toBeGreaterThanOrEqual(14);
        // The season's 10 nights, each marked in the grid (the window shows two months from today).
        expect(prices!.marked, label(v)).toBe(10);
      }
    });
  }
});

describe('no Spanish on English pages', () => {
  it('the check finds Spanish where there is some: the Spanish plans page, hydrated', () => {
    for (const v of visitsOf(PAGE_PATHS.es.plans))
      expect(v.texts.filter(spanishIn).length, label(v)).toBeGreaterThan(20);
  });

  for (const path of [...PAGE_KEYS.map((k) => PAGE_PATHS.en[k]), '/en/no-existe']) {
    it(`${path} after hydration, on both viewports`, () => {
      const seen = visitsOf(path);
      expect(seen).toHaveLength(2);
      for (const v of seen) {
        expect(v.texts.length, label(v)).toBeGreaterThan(5);
        expect(v.texts.filter(spanishIn), `${label(v)}: texto en español`).toEqual([]);
      }
    });
  }
});

describe('the language switcher', () => {
  const SWITCH = { es: 'English', en: 'Español' } as const;
  for (const key of PAGE_KEYS) {
    it(`${PAGE_PATHS.es[key]} ⇄ ${PAGE_PATHS.en[key]}: each leads to the same page in the other language`, () => {
      for (const lang of ['es', 'en'] as const) {
        const other = lang === 'es' ? 'en' : 'es';
        for (const v of visitsOf(PAGE_PATHS[lang][key])) {
          expect(v.seen.htmlLang, label(v)).toBe(lang);
          const link = named(v.seen.header, SWITCH[lang]);
          expect(link, label(v)).toHaveLength(1);
          expect(link[0]!.href, label(v)).toBe(PAGE_PATHS[other][key]);
          expect(link[0]!.hreflang, label(v)).toBe(other);
          expect(link[0]!.lang, label(v)).toBe(other);
          // And that page is the other language's (visited by the sweep as well).
          expect(visitsOf(PAGE_PATHS[other][key]).map((o) => o.seen.htmlLang)).toEqual([other, other]);
        }
      }
    });
  }
});

describe('the suggestion of the English page', () => {
  it('an English browser gets it on every Spanish page, in English, fixed over the page; a Spanish one never', () => {
    for (const v of visits) {
      if (v.lang === 'es' && v.viewport === 'desktop' && !isNotFound(v.path)) {
        expect(v.seen.hint, label(v)).toEqual({ lang: 'en', position: 'fixed' });
      } else {
        expect(v.seen.hint, label(v)).toBeNull();
      }
    }
  });

  it('its code loads only for an English browser on a Spanish page', () => {
    for (const v of visits) {
      const loaded = v.scripts.some((s) => HINT_CODE.test(s.url));
      // The 404 pages load no script at all (islands): there is no English twin to suggest. A
      // Spanish text page has no islands: its one script is the hint's own few bytes, which ask the
      // browser's language themselves; elsewhere the hint's chunk loads only for an English browser.
      const textPage = v.lang === 'es' && ZERO_JS_PATHS.includes(v.path) && !isNotFound(v.path);
      expect(loaded, label(v)).toBe(textPage || (v.lang === 'es' && v.viewport === 'desktop' && !isNotFound(v.path)));
    }
  });
});

describe('byte budgets', () => {
  it(`a first visit loads at most ${JS_BUDGET / 1024} KB of JavaScript (gzip) on every public page, in either browser`, async () => {
    const report: string[] = [];
    for (const v of visits) {
      // Pages without islands load none (islands.test.ts), at most the English-page hint.
      if (!ZERO_JS_PATHS.includes(v.path)) expect(v.scripts.length, label(v)).toBeGreaterThan(0);
      // The entry is written into the pages with islands (issue 31); the others run none of their own.
      expect(v.inline.length, label(v)).toBe(ZERO_JS_PATHS.includes(v.path) ? 0 : 1);
      for (const s of v.scripts) expect(s.status, `${label(v)}: ${s.url}`).toBe(200);
      const bytes = await gzippedBytes(
        v.scripts.map((s) => s.url),
        v.inline,
      );
      report.push(
        `${label(v)} ${(bytes / 1024).toFixed(1)} KB in ${v.scripts.length} files and ${v.inline.length} in the page`,
      );
      expect(bytes, `${label(v)}: ${(bytes / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(JS_BUDGET);
      // Pages that keep room for what comes next (/planes: 4 KB), in either browser.
      expect(bytes, `${label(v)}: ${(bytes / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(jsBudgetOf(v.path));
    }
    console.log(`[presupuesto] JavaScript por página (gzip): ${report.join('; ')}`);
  });

  it(`/planes keeps ${JS_ROOM.plans / 1024} KB of room: its first visit loads at most ${jsBudgetOf('/planes') / 1024} KB`, () => {
    const plans = visits.filter((v) => v.path === '/planes' || v.path === '/en/plans');
    expect(plans).toHaveLength(4);
    // The code its first interaction needs (the booking form, the summary) is not in it.
    for (const v of plans)
      expect(
        v.scripts.filter((s) => /\/assets\/(plans-form|stay-summary)-/.test(s.url)),
        label(v),
      ).toEqual([]);
  });
});

/**
 * Guest reviews (issue 35) as the server sends them, before any script: the review page is a plain
 * form answered by the server, /opiniones and /en/reviews list what was published.
 */
let server: TestServer;
const DAY = 24 * 3_600_000;
const OPINION = 'Todo impecable: la piscina, el jacuzzi y la atención. Volveremos con la familia en diciembre.';
const MARKUP = '<script>alert("x")</script><b>¡Gracias!</b>';

interface Stay {
  code: string;
  t: string;
  checkIn: string;
}
let es: Stay;
let en: Stay;

/** A one-night stay from today, completed by the clock and the timers; its review link's secret. */
async function completedStays(): Promise<[Stay, Stay]> {
  const checkIn = serverToday(server);
  const a = await confirmedBooking(server, 0, 1, { name: 'Lucía Fernanda Gómez' });
  const b = await confirmedBooking(server, 1, 1, { lang: 'en', name: 'John Smith', email: 'john@example.com' });
  server.clock.advance(2 * DAY);
  await server.running.deps.bookings.runTimers();
  const stay = (id: string, code: string, day: string) => {
    const booking = server.running.deps.store.view.bookings.find((x) => x.id === id)!;
    expect(booking.state).toBe('completada');
    return { code, t: server.running.deps.bookings.reviewTokenOf(booking), checkIn: day };
  };
  return [stay(a.id, a.code, checkIn), stay(b.id, b.code, addDays(checkIn, 1))];
}

const get = async (path: string) => {
  const res = await fetch(server.url + path);
  return { status: res.status, html: await res.text(), headers: res.headers };
};
const post = async (path: string, fields: Record<string, string>) => {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, html: await res.text() };
};
const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';

describe('the review page (issue 35): server HTML, no JavaScript', () => {
  // After the sweep's visits (the top-level beforeAll): moving the clock on changes none of them.
  beforeAll(async () => {
    server = site.server;
    server.clock.toCabinMorning();
    [es, en] = await completedStays();
  });

  it('a wrong link gets 404 and shows nothing of the stay; the right one the form, with radio groups and the default name', async () => {
    for (const t of ['', `?t=${'A'.repeat(43)}`]) {
      const wrong = await get(`/opinar/${es.code}${t}`);
      expect(wrong.status).toBe(404);
      expect(main(wrong.html)).toContain('No encontramos esa estadía');
      expect(wrong.html).not.toContain('Lucía');
      expect(wrong.html).not.toContain('<form');
    }
    const page = await get(`/opinar/${es.code}?t=${es.t}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.html).not.toMatch(/<script[^>]*src=/);
    const form = main(page.html);
    expect(form).toContain('<form class="form review-form" method="post">');
    expect(form.match(/<fieldset/g)).toHaveLength(5);
    expect(form).toContain('<legend class="field__label">Calificación general</legend>');
    expect(form.match(/type="radio"[^>]*name="rating"/g)).toHaveLength(5);
    expect(form).toContain('value="Lucía G."');
    expect(form).toContain('4 personas');
    // The English stay's page is in English.
    const english = await get(`/en/review/${en.code}?t=${en.t}`);
    expect(english.status).toBe(200);
    expect(english.html).toContain('<html lang="en">');
    expect(main(english.html)).toContain('Overall rating');
  });

  it('in Chromium at 390 px, in both languages: the form fits, is filled with the keyboard alone, loads no script and passes axe', async () => {
    const context = await site.browser.newContext(PHONE);
    try {
      for (const [path, overall] of [
        [`/opinar/${es.code}?t=${es.t}`, 'Calificación general'],
        [`/en/review/${en.code}?t=${en.t}`, 'Overall rating'],
      ] as const) {
        const { page, problems } = await openPage(context);
        const scripts: string[] = [];
        page.on('request', (r) => {
          if (r.resourceType() === 'script') scripts.push(r.url());
        });
        expect((await page.goto(server.url + path))?.status(), path).toBe(200);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
        // A radio group per rating, reached and chosen with the keyboard.
        const group = page.getByRole('group', { name: overall });
        await group.getByRole('radio').first().focus();
        await page.keyboard.press('ArrowRight');
        expect(await group.getByRole('radio', { checked: true }).count(), path).toBe(1);
        expect(await runAxe(page), path).toEqual([]);
        expect(scripts, path).toEqual([]);
        expect(await inlineScriptsOf(page), path).toEqual([]);
        expect(await classesWithoutTheirStyles(page), path).toEqual([]);
        expectClean(problems);
        await page.close();
      }
    } finally {
      await context.close();
    }
  });

  it('refuses bad input with 400 and the Spanish message, keeps what was typed (as text), stores nothing', async () => {
    const path = `/opinar/${es.code}?t=${es.t}`;
    const bad = await post(path, { t: es.t, rating: '9', text: `${OPINION} ${MARKUP}`, cleanliness: '' });
    expect(bad.status).toBe(400);
    expect(main(bad.html)).toContain('Las calificaciones van de 1 a 5 estrellas.');
    expect(bad.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(bad.html).not.toContain(MARKUP);
    const short = await post(path, { t: es.t, rating: '5', text: 'Bien.' });
    expect(short.status).toBe(400);
    expect(main(short.html)).toContain('al menos 40 caracteres');
    const json = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ t: es.t, rating: 5, text: OPINION }),
    });
    expect(json.status).toBe(415);
    const forged = await post(`/opinar/${es.code}`, { t: 'B'.repeat(43), rating: '5', text: OPINION });
    expect(forged.status).toBe(404);
    expect(main((await get('/opiniones')).html)).not.toContain('Lucía');
  });

  it('stores the review (201, the thanks); the link then takes no other (409); it is published with its language marked', async () => {
    const path = `/opinar/${es.code}?t=${es.t}`;
    const sent = await post(path, {
      t: es.t,
      rating: '5',
      host: '5',
      cleanliness: '',
      text: `${OPINION} ${MARKUP}`,
      name: '',
    });
    expect(sent.status).toBe(201);
    expect(main(sent.html)).toContain('¡Gracias por tu opinión!');
    const again = await get(path);
    expect(again.status).toBe(409);
    expect(main(again.html)).toContain('Ya recibimos tu opinión sobre esta estadía.');
    expect((await post(path, { t: es.t, rating: '1', text: OPINION })).status).toBe(409);

    const list = main((await get('/opiniones')).html);
    expect(list).toContain('Lucía G.');
    expect(list).toContain('5,0 de 5 · 2 opiniones');
    expect(list).toContain('5 de 5 estrellas');
    expect(list).toContain('&lt;script&gt;');
    expect(list).not.toContain('<script>');
    const month = new Intl.DateTimeFormat('es', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${es.checkIn.slice(0, 7)}-01T00:00:00Z`),
    );
    expect(list).toContain(`Estadía en ${month} · 4 personas`);
    // On the English page the Spanish words are marked as Spanish.
    const english = main((await get('/en/reviews')).html);
    expect(english).toContain('5.0 out of 5 · 2 reviews');
    expect(english).toMatch(/<p class="review__text" lang="es">Todo impecable/);
    const home = main((await get('/')).html);
    expect(home).toContain('Lo que dicen nuestros huéspedes');
    expect(home).toContain('5,0 de 5 · 2 opiniones');
    expect(home).toContain('href="/opiniones"');
  });
});
