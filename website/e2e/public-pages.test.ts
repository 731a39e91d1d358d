import type { BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { ENGLISH_DEFAULTS } from '@cabana/shared/domain/config/setting-defaults';
import { addDays, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import type { Lang } from '@cabana/shared/domain/i18n/lang';
import { PAGE_KEYS, PAGE_PATHS } from '../src/config/paths';
import { openPage, type PageProblems } from '../../test-support/browser';
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
import { CATALOGUES, JS_BUDGET, PAGES, gzippedBytes } from './public-pages';

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
    page.on('requestfinished', (r) => {
      if (r.resourceType() === 'script')
        scripts.push(r.response().then((res) => ({ url: r.url(), status: res?.status() ?? 0 })));
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
    const violations = await runAxe(page);
    return {
      path,
      lang,
      viewport,
      status: res?.status() ?? 0,
      problems,
      hydration,
      scripts: await Promise.all(scripts),
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
      for (const s of v.scripts) expect(s.status, `${label(v)}: ${s.url}`).toBe(200);
      const bytes = await gzippedBytes(v.scripts.map((s) => s.url));
      report.push(`${label(v)} ${(bytes / 1024).toFixed(1)} KB in ${v.scripts.length} files`);
      expect(bytes, `${label(v)}: ${(bytes / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(JS_BUDGET);
    }
    console.log(`[presupuesto] JavaScript por página (gzip): ${report.join('; ')}`);
  });
});
