import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageData, PageRenderer, RenderedPage } from '@cabana/shared/domain/pages/page-data';
import { ShellApp, SitePage } from './app/app';
import { Footer } from './components/layout/footer';
import { FooterContent } from './components/layout/footer-content';
import { headFor } from './app/head';
import {
  GUEST_BOOKING_PARTS,
  GUEST_PAYMENT_KEY,
  GUEST_PAYMENT_PARTS,
  NOT_FOUND_MESSAGES,
  PAGE_PARTS,
} from './app/page-parts';
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
  paths,
} from './config/paths';
import { I18nProvider, type Catalogue } from './i18n/i18n';
import { CATALOGUES, messagesFor } from './i18n/messages';
import { PAGE_DATA_ISLAND_ID, PageDataProvider, scriptJson } from './lib/page-data';

/** The footer's content is rendered here only: the browser keeps its markup (Footer). */
const SERVER_FOOTER = (
  <Footer>
    <FooterContent />
  </Footer>
);

/** What the client build produced, baked into the server build by scripts/build.ts. */
export interface SiteAssets {
  /** The client build's index.html, with `<!--app-head-->` and `<!--app-html-->` markers. */
  template: string;
  /**
   * Per public path (and the 404 page's `NOT_FOUND_PATH`): `<link rel="modulepreload">` for the
   * page's own chunks, so they download beside the entry.
   */
  preloads: Record<string, string>;
}

/** Replaces one marker; a function, so `$&` and friends in page text stay literal. */
const put = (html: string, marker: string, value: string) => {
  if (!html.includes(marker)) throw new Error(`La plantilla no tiene ${marker}`);
  return html.replace(marker, () => value);
};

export function createRenderer(assets: SiteAssets): PageRenderer & { renderShell(url: string): string } {
  const document = (head: string, body: string, island: string | null) => {
    let html = put(assets.template, '<!--app-head-->', head);
    if (island === null) return put(html, '<!--app-html-->', body);
    html = put(html, '<div id="root">', '<div id="root" data-prerendered="true">');
    // Right after the root: module scripts run once the document is parsed, so the island is there to read.
    const script = `<script type="application/json" id="${PAGE_DATA_ISLAND_ID}">${island}</script>`;
    return put(html, '<!--app-html--></div>', `${body}</div>\n    ${script}`);
  };

  return {
    publicPaths: PUBLIC_PATHS,
    notFoundPath: NOT_FOUND_PATH,
    notFoundPathFor,
    isGuestBookingPath: guestBookingCode,

    async renderPage(url: string, data: PageData): Promise<RenderedPage> {
      const pathname = cleanPath(new URL(url, 'http://localhost').pathname);
      const page = pageOf(pathname);
      const guest = page ? null : guestBookingOf(pathname);
      const guestParts = guest?.payment ? GUEST_PAYMENT_PARTS : GUEST_BOOKING_PARTS;
      const route = page ? PAGE_PARTS[page.key] : guest ? guestParts : undefined;
      // The 404 page is English under /en/ and Spanish elsewhere (one page per language, cached once).
      const lang = page?.lang ?? guest?.lang ?? langOfPath(pathname);
      const messages = messagesFor(lang, route ? route.messages : NOT_FOUND_MESSAGES);
      // Settings on every page, the 404 page too: the header, footer and WhatsApp button show them.
      // The page's language and only its own messages: the browser never gets a whole catalogue.
      const carried = { ...route?.data?.(data, lang), settings: data.settings, lang, messages };
      const Page = await loadPage(pathname);
      const body = renderToString(
        <StrictMode>
          <PageDataProvider data={carried}>
            <I18nProvider lang={lang} messages={messages as Catalogue}>
              <SitePage path={pathname} Page={Page} footer={SERVER_FOOTER} />
            </I18nProvider>
          </PageDataProvider>
        </StrictMode>,
      );
      // Both languages' guest pages share one chunk, preloaded under the Spanish path.
      const guestKey = guest?.payment ? GUEST_PAYMENT_KEY : paths.booking;
      const preloads = assets.preloads[page ? pathname : guest ? guestKey : NOT_FOUND_PATH] ?? '';
      const head = [headFor(pathname, data), preloads].filter(Boolean).join('\n    ');
      const html = document(head, body, scriptJson(carried));
      // A guest's page with a wrong link says so, with 404.
      const found = page !== null || (guest !== null && Boolean(data.guestBooking));
      return { status: found ? 200 : 404, html: put(html, '<html lang="es">', `<html lang="${lang}">`) };
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
      return document(headFor(url), body, null);
    },
  };
}
