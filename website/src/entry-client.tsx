import './lib/zod-csp';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SitePage } from './app/app';
import { loadPage } from './app/routes';
import { cleanPath, isOwnerPath } from './config/paths';
import { PageDataProvider, readPageDataIsland } from './lib/page-data';
import './styles/global.css';

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
  const app = (
    <StrictMode>
      <PageDataProvider data={readPageDataIsland()}>
        <SitePage path={path} Page={Page} />
      </PageDataProvider>
    </StrictMode>
  );
  if (container.dataset.prerendered === 'true') {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page: a tap or a scroll during it is answered at once.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    // The Vite dev server's index.html has no head of its own.
    if (!document.title) void import('./app/seo').then((m) => (document.title = m.metaFor(path).title));
    createRoot(container).render(app);
  }
}

void start();
