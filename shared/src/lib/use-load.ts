import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type DependencyList,
  type Dispatch,
  type SetStateAction,
} from 'react';
import { LatestLoad } from './latest-load';

interface LoadOptions<E> {
  /** While false nothing loads (nothing to ask yet); `reload()` still does. Default true. */
  enabled?: boolean;
  /**
   * Turns a failure into what the component shows, once per failed load and never for a
   * cancelled one (so it may have effects, such as signing out on 401). Null shows nothing.
   * Without it `error` is what the loader threw.
   */
  mapError?: (err: unknown) => E | null;
}

export interface Loaded<T, E> {
  /** The last data loaded (or set), null until the first load succeeds. Kept while reloading. */
  data: T | null;
  /** What the last failed load left (see `mapError`); cleared when a load succeeds. */
  error: E | null;
  /** A load is in flight. */
  loading: boolean;
  /** Loads again (the one in flight is dropped); resolves true if this load succeeded. */
  reload(): Promise<boolean>;
  /** Changes the data locally, after a write the server confirmed; the error stays as it is. */
  setData: Dispatch<SetStateAction<T | null>>;
}

interface State<T, E> {
  data: T | null;
  error: E | null;
  loading: boolean;
}

/**
 * Loads data for a component: on mount and whenever `deps` change, cancelling the load in flight
 * on change and on unmount (its answer is dropped and `signal` aborts, for loaders that pass it
 * to fetch). The loader may be an inline arrow: the latest one is used, only `deps` reload.
 *
 *   const price = useLoad((signal) => api.getPrice(signal), [api]);
 */
export function useLoad<T, E = unknown>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  options: LoadOptions<E> = {},
): Loaded<T, E> {
  const enabled = options.enabled ?? true;
  const [state, setState] = useState<State<T, E>>({ data: null, error: null, loading: enabled });
  const [runner] = useState(() => new LatestLoad<T>());
  const latest = useRef({ load, mapError: options.mapError });
  latest.current = { load, mapError: options.mapError };

  const reload = useCallback(async (): Promise<boolean> => {
    setState((s) => (s.loading ? s : { ...s, loading: true }));
    const outcome = await runner.run((signal) => latest.current.load(signal));
    if (outcome.status === 'cancelled') return false;
    if (outcome.status === 'ok') {
      setState({ data: outcome.data, error: null, loading: false });
      return true;
    }
    const { mapError } = latest.current;
    const error = mapError ? mapError(outcome.error) : (outcome.error as E);
    setState((s) => ({ ...s, error, loading: false }));
    return false;
  }, [runner]);

  useEffect(() => {
    if (!enabled) return;
    void reload();
    return () => {
      runner.cancel();
      // The next run (new deps) says loading again; after unmount nobody reads it.
      setState((s) => (s.loading ? { ...s, loading: false } : s));
    };
    // The caller's deps decide when to load again, as with useEffect's own list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, reload, runner, ...deps]);

  const setData = useCallback<Dispatch<SetStateAction<T | null>>>(
    (next) =>
      setState((s) => ({
        ...s,
        data: typeof next === 'function' ? (next as (prev: T | null) => T | null)(s.data) : next,
      })),
    [],
  );

  return { ...state, reload, setData };
}
