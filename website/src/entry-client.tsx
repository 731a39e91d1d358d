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
if (islands.length > 0) {
  const taps = holdEarlyTaps(islands);
  let waiting = islands.length;
  // `<html data-hydrated>` once every island is: tests wait for it instead of the network going quiet.
  const hydrated = (island: Element) => {
    taps.hydrated(island);
    if (--waiting === 0) document.documentElement.dataset.hydrated = 'true';
  };
  import('./islands/hydrate').then(
    (h) => h.hydrateIslands(islands, hydrated, holdEarlyTaps),
    () => taps.giveUp(),
  );
  // A Spanish page for a browser that prefers English: the suggestion of the English one, loaded only then.
  if (document.documentElement.lang === 'es' && /^en/.test(navigator.language)) void import('./hint-entry');
} else {
  void import('./app/client-app').then((app) => app.startApp());
}
