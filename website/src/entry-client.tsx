import './lib/zod-csp';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { preloadRoute } from './app/routes';
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
    createRoot(container).render(app);
  }
}

void start();
