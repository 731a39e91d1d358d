import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageData, PageRenderer, RenderedPage } from '@cabana/shared/pages/page-data';
import { ShellApp, SitePage } from './app/app';
import { headFor } from './app/head';
import { loadPage, publicRoute } from './app/routes';
import { NOT_FOUND_PATH, PUBLIC_PATHS, cleanPath, guestBookingCode } from './config/paths';
import { PAGE_DATA_ISLAND_ID, PageDataProvider, scriptJson } from './lib/page-data';

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
    isGuestBookingPath: guestBookingCode,

    async renderPage(url: string, data: PageData): Promise<RenderedPage> {
      const pathname = cleanPath(new URL(url, 'http://localhost').pathname);
      const route = publicRoute(pathname);
      // Settings on every page, the 404 page too: the header, footer and WhatsApp button show them.
      const carried = { ...route?.data?.(data), settings: data.settings };
      const Page = await loadPage(pathname);
      const body = renderToString(
        <StrictMode>
          <PageDataProvider data={carried}>
            <SitePage path={pathname} Page={Page} />
          </PageDataProvider>
        </StrictMode>,
      );
      const preloads = assets.preloads[route ? route.path : NOT_FOUND_PATH] ?? '';
      const head = [headFor(route?.path ?? pathname, data), preloads].filter(Boolean).join('\n    ');
      const found = route && (route.found?.(data) ?? true);
      return { status: found ? 200 : 404, html: document(head, body, scriptJson(carried)) };
    },

    /** The frame for /login and /admin, without their code (rendered from scratch in the browser). */
    renderShell(url: string): string {
      const body = renderToString(
        <StrictMode>
          <ShellApp path={url} />
        </StrictMode>,
      );
      return document(headFor(url), body, null);
    },
  };
}
