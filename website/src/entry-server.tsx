import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App, ShellApp } from './app/app';
import { preloadRoute } from './app/routes';

export { metaFor, canonicalUrl, PAGE_META, NOT_FOUND_META } from './app/seo';
export { headFor } from './app/head';

/** Prerendered HTML of a public page (its chunk loaded first so nothing suspends). */
export async function renderPage(url: string): Promise<string> {
  await preloadRoute(url);
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
}

/** The frame for /login and /admin, without their code. */
export function renderShell(url: string): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <ShellApp />
      </StaticRouter>
    </StrictMode>,
  );
}
