import type { ComponentType } from 'react';
import type { PageData } from '@cabana/shared/pages/page-data';
import { cleanPath, guestBookingCode, paths } from '../config/paths';
import { FEATURED_PHOTOS } from '../features/gallery/featured';
import type { PagePart } from '../lib/page-data';

type PageModule = { default: ComponentType };

interface PublicRoute {
  path: string;
  /** The page's own chunk: the only page code a visit downloads. */
  load: () => Promise<PageModule>;
  /** The part of the live data the page shows: what its HTML is rendered from and carries. */
  data?: (all: PageData) => PagePart;
  /** 404 when the page has nothing to show (a guest's page with a wrong link). */
  found?: (all: PageData) => boolean;
}

/** Public pages: each a document of its own, rendered by the server and hydrated alone. */
const PUBLIC_ROUTES: readonly PublicRoute[] = [
  {
    path: paths.home,
    load: () => import('./routes/home'),
    data: ({ images }) => ({ images: images.slice(0, FEATURED_PHOTOS) }),
  },
  {
    path: paths.plans,
    load: () => import('./routes/planes'),
    data: ({ price, availability, seasons, cancellationPolicy }) => ({
      price,
      availability,
      seasons,
      cancellationPolicy,
    }),
  },
  { path: paths.gallery, load: () => import('./routes/galeria'), data: ({ images }) => ({ images }) },
  { path: paths.contact, load: () => import('./routes/contacto') },
  { path: paths.upload, load: () => import('./routes/imagenes') },
  {
    path: paths.privacy,
    load: () => import('./routes/privacidad'),
    data: ({ enquiryRetentionMonths, pendingPhotoRetentionDays }) => ({
      enquiryRetentionMonths,
      pendingPhotoRetentionDays,
    }),
  },
  {
    path: paths.terms,
    load: () => import('./routes/condiciones'),
    data: ({ cancellationPolicy }) => ({ cancellationPolicy }),
  },
];

/** A guest's private page: one route for every `/reserva/<code>`, its own chunk. */
const GUEST_BOOKING_ROUTE: PublicRoute = {
  path: paths.booking,
  load: () => import('./routes/reserva'),
  data: ({ guestBooking, cancellationPolicy }) => ({ guestBooking: guestBooking ?? null, cancellationPolicy }),
  found: ({ guestBooking }) => Boolean(guestBooking),
};

export const publicRoute = (pathname: string): PublicRoute | undefined =>
  guestBookingCode(pathname) ? GUEST_BOOKING_ROUTE : PUBLIC_ROUTES.find((r) => r.path === cleanPath(pathname));

/** The component of the page at `pathname`: a public page, or the 404 page for any other path. */
export async function loadPage(pathname: string): Promise<ComponentType> {
  const route = publicRoute(pathname);
  return (await (route ? route.load() : import('./routes/not-found'))).default;
}
