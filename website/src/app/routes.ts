import { lazy } from 'react';
import { paths } from '../config/paths';
import { lazyRoute } from './lazy-route';

/** Public pages: one chunk each, preloaded for the first paint. */
export const PUBLIC_ROUTES = [
  { path: paths.home, route: lazyRoute(() => import('./routes/home')) },
  { path: paths.plans, route: lazyRoute(() => import('./routes/planes')) },
  { path: paths.gallery, route: lazyRoute(() => import('./routes/galeria')) },
  { path: paths.contact, route: lazyRoute(() => import('./routes/contacto')) },
  { path: paths.upload, route: lazyRoute(() => import('./routes/imagenes')) },
  { path: paths.privacy, route: lazyRoute(() => import('./routes/privacidad')) },
] as const;

/** Admin screens: plain lazy(), never preloaded, so visitors never download their code. */
export const LoginPage = lazy(() => import('./routes/login'));
export const AdminPage = lazy(() => import('./routes/admin'));

/** Loads the chunk of the public page at `pathname`, if it is one. */
export async function preloadRoute(pathname: string): Promise<void> {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const match = PUBLIC_ROUTES.find((r) => r.path === clean);
  if (match) await match.route.preload();
}
