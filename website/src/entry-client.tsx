import './lib/zod-csp';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SitePage } from './app/app';
import { loadPage } from './app/routes';
import { cleanPath, isOwnerPath, langOfPath } from './config/paths';
import { I18nProvider, type Catalogue } from './i18n/i18n';
import { PageDataProvider, readPageDataIsland } from './lib/page-data';
import './styles/global.css';

/**
 * Marks the page hydrated (`<html data-hydrated>`) once React has adopted the server's HTML: its
 * effects run only after hydration commits. Tests wait for it instead of the network going quiet.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/**
 * A public page hydrates itself and nothing else: links to other pages are document loads that
 * the server answers from its cache. The owner's app (/login, /admin/*) is the only client-routed
 * part; its code, react-router included, loads only there.
 */
async function start() {
  const container = document.getElementById('root');
  if (!container) return;
  const path = cleanPath(window.location.pathname);
  if (isOwnerPath(path)) {
    const { OwnerApp } = await import('./app/owner-app');
    createRoot(container).render(
      <StrictMode>
        <OwnerApp />
      </StrictMode>,
    );
    return;
  }
  // The page's chunk is loaded (it was preloaded beside the entry) before the first render, so
  // hydration matches the server's HTML without a Suspense fallback.
  const Page = await loadPage(path);
  // The data the server rendered this page from: hydration must use exactly the same.
  const data = readPageDataIsland();
  // The page's own language and messages; only the Vite dev server's pages, which carry none,
  // load a whole catalogue (code the production build leaves out).
  const lang = data.lang ?? langOfPath(path);
  let messages = data.messages as Catalogue | undefined;
  if (import.meta.env.DEV && !messages) messages = (await import('./i18n/messages')).CATALOGUES[lang];
  const app = (
    <StrictMode>
      <PageDataProvider data={data}>
        <I18nProvider lang={lang} messages={messages!}>
          <SitePage path={path} Page={Page} />
          <HydratedMark />
        </I18nProvider>
      </PageDataProvider>
    </StrictMode>
  );
  // Every built page is rendered by the server; only the Vite dev server's are not.
  if (!import.meta.env.DEV || container.dataset.prerendered === 'true') {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page: a tap or a scroll during it is answered at once.
    startTransition(() => {
      hydrateRoot(container, app);
    });
    // A Spanish page for a browser that prefers English: the suggestion of the English one, loaded only then.
    if (lang === 'es' && /^en/.test(navigator.language))
      void import('./components/layout/english-hint').then((h) => h.showEnglishHint(path)).catch(() => undefined);
  } else {
    // The Vite dev server's index.html has no head of its own.
    if (!document.title) void import('./app/seo').then((m) => (document.title = m.metaFor(path).title));
    createRoot(container).render(app);
  }
}

void start();
