import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import type { PageData, ReviewPageState } from '@cabana/shared/domain/pages/page-data';
import type { PublicReviews } from '@cabana/shared/domain/schemas/review';
import type { GuestBooking } from '@cabana/shared/domain/schemas/booking';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { DEFAULT_SETTINGS, type PageSettings } from '@cabana/shared/domain/config/settings';
import type { Lang } from '@cabana/shared/domain/i18n/lang';
import type { Catalogue } from '../i18n/i18n';

/**
 * The live data a page shows (price, photos). The server renders each page with it and the page
 * carries the same part of it in a JSON data island, so hydration uses exactly what the server
 * used and nothing is fetched on load. Every public page is a document of its own (no client-side
 * navigation), so what the page carries is always as fresh as the page. Only a page without an
 * island (the Vite dev server) fetches its part from the API.
 */
export type PagePart = Partial<PageData> & {
  /** The page's language and the groups of its catalogue it shows (i18n/messages.ts). */
  lang?: Lang;
  messages?: Partial<Catalogue>;
};

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

/**
 * The owner's current settings, as the server rendered this page with them. Pages without a data
 * island (the /login and /admin shells, the dev server) fall back to the fresh-install values.
 */
export function useSettings(): PageSettings {
  return useContext(PageDataContext).settings ?? DEFAULT_SETTINGS;
}

/** The owner's cancellation policy in words, as the server rendered the page (absent without an island). */
export function useCancellationPolicy(): PageData['cancellationPolicy'] | undefined {
  return useContext(PageDataContext).cancellationPolicy;
}

/** Whether guests can pay online (Wompi configured), as the server rendered the page. */
export const useOnlinePayment = (): boolean => useContext(PageDataContext).onlinePayment === true;

/** People of the completed stays on record (the home page's figure); 0 without data. */
export const useGuestsHosted = (): number => useContext(PageDataContext).guestsHosted ?? 0;

/** The SMTP server's host the site's e-mails go through, as the server rendered the page; null when none. */
export const useMailHost = (): string | null => useContext(PageDataContext).mailHost ?? null;

/** Whether the site's build sends forms with EmailJS, as the renderer put it in the page (/privacidad names it). */
export const useEmailjsEnabled = (): boolean => useContext(PageDataContext).emailjs === true;

/** The booking a guest's private page shows; null for a wrong link. */
export function useGuestBooking(): GuestBooking | null {
  return useContext(PageDataContext).guestBooking ?? null;
}

/** The guests' published reviews, as the server rendered the page (none without them). */
export function useReviews(): PublicReviews {
  return useContext(PageDataContext).reviews ?? { average: null, count: 0, reviews: [] };
}

/** A review page's state (issue 35); null outside one. */
export function useReviewPage(): ReviewPageState | null {
  return useContext(PageDataContext).reviewPage ?? null;
}

/** The retention /privacidad states: the server's, as it rendered the page; the built-in one elsewhere. */
export function useEnquiryRetentionMonths(): number {
  return useContext(PageDataContext).enquiryRetentionMonths ?? BUSINESS.enquiryRetentionMonths;
}

/** Days after which unapproved photos are deleted, as the server rendered the page; the built-in value elsewhere. */
export function usePendingPhotoRetentionDays(): number {
  return useContext(PageDataContext).pendingPhotoRetentionDays ?? BUSINESS.pendingPhotoRetentionDays;
}

/** The parts a page may fetch from the API when it carries none (the dev server). */
type FetchablePart = Exclude<
  keyof PageData,
  'enquiryRetentionMonths' | 'pendingPhotoRetentionDays' | 'cancellationPolicy' | 'guestBooking'
>;

export type DataState<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error' };

/** Fetches one part through the shared API client, loaded only now: first visits never need it. */
async function fetchPart<K extends FetchablePart>(key: K): Promise<PageData[K]> {
  const { api } = await import('./api');
  return (
    key === 'price'
      ? api.getPrice().then((p) => p.precio)
      : key === 'images'
        ? api.listImages()
        : key === 'seasons'
          ? api.getSeasons()
          : key === 'settings'
            ? api.getSettings()
            : api.getAvailability()
  ) as Promise<PageData[K]>;
}

/**
 * One part of the page's data: ready at once on the page the server rendered, fetched when the
 * page carries none. `reload` tries again after a failure.
 */
export function usePageData<K extends FetchablePart>(key: K): DataState<PageData[K]> & { reload: () => void } {
  const carried = (useContext(PageDataContext) as Partial<PageData>)[key];
  const [state, setState] = useState<DataState<PageData[K]>>(() =>
    carried !== undefined ? { status: 'ready', value: carried } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  // Only the Vite dev server's pages carry no data: the production build leaves the fetching out.
  const fetchNow = import.meta.env.DEV && state.status === 'loading';

  useEffect(() => {
    if (!fetchNow) return;
    let alive = true;
    fetchPart(key).then(
      (value) => alive && setState({ status: 'ready', value }),
      (err: unknown) => {
        // A warning: failing to load is expected offline, and console errors mean bugs.
        console.warn(`No se pudo cargar ${key}:`, err);
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
