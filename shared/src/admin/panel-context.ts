import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type SetStateAction,
} from 'react';
import type { AdminApi } from './admin-api';

export interface PanelContextValue {
  api: AdminApi;
  /**
   * Turns a failed call into the Spanish message to show. A 401 means the session is gone:
   * the host is told and null comes back, since the panel is about to be unmounted.
   */
  failure(err: unknown): string | null;
}

export const PanelContext = createContext<PanelContextValue | null>(null);

export function usePanel(): PanelContextValue {
  const value = useContext(PanelContext);
  if (!value) throw new Error('Admin sections must be rendered inside <AdminPanel>.');
  return value;
}

/**
 * Loads a section's data when it mounts. Returns the data (null while loading), a setter for
 * local updates (which also clears a load error), and the Spanish message of a failed load.
 */
export function usePanelData<T>(
  load: (api: AdminApi) => Promise<T>,
): [T | null, Dispatch<SetStateAction<T | null>>, string | null] {
  const { api, failure } = usePanel();
  const [data, setDataState] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The loader is usually an inline arrow: keep the latest without reloading on every render.
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    let live = true;
    loadRef.current(api).then(
      (value) => {
        if (live) setDataState(value);
      },
      (err) => {
        const message = failure(err);
        if (live && message) setError(message);
      },
    );
    return () => {
      live = false;
    };
  }, [api, failure]);

  const setData = useCallback<Dispatch<SetStateAction<T | null>>>((next) => {
    setError(null);
    setDataState(next);
  }, []);
  return [data, setData, error];
}
