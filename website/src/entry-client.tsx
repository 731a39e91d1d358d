import './styles/global.css';
import { holdEarlyTaps } from './islands/early-taps';

/**
 * A public page is the server's HTML; only its islands (`[data-isla]`) load code, each hydrated
 * on its own (islands/hydrate.tsx). Pages without islands do not load this file at all
 * (entry-server.tsx). This file is kept tiny and without imports, so that it runs as soon as the
 * page is parsed and holds the taps that come before hydration (islands/early-taps.ts). The
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
 * timing where it has it; else the image's arrival and the next frame.
 */
function afterMainPaint(): Promise<void> {
  const main = document.querySelector<HTMLImageElement | HTMLLinkElement>(
    'img[fetchpriority="high"], link[rel="preload"][as="image"][fetchpriority="high"]',
  );
  const kind = main ? 'largest-contentful-paint' : 'paint';
  if (!(typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes(kind)))
    return afterImage(main);
  return new Promise<void>((resolve) => {
    const url = main instanceof HTMLLinkElement ? main.href : '';
    const painted = (e: PerformanceEntry) =>
      main
        ? (e as PerformanceEntry & { element?: Element | null; url?: string }).element === main ||
          (url !== '' && (e as PerformanceEntry & { url?: string }).url === url)
        : e.name === 'first-contentful-paint';
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some(painted)) done();
    });
    const timer = setTimeout(done, LCP_WAIT_MS);
    const events = ['pointerdown', 'keydown'] as const;
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      for (const type of events) removeEventListener(type, done, true);
      main?.removeEventListener('error', done);
      resolve();
    }
    for (const type of events) addEventListener(type, done, true);
    main?.addEventListener('error', done);
    observer.observe({ type: kind, buffered: true });
  });
}

/** Without paint timing: once the main image has arrived (at once without one), after the next frame. */
function afterImage(main: HTMLImageElement | HTMLLinkElement | null): Promise<void> {
  const arrived =
    !main ||
    (main instanceof HTMLImageElement
      ? main.complete
      : performance.getEntriesByName(main.href).some((e) => (e as PerformanceResourceTiming).responseEnd > 0));
  return new Promise<void>((resolve) => {
    if (arrived) return resolve();
    main.addEventListener('load', () => resolve(), { once: true });
    main.addEventListener('error', () => resolve(), { once: true });
    setTimeout(resolve, LCP_WAIT_MS);
  }).then(afterNextPaint);
}

/** After the next frame is painted (the image that just arrived is on screen, not waiting behind React's work). */
const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
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
