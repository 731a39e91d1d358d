/** Every route of the website, in one table. */
export const paths = {
  home: '/',
  plans: '/planes',
  gallery: '/galeria',
  contact: '/contacto',
  upload: '/imagenes',
  privacy: '/privacidad',
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
] as const;

/** Routes that get a bare, noindex shell at build time: their code loads only when visited. */
export const SHELL_PATHS = [paths.login, paths.admin] as const;
