import '../lib/zod-csp';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Lang } from '@cabana/shared/domain/i18n/lang';
import { I18nProvider, type Catalogue } from '../i18n/i18n';
import { PageDataProvider, readPageDataIsland } from '../lib/page-data';
import type { holdEarlyTaps } from './early-taps';
import { ISLANDS, type IslandName } from './registry';

type HoldTaps = typeof holdEarlyTaps;
/** The entry's holder of early taps, for the parts of an island whose code comes later. */
let holdTaps: HoldTaps | null = null;

/**
 * Holds the taps on a part of a hydrated island whose code comes later (/planes' form) until it is
 * there: `hydrated(part)` replays them. Given by the entry (early-taps.ts, which only the entry
 * imports, so no island chunk depends on the entry's); none where the entry did not hydrate (the dev server).
 */
export const holdLaterTaps = (part: Element) => holdTaps?.([part], '[data-later]') ?? null;

/** Tells when React has hydrated (committed) the island around it. */
function Hydrated({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(done, [done]);
  return children;
}

/**
 * Hydrates each island of the page on its own root, with its props (`data-props`) and the
 * page's data island (its language, the islands' message groups, the live data they show):
 * exactly what the server rendered the island from (entry-server.tsx).
 */
export function hydrateIslands(
  islands: Iterable<HTMLElement>,
  hydrated: (island: Element) => void,
  hold: HoldTaps,
): void {
  holdTaps = hold;
  const data = readPageDataIsland();
  const lang = data.lang ?? (document.documentElement.lang as Lang);
  const messages = (data.messages ?? {}) as Catalogue;
  for (const el of islands) {
    const load = ISLANDS[el.dataset.isla as IslandName];
    if (!load) {
      hydrated(el);
      continue;
    }
    const props = JSON.parse(el.dataset.props ?? '{}') as object;
    void load().then(
      ({ default: Component }) => {
        const Any = Component as (p: object) => ReactNode;
        // As a transition, hydration yields to the browser every few milliseconds: a tap or a
        // scroll during it is answered at once.
        startTransition(() => {
          hydrateRoot(
            el,
            <StrictMode>
              <PageDataProvider data={data}>
                <I18nProvider lang={lang} messages={messages}>
                  <Hydrated done={() => hydrated(el)}>
                    <Any {...props} />
                  </Hydrated>
                </I18nProvider>
              </PageDataProvider>
            </StrictMode>,
          );
        });
      },
      (err: unknown) => {
        console.warn('No se pudo cargar una parte de la página:', err);
        hydrated(el);
      },
    );
  }
}
