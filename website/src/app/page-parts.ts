import type { PageData } from '@cabana/shared/domain/pages/page-data';
import type { Lang } from '@cabana/shared/domain/i18n/lang';
import { policyWords } from '@cabana/shared/domain/pricing/policy-words';
import type { PageKey } from '../config/paths';
import { FEATURED_PHOTOS } from '../features/gallery/featured';
import { HOME_REVIEWS } from '../features/reviews/home-reviews';
import type { MessageGroup } from '../i18n/i18n';
import type { PagePart } from '../lib/page-data';
import { env } from '../config/env';

/** What the server renders a public page from (server build only: the browser reads the page's island). */
interface PageParts {
  /** The part of the live data the page shows, in the page's language: what its HTML is rendered from and carries. */
  data?: (all: PageData, lang: Lang) => PagePart;
  /** The message groups the page shows besides `common`: all it carries of its language's catalogue. */
  messages: readonly MessageGroup[];
  /** Groups only the server's markup around the islands shows: rendered, never carried. */
  serverMessages?: readonly MessageGroup[];
  /** The stylesheets of its own it carries besides the site's (`styles/pages/<name>.css`). */
  styles?: readonly PageStyle[];
}

/**
 * The parts of the site's styles only some pages use, each in `styles/pages/`: a page carries the
 * site's stylesheet and its own (entry-server.tsx), so that /galeria, for one, does not carry the
 * calendar's rules (issue 31: the HTML's bytes hold back every page's first paint on slow data).
 */
export type PageStyle = 'home' | 'plans' | 'checkin' | 'upload' | 'reviews';

/** The owner's cancellation policy in the page's language. */
const policy = (all: PageData, lang: Lang) => policyWords(all.settings.cancellationPolicy, lang);

export const PAGE_PARTS: Record<PageKey, PageParts> = {
  home: {
    data: ({ images, reviews, guestsHosted }) => ({
      images: images.slice(0, FEATURED_PHOTOS),
      reviews: homeReviews(reviews),
      guestsHosted: guestsHosted ?? 0,
    }),
    messages: ['home', 'reviews'],
    styles: ['home', 'reviews'],
  },
  plans: {
    data: (all, lang) => ({
      price: all.price,
      availability: all.availability,
      seasons: all.seasons,
      cancellationPolicy: policy(all, lang),
      onlinePayment: all.onlinePayment === true,
    }),
    messages: ['plans', 'form', 'booking', 'errors'],
    styles: ['plans'],
  },
  gallery: { data: ({ images }) => ({ images }), messages: ['gallery'] },
  contact: { messages: ['contact', 'form', 'errors'] },
  upload: { messages: ['upload', 'form', 'errors'], styles: ['upload'] },
  privacy: {
    data: ({ enquiryRetentionMonths, pendingPhotoRetentionDays, onlinePayment, mailHost }) => ({
      enquiryRetentionMonths,
      pendingPhotoRetentionDays,
      onlinePayment: onlinePayment === true,
      mailHost: mailHost ?? null,
      // A fact of this build (config/env.ts), not of the server's data.
      emailjs: env.emailEnabled,
    }),
    messages: ['privacy'],
  },
  terms: { data: (all, lang) => ({ cancellationPolicy: policy(all, lang) }), messages: ['booking', 'terms'] },
  reviews: { data: ({ reviews }) => ({ reviews }), messages: ['reviews'], styles: ['reviews'] },
};

/** A guest's review page (`/opinar/<code>?t=`): the link's state and the form's outcome, rendered per request. */
export const REVIEW_PAGE_PARTS: PageParts = {
  data: (all) => ({ reviewPage: all.reviewPage }),
  messages: ['reviews'],
  styles: ['reviews'],
};

/** The home page's part of the reviews: the figure and the newest few. */
const homeReviews = (reviews: PageData['reviews']) =>
  reviews && { ...reviews, reviews: reviews.reviews.slice(0, HOME_REVIEWS) };

/** A guest's private page (`/reserva/<code>`, `/en/booking/<code>`): the booking the link opens, or null. */
export const GUEST_BOOKING_PARTS: PageParts = {
  data: (all, lang) => ({ guestBooking: all.guestBooking ?? null, cancellationPolicy: policy(all, lang) }),
  messages: ['booking', 'guest', 'payment', 'errors'],
  // A confirmed stay's itinerary (issue 32) is server markup beside the island.
  serverMessages: ['itinerary'],
  styles: ['checkin'],
};

/** Where Wompi sends the guest back (`/reserva/<code>/pago`): the same booking, its own few messages. */
export const GUEST_PAYMENT_PARTS: PageParts = {
  data: (all) => ({ guestBooking: all.guestBooking ?? null }),
  messages: ['guest', 'payment'],
};

/** The 404 page's message groups. */
export const NOT_FOUND_MESSAGES: readonly MessageGroup[] = ['notFound'];
