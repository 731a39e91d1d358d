/** Every route of the website, in one table. */
export const paths = {
  home: '/',
  plans: '/planes',
  gallery: '/galeria',
  contact: '/contacto',
  upload: '/imagenes',
  privacy: '/privacidad',
  terms: '/condiciones',
  /** A guest's private booking page: `/reserva/<code>?t=<token>` (never listed, never indexed). */
  booking: '/reserva',
  login: '/login',
  admin: '/admin',
} as const;

/** Public, indexable pages the server renders from the live data (and lists in the sitemap). */
export const PUBLIC_PATHS = [
  paths.home,
  paths.plans,
  paths.gallery,
  paths.contact,
  paths.upload,
  paths.privacy,
  paths.terms,
] as const;

/** A guest's private booking page: the code out of its path, or null for any other path. */
export const guestBookingCode = (pathname: string): string | null =>
  /^\/reserva\/([A-Za-z0-9]{1,16})$/.exec(cleanPath(pathname))?.[1] ?? null;

/** The key the 404 page is rendered and preloaded under (any unknown path gets that page). */
export const NOT_FOUND_PATH = '/pagina-no-encontrada';

/** Routes that get a bare, noindex shell at build time: their code loads only when visited. */
export const SHELL_PATHS = [paths.login, paths.admin] as const;

/** `/planes/` and `/planes` are the same page. */
export const cleanPath = (pathname: string): string => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The owner's app (`/login`, `/admin` and its sections): routed in the browser, never rendered by the server. */
/** The admin panel (`/admin` and its sections): an app with its own header, outside the site's frame. */
export const isPanelPath = (pathname: string): boolean => /^\/admin(\/|$)/.test(pathname);

export const isOwnerPath = (pathname: string): boolean => /^\/(login|admin)(\/|$)/.test(pathname);
