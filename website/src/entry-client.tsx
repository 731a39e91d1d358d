import './styles/global.css';
import { holdEarlyTaps } from './islands/early-taps';

/**
 * A public page is the server's HTML; only its islands (`[data-isla]`) load code, each hydrated
 * on its own (islands/hydrate.tsx). Pages without islands do not load this file at all
 * (entry-server.tsx). This file is kept tiny and without imports: the build writes it into each
 * page with islands (scripts/build.ts, no request for it), where it runs as soon as the page is
 * parsed and holds the taps that come before hydration (islands/early-taps.ts). The
 * owner's app (/login, /admin/*) is the only client-rendered part; its code, react-router
 * included, loads only there (app/client-app.tsx).
 */
const islands = [...document.querySelectorAll<HTMLElement>('[data-isla]')];

/** Longest the islands' code waits for the page's first paint, or its main image's (ms): a tap is held meanwhile. */
const LCP_WAIT_MS = 2500;

/**
 * Once the page has painted: its main image (marked `fetchpriority="high"`: /galeria's first
 * photo, the home page's poster) where it has one, else its first text. The islands' code
 * (React: 68 KB) would otherwise share a slow mobile link with the HTML's own needs and hold
 * back that paint (issue 31: LCP); taps before hydration are held (early-taps.ts), so nothing is
 * lost waiting, and the first press or key does not wait any longer. Told by the browser's paint
 * timing where it has it; else once the image has arrived, after the next frame. (An image that
 * fails to load makes it wait LCP_WAIT_MS.)
 */
const afterMainPaint = () =>
  new Promise<void>((done) => {
    // The limits first: whatever the browser supports, the wait ends.
    setTimeout(done, LCP_WAIT_MS);
    for (const type of ['pointerdown', 'keydown']) addEventListener(type, () => done(), true);
    // An <img>, or the <link rel="preload"> of the home page's poster: nothing else is marked so.
    const main = document.querySelector<HTMLImageElement | HTMLLinkElement>('[fetchpriority=high]');
    const kind = main ? 'largest-contentful-paint' : 'paint';
    const nextPaint = () => requestAnimationFrame(() => setTimeout(done));
    try {
      // Safari has no LCP; an older browser no PerformanceObserver at all.
      if (!PerformanceObserver.supportedEntryTypes.includes(kind)) throw Error();
      const url = (main as HTMLLinkElement | null)?.href;
      new PerformanceObserver((list, observer) => {
        for (const e of list.getEntries() as (PerformanceEntry & { element?: Element; url?: string })[])
          if (main ? e.element === main || (url && e.url === url) : e.name === 'first-contentful-paint') {
            observer.disconnect();
            done();
          }
      }).observe({ type: kind, buffered: true });
    } catch {
      if (main instanceof HTMLImageElement && !main.complete) main.addEventListener('load', nextPaint);
      else nextPaint();
    }
  });

if (islands.length > 0) {
  const taps = holdEarlyTaps(islands);
  let waiting = islands.length;
  // `<html data-hydrated>` once every island is: tests wait for it instead of the network going quiet.
  const hydrated = (island: Element) => {
    taps.hydrated(island);
    if (--waiting === 0) document.documentElement.dataset.hydrated = 'true';
  };
  void afterMainPaint().then(() => {
    void import('./islands/hydrate').then(
      (h) => h.hydrateIslands(islands, hydrated, holdEarlyTaps),
      () => taps.giveUp(),
    );
    // A Spanish page for a browser that prefers English: the suggestion of the English one, loaded only then.
    if (document.documentElement.lang === 'es' && /^en/.test(navigator.language)) void import('./hint-entry');
  });
} else {
  void import('./app/client-app').then((app) => app.startApp());
}
