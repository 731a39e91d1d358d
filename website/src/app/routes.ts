import { createElement, type ComponentType } from 'react';
import { guestBookingOf, pageOf, reviewPageOf, type PageKey } from '../config/paths';
import { Island } from '../islands/island';
import type { IslandName } from '../islands/registry';
import type { MessageGroup } from '../i18n/i18n';
import { GUEST_BOOKING_PARTS, GUEST_PAYMENT_PARTS } from './page-parts';

type PageModule = { default: ComponentType };

/**
 * Public pages: each a document of its own, rendered by the server and hydrated alone. Each
 * page's own chunk is the only page code a visit downloads, the same in both languages. What the
 * server renders them from is in page-parts.ts, which the browser never loads.
 */
const PAGE_LOADERS: Record<PageKey, () => Promise<PageModule>> = {
  home: () => import('./routes/home'),
  plans: () => import('./routes/planes'),
  gallery: () => import('./routes/galeria'),
  contact: () => import('./routes/contacto'),
  upload: () => import('./routes/imagenes'),
  privacy: () => import('./routes/privacidad'),
  terms: () => import('./routes/condiciones'),
  reviews: () => import('./routes/opiniones'),
};

/** A guest's page is one island as a whole: its parts all follow the booking's state as the guest acts. */
const wholeIsland = (name: IslandName, component: ComponentType, parts: { messages: readonly MessageGroup[] }) =>
  createElement(Island, { name, component, props: {}, groups: parts.messages, data: true });

/** The component of the page at `pathname`: a public page, a guest's private page (or its payment return), or the 404 page for any other path. */
export async function loadPage(pathname: string): Promise<ComponentType> {
  const page = pageOf(pathname);
  if (page) return (await PAGE_LOADERS[page.key]()).default;
  if (reviewPageOf(pathname)) return (await import('./routes/opinar')).default;
  const guest = guestBookingOf(pathname);
  if (!guest) return (await import('./routes/not-found')).default;
  if (guest.payment) {
    const island = wholeIsland(
      'guest-payment',
      (await import('../islands/guest-payment')).default,
      GUEST_PAYMENT_PARTS,
    );
    return () => island;
  }
  const island = wholeIsland('guest-booking', (await import('../islands/guest-booking')).default, GUEST_BOOKING_PARTS);
  const { GuestBookingPage } = await import('./guest-booking-page');
  return () => createElement(GuestBookingPage, { island });
}
