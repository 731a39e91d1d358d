import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { canonicalUrl, metaFor } from './seo';

function setMeta(selector: string, attr: string, value: string) {
  document.head.querySelector(selector)?.setAttribute(attr, value);
}

/**
 * After a client-side navigation: the new page's title and description, scroll to the top, and
 * focus on the new <main> so screen-reader and keyboard users start from the new content.
 */
export function RouteEffects() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const meta = metaFor(pathname);
    document.title = meta.title;
    setMeta('meta[name="description"]', 'content', meta.description);
    setMeta('link[rel="canonical"]', 'href', canonicalUrl(pathname));
    if (hash) return;
    window.scrollTo(0, 0);
    const main = document.getElementById('contenido');
    if (main) {
      if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
      main.focus({ preventScroll: true });
    }
  }, [pathname, hash]);
  return null;
}
