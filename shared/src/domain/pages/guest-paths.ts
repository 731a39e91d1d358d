import type { Lang } from '../i18n/lang';

/**
 * A guest's private booking page per language (`<prefix>/<code>?t=<token>`): never listed, never
 * indexed. The booking's language decides which one the e-mails link to (server) and the form
 * shows (website).
 */
export const GUEST_BOOKING_PATHS: Readonly<Record<Lang, string>> = { es: '/reserva', en: '/en/booking' };

/**
 * A guest's review page per language (`<prefix>/<code>?t=<token>`, issue 35): the invitation
 * e-mail's private link, never listed, never indexed.
 */
export const REVIEW_PATHS: Readonly<Record<Lang, string>> = { es: '/opinar', en: '/en/review' };
