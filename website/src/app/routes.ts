import { lazy } from 'react';
import type { PageData } from '@cabana/shared/pages/page-data';
import { paths } from '../config/paths';
import { FEATURED_PHOTOS } from '../features/gallery/featured';
import { cleanPath } from '../lib/router';
import type { PagePart } from '../lib/page-data';
import { lazyRoute } from './lazy-route';

interface PublicRoute {
  path: string;
  route: ReturnType<typeof lazyRoute>;
  /** The part of the live data the page shows: what its HTML is rendered from and carries. */
  data?: (all: PageData) => PagePart;
}

/** Public pages: one chunk each, preloaded for the first paint. */
const PUBLIC_ROUTES: readonly PublicRoute[] = [
  {
    path: paths.home,
    route: lazyRoute(() => import('./routes/home')),
    data: ({ images }) => ({ images: images.slice(0, FEATURED_PHOTOS) }),
  },
  { path: paths.plans, route: lazyRoute(() => import('./routes/planes')), data: ({ price }) => ({ price }) },
  { path: paths.gallery, route: lazyRoute(() => import('./routes/galeria')), data: ({ images }) => ({ images }) },
  { path: paths.contact, route: lazyRoute(() => import('./routes/contacto')) },
  { path: paths.upload, route: lazyRoute(() => import('./routes/imagenes')) },
  { path: paths.privacy, route: lazyRoute(() => import('./routes/privacidad')) },
];

/** Admin screens: plain lazy(), never preloaded, so visitors never download their code. */
export const LoginPage = lazy(() => import('./routes/login'));
export const AdminPage = lazy(() => import('./routes/admin'));

export const publicRoute = (pathname: string): PublicRoute | undefined =>
  PUBLIC_ROUTES.find((r) => r.path === cleanPath(pathname));

/** Loads the chunk of the public page at `pathname`, if it is one. */
export async function preloadRoute(pathname: string): Promise<void> {
  await publicRoute(pathname)?.route.preload();
}
