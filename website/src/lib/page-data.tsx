import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import type { PageData } from '@cabana/shared/pages/page-data';
import { INITIAL_KEY, useLocation } from './router';

/**
 * The live data a page shows (price, photos). The server renders each page with it and the page
 * carries the same part of it in a JSON data island, so hydration uses exactly what the server
 * used and nothing is fetched on load. After a client-side navigation the data may have changed
 * since the page loaded, so the next page fetches its part from the API.
 */
export type PagePart = Partial<PageData>;

/** The id of `<script type="application/json">` that carries a page's data. */
export const PAGE_DATA_ISLAND_ID = 'datos-pagina';

/** JSON fit to sit inside a <script> element (data island, JSON-LD): `<` escaped, so no value can close the tag. */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** The data the server put in the page (empty when there is none, e.g. on the dev server). */
export function readPageDataIsland(doc: Document = document): PagePart {
  const text = doc.getElementById(PAGE_DATA_ISLAND_ID)?.textContent;
  if (!text) return {};
  try {
    const data: unknown = JSON.parse(text);
    return typeof data === 'object' && data !== null ? data : {};
  } catch {
    return {};
  }
}

const PageDataContext = createContext<PagePart>({});

export function PageDataProvider({ data, children }: { data: PagePart; children: ReactNode }) {
  return <PageDataContext.Provider value={data}>{children}</PageDataContext.Provider>;
}

export type DataState<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error' };

/** Fetches one part through the shared API client, loaded only now: first visits never need it. */
async function fetchPart<K extends keyof PageData>(key: K): Promise<PageData[K]> {
  const { api } = await import('./api');
  return (key === 'price' ? await api.getPrice() : await api.listImages()) as PageData[K];
}

/** Logged as warnings: failing to load is expected offline, and console errors mean bugs. */
const FAILURE: Record<keyof PageData, string> = {
  price: 'No se pudo cargar el precio:',
  images: 'Error al cargar imágenes',
};

/**
 * One part of the page's data: ready at once on the page the server rendered, fetched after a
 * client-side navigation. `reload` tries again after a failure.
 */
export function usePageData<K extends keyof PageData>(key: K): DataState<PageData[K]> & { reload: () => void } {
  const carried = useContext(PageDataContext)[key];
  const { key: locationKey } = useLocation();
  const [state, setState] = useState<DataState<PageData[K]>>(() =>
    locationKey === INITIAL_KEY && carried !== undefined ? { status: 'ready', value: carried } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const fetchNow = state.status === 'loading';

  useEffect(() => {
    if (!fetchNow) return;
    let alive = true;
    fetchPart(key).then(
      (value) => alive && setState({ status: 'ready', value }),
      (err: unknown) => {
        console.warn(FAILURE[key], err);
        if (alive) setState({ status: 'error' });
      },
    );
    return () => {
      alive = false;
    };
  }, [key, fetchNow, attempt]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, reload };
}
