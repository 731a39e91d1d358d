import { useEffect, useRef } from 'react';
import { useLocation } from '../lib/router';

function setMeta(selector: string, attr: string, value: string) {
  document.head.querySelector(selector)?.setAttribute(attr, value);
}

/**
 * After a client-side navigation to another page: scroll to the top, focus on the new <main> so
 * screen-reader and keyboard users start from the new content, and its title and description.
 * Nothing happens on first load (the server-rendered head is already right), so the table of
 * titles loads with the first navigation instead of with every page.
 */
export function RouteEffects() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    // Compared with the last page shown, so re-running the effect (StrictMode) is harmless.
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
    const main = document.getElementById('contenido');
    if (main) {
      if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
      main.focus({ preventScroll: true });
    }
    void import('./seo').then(({ canonicalUrl, metaFor }) => {
      if (shown.current !== pathname) return;
      const meta = metaFor(pathname);
      document.title = meta.title;
      setMeta('meta[name="description"]', 'content', meta.description);
      setMeta('link[rel="canonical"]', 'href', canonicalUrl(pathname));
    });
  }, [pathname]);
  return null;
}
