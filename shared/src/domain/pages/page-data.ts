import type { Availability } from '../schemas/availability';
import type { GuestBooking } from '../schemas/booking';
import type { PublicReviews, ReviewInvite } from '../schemas/review';
import type { Image } from '../schemas/image';
import type { Seasons } from '../schemas/season';
import type { PublicSettings } from '../schemas/settings';

/**
 * The live data a public page is rendered from: the server builds it from the store for every
 * data version, the website's server entry renders it into HTML, and the page carries it in a
 * JSON data island so the client hydrates without fetching it again.
 */
export interface PageData {
  /** Base price per person per night, whole COP. */
  price: number;
  /** Published photos in the owner's order; the first one is the cover. */
  images: Image[];
  /** Blocked nights from the cabin's today to about a year ahead (today moves the window). */
  availability: Availability;
  /** Base price and minimum stay, and the seasons that have not ended by the window's start. */
  seasons: Seasons;
  /** The owner's business facts (phone, WhatsApp, hours, rate...): every page shows some of them; never how guests pay. */
  settings: PublicSettings;
  /**
   * Months after which enquiries are deleted (`ENQUIRY_RETENTION_MONTHS`): /privacidad states
   * what the server does, not what the site was built with.
   */
  enquiryRetentionMonths: number;
  /** Days after which photos still waiting for approval are deleted (`PENDING_PHOTO_RETENTION_DAYS`), likewise. */
  pendingPhotoRetentionDays: number;
  /** The owner's cancellation policy in words (`/planes` shows it before sending, `/condiciones` states it). */
  cancellationPolicy: { name: string; rules: readonly string[] };
  /** Whether guests can pay online (Wompi configured): /planes says so before sending, /privacidad names Wompi. */
  onlinePayment?: boolean;
  /** People of the completed stays on record: the home page's figure (nothing shown while 0). */
  guestsHosted?: number;
  /** The host of the SMTP server the site's e-mails go through, or null when none is set: /privacidad names it. */
  mailHost?: string | null;
  /**
   * Whether the website's build sends forms with EmailJS: a fact of the build, not of the server,
   * so the website's renderer fills it in (app/page-parts.ts) for /privacidad to name EmailJS.
   */
  emailjs?: boolean;
  /**
   * Only for a guest's private page (`/reserva/<code>?t=`): the booking as the guest sees it, or
   * null when the code or the token is wrong (the page then says so, with status 404).
   */
  guestBooking?: GuestBooking | null;
  /** The guests' published reviews (issue 35): /opiniones lists them, the home page shows its figure and a few. */
  reviews?: PublicReviews;
  /** Only for a review page (`/opinar/<code>?t=`): what the link opens and the form's outcome. */
  reviewPage?: ReviewPageState;
}

/**
 * The review page's state, rendered by the server for each request: the page is a plain form
 * (POST to its own address) that works without JavaScript; the server answers it with this.
 */
export interface ReviewPageState {
  /** What the link opens; null when the code or the secret is wrong (404) or the link is closed (409). */
  invite: ReviewInvite | null;
  /** The link's secret, sent back in the form. */
  token: string;
  /** Why the link takes no review (already reviewed, stay not complete, expired), in Spanish. */
  closed?: string;
  /** The review was stored. */
  sent?: boolean;
  /** The form's refusal: the message and each field's. */
  error?: string;
  fields?: Record<string, string>;
  /** What the guest sent, to fill the form again after a refusal. */
  values?: Record<string, string>;
}

/** A whole HTML document for one URL; 404 for paths that are no page (the site's own 404 page). */
export interface RenderedPage {
  status: 200 | 404;
  html: string;
  /** CSP hashes (`'sha256-…'`) of the scripts written into this page (the entry): its policy allows them. */
  scriptHashes?: readonly string[];
}

/**
 * What the website's server build (`website/dist-server/render.js`) exports and the server loads
 * at run time: the server never imports website source.
 */
export interface PageRenderer {
  /** The public pages the server renders; anything else is a static file or the 404 page. */
  publicPaths: readonly string[];
  /** A path that is no page: rendering it gives the 404 page (which is the same for every such path). */
  notFoundPath: string;
  /** The 404 page's path for a path that is no page (the English one under `/en/`); `notFoundPath` without it. */
  notFoundPathFor?: (pathname: string) => string;
  renderPage(url: string, data: PageData): Promise<RenderedPage>;
  /** Whether a path is a guest's private booking page: rendered for each request, never cached. */
  isGuestBookingPath?: (pathname: string) => string | null;
  /** Whether a path is a guest's review page (`/opinar/<code>`, `/en/review/<code>`): its code, or null. */
  isReviewPath?: (pathname: string) => string | null;
}
