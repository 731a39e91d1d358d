/**
 * A value React parts read with `useSyncExternalStore(live.subscribe, live.get, live.first)`
 * instead of as props: a part whose code is not loaded yet (a dehydrated Suspense boundary, which
 * React would replace by its fallback if its props changed) gets nothing until it renders, and then
 * hydrates with the first value (`first`, what the server rendered) before taking the current one.
 */
export interface Live<T> {
  get: () => T;
  first: () => T;
  /** Shallow: a value with the same fields is no change. */
  set: (next: T) => void;
  subscribe: (listener: () => void) => () => void;
  /** Resolves at the first change. */
  changed: Promise<void>;
}

export function liveValue<T extends object>(initial: T): Live<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  let changed!: () => void;
  const live: Live<T> = {
    get: () => value,
    first: () => initial,
    set(next) {
      if ((Object.keys(next) as (keyof T)[]).every((k) => next[k] === value[k])) return;
      value = next;
      changed();
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changed: new Promise((resolve) => (changed = resolve)),
  };
  return live;
}
