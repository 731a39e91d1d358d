import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { canonicalUrl, metaFor } from './seo';

function setMeta(selector: string, attr: string, value: string) {
  document.head.querySelector(selector)?.setAttribute(attr, value);
}

/**
 * After a client-side navigation to another page: its title and description, scroll to the
 * top, and focus on the new <main> so screen-reader and keyboard users start from the new
 * content. Nothing happens on first load (the prerendered head is already right).
 */
export function RouteEffects() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    // Compared with the last page shown, so re-running the effect (StrictMode) is harmless.
    if (shown.current === pathname) return;
    shown.current = pathname;
    const meta = metaFor(pathname);
    document.title = meta.title;
    setMeta('meta[name="description"]', 'content', meta.description);
    setMeta('link[rel="canonical"]', 'href', canonicalUrl(pathname));
    window.scrollTo(0, 0);
    const main = document.getElementById('contenido');
    if (main) {
      if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
      main.focus({ preventScroll: true });
    }
  }, [pathname]);
  return null;
}
