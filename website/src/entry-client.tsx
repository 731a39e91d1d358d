import './lib/zod-csp';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { preloadRoute } from './app/routes';
import { metaFor } from './app/seo';
import './styles/global.css';

async function start() {
  const container = document.getElementById('root');
  if (!container) return;
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  // Prerendered pages are hydrated; admin shells and the dev server render from scratch.
  if (container.dataset.prerendered === 'true') {
    await preloadRoute(window.location.pathname);
    hydrateRoot(container, app);
  } else {
    // The dev server's index.html has no head of its own; admin shells already have one.
    if (!document.title) document.title = metaFor(window.location.pathname).title;
    createRoot(container).render(app);
  }
}

void start();
