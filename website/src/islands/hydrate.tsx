import '../lib/zod-csp';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Lang } from '@cabana/shared/domain/i18n/lang';
import { I18nProvider, type Catalogue } from '../i18n/i18n';
import { PageDataProvider, readPageDataIsland } from '../lib/page-data';
import { ISLANDS, type IslandName } from './registry';

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
export function hydrateIslands(islands: Iterable<HTMLElement>, hydrated: (island: Element) => void): void {
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
