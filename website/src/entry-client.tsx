import './lib/zod-csp';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/routes';
import { PageDataProvider, readPageDataIsland } from './lib/page-data';
import { BrowserRouter } from './lib/router';
import './styles/global.css';

async function start() {
  const container = document.getElementById('root');
  if (!container) return;
  // The data the server rendered this page from: hydration must use exactly the same.
  const data = readPageDataIsland();
  const app = (
    <StrictMode>
      <PageDataProvider data={data}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </PageDataProvider>
    </StrictMode>
  );
  // Server-rendered pages are hydrated; admin shells and the dev server render from scratch.
  if (container.dataset.prerendered === 'true') {
    await preloadRoute(window.location.pathname);
    hydrateRoot(container, app);
  } else {
    // The dev server's index.html has no head of its own; admin shells already have one.
    if (!document.title) void import('./app/seo').then((m) => (document.title = m.metaFor(location.pathname).title));
    createRoot(container).render(app);
  }
}

void start();
