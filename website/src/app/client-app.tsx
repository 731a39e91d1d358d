import '../lib/zod-csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { cleanPath, isOwnerPath, langOfPath } from '../config/paths';

/**
 * What the browser renders itself: the owner's app (/login, /admin/*, static shells without its
 * code) and, on the Vite dev server only, whole public pages (no server render there).
 */
export async function startApp() {
  const container = document.getElementById('root');
  if (!container) return;
  const path = cleanPath(window.location.pathname);
  if (isOwnerPath(path)) {
    const { OwnerApp } = await import('./owner-app');
    createRoot(container).render(
      <StrictMode>
        <OwnerApp />
      </StrictMode>,
    );
    return;
  }
  if (!import.meta.env.DEV) return;
  // The pages' own stylesheets, which the server puts in each page that uses them (entry-server.tsx).
  await import('../styles/pages/dev-all.css');
  const [{ SitePage }, { loadPage }, { I18nProvider }, { CATALOGUES }, { PageDataProvider }, seo] = await Promise.all([
    import('./app'),
    import('./routes'),
    import('../i18n/i18n'),
    import('../i18n/messages'),
    import('../lib/page-data'),
    import('./seo'),
  ]);
  const Page = await loadPage(path);
  const lang = langOfPath(path);
  if (!document.title) document.title = seo.metaFor(path).title;
  createRoot(container).render(
    <StrictMode>
      <PageDataProvider data={{}}>
        <I18nProvider lang={lang} messages={CATALOGUES[lang]}>
          <SitePage path={path} Page={Page} />
        </I18nProvider>
      </PageDataProvider>
    </StrictMode>,
  );
}
