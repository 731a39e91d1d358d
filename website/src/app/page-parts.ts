import type { PageData } from '@cabana/shared/pages/page-data';
import type { PageKey } from '../config/paths';
import { FEATURED_PHOTOS } from '../features/gallery/featured';
import type { MessageGroup } from '../i18n/i18n';
import type { PagePart } from '../lib/page-data';

/** What the server renders a public page from (server build only: the browser reads the page's island). */
interface PageParts {
  /** The part of the live data the page shows: what its HTML is rendered from and carries. */
  data?: (all: PageData) => PagePart;
  /** The message groups the page shows besides `common`: all it carries of its language's catalogue. */
  messages: readonly MessageGroup[];
}

export const PAGE_PARTS: Record<PageKey, PageParts> = {
  home: { data: ({ images }) => ({ images: images.slice(0, FEATURED_PHOTOS) }), messages: ['home'] },
  plans: {
    data: ({ price, availability, seasons }) => ({ price, availability, seasons }),
    messages: ['plans', 'form'],
  },
  gallery: { data: ({ images }) => ({ images }), messages: ['gallery'] },
  contact: { messages: ['contact', 'form'] },
  upload: { messages: ['upload', 'form'] },
  privacy: {
    data: ({ enquiryRetentionMonths, pendingPhotoRetentionDays }) => ({
      enquiryRetentionMonths,
      pendingPhotoRetentionDays,
    }),
    messages: [],
  },
};

/** The 404 page's message groups. */
export const NOT_FOUND_MESSAGES: readonly MessageGroup[] = ['notFound'];
