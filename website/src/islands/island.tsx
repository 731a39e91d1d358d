import { createContext, useContext, type ComponentType, type ReactElement } from 'react';
import type { MessageGroup } from '../i18n/i18n';
import type { IslandName } from './registry';

/** One island the server found while rendering a page: rendered again on its own into its slot. */
export interface FoundIsland {
  name: IslandName;
  element: ReactElement;
  /** The message groups the island shows (`common` included only if it does). */
  groups: readonly MessageGroup[];
  /** Whether it reads the page's live data (settings, price, photos…) from the page's data. */
  data: boolean;
}

/** Present only in the server's page render (entry-server.tsx): where the islands of the page are noted. */
export const IslandCollector = createContext<FoundIsland[] | null>(null);

/**
 * An interactive part of a server-rendered page: the only code a public page loads is its
 * islands' (docs/decisions/037-islands.md). Everything around it stays the server's markup.
 * The server leaves a slot here and renders the island on its own (its own root, as the browser
 * hydrates it: the same `useId`s, the same providers) into it; `props` travel in the element's
 * `data-props` (JSON), the messages and data in the page's data island. The element is
 * `display: contents`, so it does not change the layout.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  groups = [],
  data = false,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  groups?: readonly MessageGroup[];
  data?: boolean;
}) {
  // The element is marked `data-isla="<name>"` (entry-client.tsx finds the islands by it).
  const found = useContext(IslandCollector);
  const json = JSON.stringify(props);
  const carried = json === '{}' ? undefined : json;
  if (found) {
    const slot = found.push({ name, element: <Component {...props} />, groups, data }) - 1;
    return <div data-isla={name} data-props={carried} data-slot={slot} />;
  }
  // The Vite dev server renders whole pages in the browser.
  return (
    <div data-isla={name} data-props={carried}>
      <Component {...props} />
    </div>
  );
}
