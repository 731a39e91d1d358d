import type { PageData } from '@cabana/shared/domain/pages/page-data';
import type { Lang } from '@cabana/shared/domain/i18n/lang';
import { policyWords } from '@cabana/shared/domain/pricing/policy-words';
import type { PageKey } from '../config/paths';
import { FEATURED_PHOTOS } from '../features/gallery/featured';
import type { MessageGroup } from '../i18n/i18n';
import type { PagePart } from '../lib/page-data';
import { env } from '../config/env';

/** What the server renders a public page from (server build only: the browser reads the page's island). */
interface PageParts {
  /** The part of the live data the page shows, in the page's language: what its HTML is rendered from and carries. */
  data?: (all: PageData, lang: Lang) => PagePart;
  /** The message groups the page shows besides `common`: all it carries of its language's catalogue. */
  messages: readonly MessageGroup[];
}

/** The owner's cancellation policy in the page's language. */
const policy = (all: PageData, lang: Lang) => policyWords(all.settings.cancellationPolicy, lang);

export const PAGE_PARTS: Record<PageKey, PageParts> = {
  home: {
    data: ({ images, guestsHosted }) => ({ images: images.slice(0, FEATURED_PHOTOS), guestsHosted: guestsHosted ?? 0 }),
    messages: ['home'],
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
  },
  gallery: { data: ({ images }) => ({ images }), messages: ['gallery'] },
  contact: { messages: ['contact', 'form', 'errors'] },
  upload: { messages: ['upload', 'form', 'errors'] },
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
};

/** A guest's private page (`/reserva/<code>`, `/en/booking/<code>`): the booking the link opens, or null. */
export const GUEST_BOOKING_PARTS: PageParts = {
  data: (all, lang) => ({ guestBooking: all.guestBooking ?? null, cancellationPolicy: policy(all, lang) }),
  messages: ['booking', 'guest', 'payment', 'errors'],
};

/** Where Wompi sends the guest back (`/reserva/<code>/pago`): the same booking, its own few messages. */
export const GUEST_PAYMENT_PARTS: PageParts = {
  data: (all) => ({ guestBooking: all.guestBooking ?? null }),
  messages: ['guest', 'payment'],
};

/** The 404 page's message groups. */
export const NOT_FOUND_MESSAGES: readonly MessageGroup[] = ['notFound'];
