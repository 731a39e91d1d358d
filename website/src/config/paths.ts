import type { Lang } from '@cabana/shared/domain/i18n/lang';
import { GUEST_BOOKING_PATHS, REVIEW_PATHS } from '@cabana/shared/domain/pages/guest-paths';

/** Every route of the Spanish website (the original), in one table. */
export const paths = {
  home: '/',
  plans: '/planes',
  gallery: '/galeria',
  contact: '/contacto',
  upload: '/imagenes',
  privacy: '/privacidad',
  terms: '/condiciones',
  reviews: '/opiniones',
  /** A guest's private booking page: `/reserva/<code>?t=<token>` (never listed, never indexed). */
  booking: GUEST_BOOKING_PATHS.es,
  login: '/login',
  admin: '/admin',
} as const;

/** The same page in the other language (a guest's page keeps its code), or null for a path that has none. */
export function otherLanguagePath(pathname: string): string | null {
  const page = pageOf(pathname);
  if (page) return PAGE_PATHS[page.lang === 'es' ? 'en' : 'es'][page.key];
  const guest = guestBookingOf(pathname);
  return guest && `${GUEST_BOOKING_PATHS[guest.lang === 'es' ? 'en' : 'es']}/${guest.code}`;
}

/** The public pages, each in both languages. */
export type PageKey = 'home' | 'plans' | 'gallery' | 'contact' | 'upload' | 'privacy' | 'terms' | 'reviews';

/**
 * Each public page's address per language. English pages live under `/en/` with English slugs:
 * what English readers expect to read and search for (docs/decisions/028-english-site.md).
 */
export const PAGE_PATHS: Record<Lang, Record<PageKey, string>> = {
  es: {
    home: paths.home,
    plans: paths.plans,
    gallery: paths.gallery,
    contact: paths.contact,
    upload: paths.upload,
    privacy: paths.privacy,
    terms: paths.terms,
    reviews: paths.reviews,
  },
  en: {
    home: '/en',
    plans: '/en/plans',
    gallery: '/en/gallery',
    contact: '/en/contact',
    upload: '/en/photos',
    privacy: '/en/privacy',
    terms: '/en/terms',
    reviews: '/en/reviews',
  },
};

export const PAGE_KEYS: readonly PageKey[] = [
  'home',
  'plans',
  'gallery',
  'contact',
  'upload',
  'privacy',
  'terms',
  'reviews',
];

/** Public, indexable pages the server renders from the live data (and lists in the sitemap): Spanish, then English. */
export const PUBLIC_PATHS: readonly string[] = /* @__PURE__ */ (['es', 'en'] as const).flatMap((lang) =>
  PAGE_KEYS.map((k) => PAGE_PATHS[lang][k]),
);

/**
 * A guest's private page: its code and language out of its path, or null for any other path;
 * `payment` (`/pago`, `/payment`) when it is where Wompi sends the guest back after paying online,
 * `/reserva/<code>/pago` (`/en/booking/<code>/payment`). Every page loads this: it is kept short.
 */
export function guestBookingOf(pathname: string): { code: string; lang: Lang; payment?: string } | null {
  // Lazy, so that `<prefix>/<code>/pago` is not read as the code `pago` (no code is a word).
  const m = /^(.+?)\/([A-Za-z0-9]{1,16})(\/pago|\/payment)?$/.exec(cleanPath(pathname));
  const lang = (['es', 'en'] as const).find((l) => m?.[1] === GUEST_BOOKING_PATHS[l]);
  return m && lang ? { code: m[2]!, lang, payment: m[3] } : null;
}

/** A guest's review page (`/opinar/<code>`, `/en/review/<code>`, issue 35): its code and language, or null. */
export function reviewPageOf(pathname: string): { code: string; lang: Lang } | null {
  const m = /^(.+?)\/([A-Za-z0-9]{1,16})$/.exec(cleanPath(pathname));
  const lang = (['es', 'en'] as const).find((l) => m?.[1] === REVIEW_PATHS[l]);
  return m && lang ? { code: m[2]!, lang } : null;
}

/** A guest's private booking page: the code out of its path, or null for any other path. */
export const guestBookingCode = (pathname: string): string | null => guestBookingOf(pathname)?.code ?? null;

/** The key the 404 page is rendered and preloaded under (any unknown path gets that page). */
export const NOT_FOUND_PATH = '/pagina-no-encontrada';

/** The key of the English 404 page, which every unknown path under `/en/` gets (same chunk). */
const EN_NOT_FOUND_PATH = '/en/page-not-found';

/** The 404 page a path that is no page gets: English under `/en/`, Spanish everywhere else. */
export const notFoundPathFor = (pathname: string): string =>
  langOfPath(pathname) === 'en' ? EN_NOT_FOUND_PATH : NOT_FOUND_PATH;

/** `/planes/` and `/planes` are the same page. */
export const cleanPath = (pathname: string): string => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The language of a path: English under `/en`, Spanish everywhere else (the 404 page too). */
export const langOfPath = (pathname: string): Lang => (/^\/en(\/|$)/.test(pathname) ? 'en' : 'es');

/** Which public page a path is, in which language; null for any other path. */
export function pageOf(pathname: string): { key: PageKey; lang: Lang } | null {
  const clean = cleanPath(pathname);
  const lang = langOfPath(clean);
  const key = PAGE_KEYS.find((k) => PAGE_PATHS[lang][k] === clean);
  return key ? { key, lang } : null;
}

/** The admin panel (`/admin` and its sections): an app with its own header, outside the site's frame. */
export const isPanelPath = (pathname: string): boolean => /^\/admin(\/|$)/.test(pathname);

/** The owner's app (`/login`, `/admin` and its sections): routed in the browser, never rendered by the server. */
export const isOwnerPath = (pathname: string): boolean => /^\/(login|admin)(\/|$)/.test(pathname);
