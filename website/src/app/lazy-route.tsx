import { lazy, useState, type ComponentType } from 'react';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * A route component split into its own chunk that can be loaded *before* rendering: the
 * server render and the first hydration preload the current page so the markup matches without a
 * Suspense round-trip, while later navigations load it lazily.
 */
export function lazyRoute(load: Loader) {
  let loaded: ComponentType | undefined;
  const preload = async () => {
    const mod = await load();
    loaded = mod.default;
    return mod;
  };
  const Lazy = lazy(preload);
  function RoutePage() {
    // Frozen at mount so the element type never flips from Lazy to the module (a remount).
    const [Page] = useState(() => loaded);
    return Page ? <Page /> : <Lazy />;
  }
  return { Page: RoutePage, preload };
}
