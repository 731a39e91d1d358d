import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageData, PageRenderer, RenderedPage } from '@cabana/shared/domain/pages/page-data';
import { ShellApp, SitePage } from './app/app';
import { Footer } from './components/layout/footer';
import { FooterContent } from './components/layout/footer-content';
import { headFor } from './app/head';
import {
  GUEST_BOOKING_PARTS,
  GUEST_PAYMENT_PARTS,
  NOT_FOUND_MESSAGES,
  PAGE_PARTS,
  REVIEW_PAGE_PARTS,
  type PageStyle,
} from './app/page-parts';
import homeCss from './styles/pages/home.css?inline';
import plansCss from './styles/pages/plans.css?inline';
import checkinCss from './styles/pages/checkin.css?inline';
import uploadCss from './styles/pages/upload.css?inline';
import reviewsCss from './styles/pages/reviews.css?inline';
import { loadPage } from './app/routes';
import {
  NOT_FOUND_PATH,
  PUBLIC_PATHS,
  cleanPath,
  guestBookingCode,
  guestBookingOf,
  langOfPath,
  notFoundPathFor,
  pageOf,
  otherLanguagePath,
  reviewPageOf,
} from './config/paths';
import { I18nProvider, type Catalogue, type MessageGroup } from './i18n/i18n';
import { CATALOGUES, messagesFor } from './i18n/messages';
import { IslandCollector, type FoundIsland } from './islands/island';
import { PAGE_DATA_ISLAND_ID, PageDataProvider, scriptJson, type PagePart } from './lib/page-data';

/** The footer's content is rendered here only: the browser keeps its markup (Footer). */
const SERVER_FOOTER = (
  <Footer>
    <FooterContent />
  </Footer>
);

/** The pages' own stylesheets (app/page-parts.ts), built into this server bundle as text. */
const PAGE_CSS: Record<PageStyle, string> = {
  home: homeCss,
  plans: plansCss,
  checkin: checkinCss,
  upload: uploadCss,
  reviews: reviewsCss,
};

/** A page's own styles, after the site's (which the template carries in its head). */
const pageStyles = (styles: readonly PageStyle[] = []) =>
  styles.map((name) => `<style data-page-style="${name}">${PAGE_CSS[name].trim()}</style>`).join('');

/** What the client build produced, baked into the server build by scripts/build.ts. */
export interface SiteAssets {
  /**
   * The client build's index.html, with `<!--app-head-->` and `<!--app-html-->` markers, and
   * `<!--app-scripts-->` where its entry's tags were: a page without islands loads no script.
   */
  template: string;
  /** The entry's tags (its module script): the owner's shells. */
  entry: string;
  /** The entry's code in a module script of its own: the pages with islands (no request for it). */
  inlineEntry: string;
  /** The CSP hashes (`'sha256-…'`) of the scripts in the pages themselves: the server allows them. */
  scriptHashes: string[];
  /**
   * Per island (islands/registry.ts): the stylesheets of its chunks and the hydration's. No
   * `modulepreload`: the code is asked for by the entry, after the page's LCP image.
   */
  islands: Record<string, string>;
  /** The suggestion of the English page (hint-entry.ts): the one script of a Spanish page without islands. */
  hint: string;
}

/** Replaces one marker; a function, so `$&` and friends in page text stay literal. */
const put = (html: string, marker: string, value: string) => {
  if (!html.includes(marker)) throw new Error(`La plantilla no tiene ${marker}`);
  return html.replace(marker, () => value);
};

/** The data island of a page with islands: its language, the groups its islands show, the live data if one shows it. */
function islandData(all: PagePart, islands: readonly FoundIsland[], live: PagePart | undefined): PagePart {
  const groups = new Set<MessageGroup>(islands.flatMap((i) => i.groups));
  const messages = Object.fromEntries(
    Object.entries(all.messages ?? {}).filter(([g]) => groups.has(g as MessageGroup)),
  );
  const withData = islands.some((i) => i.data);
  return { ...(withData ? { ...live, settings: all.settings } : {}), lang: all.lang, messages };
}

export function createRenderer(assets: SiteAssets): PageRenderer & { renderShell(url: string): string } {
  /** A page (`island` its data island, null for none) or, `shell`, the owner's frame the browser renders itself. */
  const document = (head: string, body: string, island: string | null, scripts: string, shell = false, after = '') => {
    let html = put(put(assets.template, '<!--app-head-->', head), '<!--app-scripts-->', scripts);
    if (shell) return put(html, '<!--app-html-->', body);
    html = put(html, '<div id="root">', '<div id="root" data-prerendered="true">');
    if (island === null) return put(html, '<!--app-html-->', body);
    // Right after the root: module scripts run once the document is parsed, so the island is there to read.
    const script = `<script type="application/json" id="${PAGE_DATA_ISLAND_ID}">${island}</script>`;
    return put(html, '<!--app-html--></div>', [`${body}</div>`, script, after].filter(Boolean).join('\n    '));
  };

  return {
    publicPaths: PUBLIC_PATHS,
    notFoundPath: NOT_FOUND_PATH,
    notFoundPathFor,
    isGuestBookingPath: guestBookingCode,
    isReviewPath: (pathname) => reviewPageOf(pathname)?.code ?? null,

    async renderPage(url: string, data: PageData): Promise<RenderedPage> {
      const pathname = cleanPath(new URL(url, 'http://localhost').pathname);
      const page = pageOf(pathname);
      const guest = page ? null : guestBookingOf(pathname);
      const review = page || guest ? null : reviewPageOf(pathname);
      const guestParts = guest?.payment ? GUEST_PAYMENT_PARTS : GUEST_BOOKING_PARTS;
      const route = page ? PAGE_PARTS[page.key] : guest ? guestParts : review ? REVIEW_PAGE_PARTS : undefined;
      // The 404 page is English under /en/ and Spanish elsewhere (one page per language, cached once).
      const lang = page?.lang ?? guest?.lang ?? review?.lang ?? langOfPath(pathname);
      const messages = messagesFor(
        lang,
        route ? [...route.messages, ...(route.serverMessages ?? [])] : NOT_FOUND_MESSAGES,
      );
      // Settings on every page, the 404 page too: the header, footer and WhatsApp button show them.
      // The page's language and only its own messages: the browser never gets a whole catalogue.
      const all = { ...route?.data?.(data, lang), settings: data.settings, lang, messages };
      const Page = await loadPage(pathname);
      const islands: FoundIsland[] = [];
      const framed = renderToString(
        <StrictMode>
          <IslandCollector.Provider value={islands}>
            <PageDataProvider data={all}>
              <I18nProvider lang={lang} messages={messages as Catalogue}>
                <SitePage path={pathname} Page={Page} footer={SERVER_FOOTER} />
              </I18nProvider>
            </PageDataProvider>
          </IslandCollector.Provider>
        </StrictMode>,
      );
      // The page carries what its islands need, no more: the live data and settings if one shows
      // them, the message groups they show. Each island is rendered again on its own from exactly
      // that, as the browser hydrates it (its own root: the same ids, the same text).
      const carried = islands.length ? islandData(all, islands, route?.data?.(data, lang)) : null;
      const body = framed.replace(/ data-slot="(\d+)"><\/div>/g, (_, i: string) => {
        const island = islands[Number(i)]!;
        return `>${renderToString(
          <StrictMode>
            <PageDataProvider data={carried!}>
              <I18nProvider lang={lang} messages={carried!.messages as Catalogue}>
                {island.element}
              </I18nProvider>
            </PageDataProvider>
          </StrictMode>,
        )}</div>`;
      });
      // The entry (tiny, in the page) in the head; its islands' stylesheets (none today) once each at the end.
      const entry = [
        islands.length ? assets.inlineEntry : '',
        // The suggestion of the English page, on Spanish pages that have one (the entry loads it where there is one).
        lang === 'es' && !islands.length && otherLanguagePath(pathname) ? assets.hint : '',
      ];
      const preloads = new Set(islands.flatMap((i) => (assets.islands[i.name] ?? '').split('\n').map((t) => t.trim())));
      const html = document(
        headFor(pathname, data),
        body,
        carried && scriptJson(carried),
        entry.filter(Boolean).join('\n    '),
        false,
        [...preloads].filter(Boolean).join('\n    '),
      );
      // A guest's page with a wrong link says so, with 404.
      const found =
        page !== null ||
        (guest !== null && Boolean(data.guestBooking)) ||
        (review !== null && Boolean(data.reviewPage?.invite));
      return {
        status: found ? 200 : 404,
        html: put(
          put(html, '<html lang="es">', `<html lang="${lang}">`),
          '</head>',
          `${pageStyles(route?.styles)}</head>`,
        ),
        scriptHashes: islands.length ? assets.scriptHashes : [],
      };
    },

    /** The frame for /login and /admin, without their code (rendered from scratch in the browser). */
    renderShell(url: string): string {
      const body = renderToString(
        <StrictMode>
          <I18nProvider lang="es" messages={CATALOGUES.es}>
            <ShellApp path={url} footer={SERVER_FOOTER} />
          </I18nProvider>
        </StrictMode>,
      );
      return document(headFor(url), body, null, assets.entry, true);
    },
  };
}
