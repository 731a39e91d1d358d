import { z } from 'zod';
import { BookingLangSchema, GUEST_TOKEN_PATTERN } from './booking';
import { cleanName, cleanText } from './text';

/**
 * Verified guest reviews (issue 35): one per completed stay, written from a private link the
 * invitation e-mail carries, published on /opiniones and /en/reviews. Moderation is flag-only:
 * the owner replies once and may hide a review for a reason from a fixed list; never edits it.
 */

export const REVIEW_TEXT_MIN = 40;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_NAME_MAX = 60;
export const REVIEW_REPLY_MAX = 2000;
export { REVIEW_INVITE_DAYS, REVIEW_LINK_DAYS, REVIEW_REMINDER_DAYS } from '../bookings/lifecycle';

/** The optional ratings besides the overall one. */
export const REVIEW_ASPECTS = ['cleanliness', 'location', 'value', 'host'] as const;
export type ReviewAspect = (typeof REVIEW_ASPECTS)[number];

/** Why the owner may hide a review: nothing else. */
export const HIDE_REASONS = ['ofensiva', 'datos-personales', 'no-es-estadia'] as const;
export const HideReasonSchema = z.enum(HIDE_REASONS, {
  error: 'Elige un motivo de la lista: ofensiva, datos personales o no trata de la estadía.',
});
export type HideReason = z.infer<typeof HideReasonSchema>;
export const HIDE_REASON_LABELS: Record<HideReason, string> = {
  ofensiva: 'Ofensiva',
  'datos-personales': 'Contiene datos personales',
  'no-es-estadia': 'No trata de la estadía',
};

const RATING_ERROR = 'Las calificaciones van de 1 a 5 estrellas.';
const rating = () =>
  z.coerce.number({ error: RATING_ERROR }).int({ error: RATING_ERROR }).min(1, RATING_ERROR).max(5, RATING_ERROR);

const ReviewRatingsSchema = z.object({
  cleanliness: rating().optional(),
  location: rating().optional(),
  value: rating().optional(),
  host: rating().optional(),
});

/** The reply the owner wrote under a review (public). */
const ReplySchema = z.object({ text: z.string(), at: z.string() });

/** A review as stored and as the owner sees it. */
export const ReviewSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  /** The booking's code, for the owner's panel (the booking itself may be forgotten by retention). */
  code: z.string(),
  /** The language the guest wrote in (the booking's): the public page marks the text with it. */
  lang: BookingLangSchema,
  createdAt: z.string(),
  rating: z.number().int().min(1).max(5),
  ratings: ReviewRatingsSchema,
  text: z.string(),
  /** The name shown with it, as the guest chose it. */
  name: z.string(),
  /** YYYY-MM of the check-in, and the party size: what the public page says of the stay. */
  stayMonth: z.string(),
  people: z.number().int(),
  reply: ReplySchema.optional(),
  hidden: z.object({ reason: HideReasonSchema, at: z.string() }).optional(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** A review on the public pages: nothing of the booking but the month and the party size. */
export const PublicReviewSchema = ReviewSchema.pick({
  id: true,
  lang: true,
  createdAt: true,
  rating: true,
  ratings: true,
  text: true,
  name: true,
  stayMonth: true,
  people: true,
  reply: true,
});
export type PublicReview = z.infer<typeof PublicReviewSchema>;

/** The published reviews, newest first, with their average (one decimal) and count; average null when none. */
export const PublicReviewsSchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  reviews: z.array(PublicReviewSchema),
});
export type PublicReviews = z.infer<typeof PublicReviewsSchema>;

const BAD_REVIEW_LINK = 'El enlace para opinar no es válido. Ábrelo de nuevo desde el correo.';
/** The review link's secret. */
export const ReviewTokenInputSchema = z.strictObject({
  t: z.string({ error: BAD_REVIEW_LINK }).regex(GUEST_TOKEN_PATTERN, BAD_REVIEW_LINK),
});

/** What the review page shows to the holder of the link: no more of the stay than the review will. */
export const ReviewInviteSchema = z.object({
  lang: BookingLangSchema,
  stayMonth: z.string(),
  people: z.number().int(),
  /** The name shown by default: first name and initial. */
  defaultName: z.string(),
});
export type ReviewInvite = z.infer<typeof ReviewInviteSchema>;

const TEXT_SHORT = `Cuéntanos un poco más: la opinión debe tener al menos ${REVIEW_TEXT_MIN} caracteres.`;
const TEXT_LONG = `La opinión puede tener hasta ${REVIEW_TEXT_MAX.toLocaleString('es-CO')} caracteres.`;

/** The guest's review (JSON or the page's form): the link's secret, the ratings, the text and the name. */
export const ReviewInputSchema = ReviewTokenInputSchema.extend({
  rating: rating(),
  ...ReviewRatingsSchema.shape,
  text: z
    .string({ error: 'Escribe tu opinión.' })
    .transform((s) => cleanText(s).trim())
    .pipe(z.string().min(REVIEW_TEXT_MIN, TEXT_SHORT).max(REVIEW_TEXT_MAX, TEXT_LONG)),
  /** Empty: the default (first name and initial). */
  name: z
    .string()
    .max(REVIEW_NAME_MAX * 2, `El nombre puede tener hasta ${REVIEW_NAME_MAX} caracteres.`)
    .transform((s) => cleanName(s).trim())
    .pipe(z.string().max(REVIEW_NAME_MAX, `El nombre puede tener hasta ${REVIEW_NAME_MAX} caracteres.`))
    .optional(),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

export const ReviewIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const ReplyReviewInputSchema = z.strictObject({
  text: z
    .string({ error: 'Escribe la respuesta.' })
    .transform((s) => cleanText(s).trim())
    .pipe(
      z
        .string()
        .min(1, 'Escribe la respuesta.')
        .max(REVIEW_REPLY_MAX, `La respuesta puede tener hasta ${REVIEW_REPLY_MAX} caracteres.`),
    ),
});

export const HideReviewInputSchema = z.strictObject({ reason: HideReasonSchema });

/** An invitation to review as the owner's panel lists it. */
export const ReviewInvitationSchema = z.object({
  bookingId: z.string(),
  code: z.string(),
  name: z.string(),
  checkOut: z.string(),
  invitedAt: z.string(),
  remindedAt: z.string().optional(),
  reviewed: z.boolean(),
});

/** The owner's "Opiniones": every review (hidden ones too, with their reason) and the invitations sent. */
export const OwnerReviewsSchema = z.object({
  reviews: z.array(ReviewSchema),
  invitations: z.array(ReviewInvitationSchema),
});
export type OwnerReviews = z.infer<typeof OwnerReviewsSchema>;

/** "Ana María Pérez" → "Ana P."; a single name stays as it is. */
export function defaultReviewName(fullName: string): string {
  // Letters only: what a name field may carry besides them (markup, digits) is no part of it.
  const words = cleanName(fullName)
    .split(/\s+/)
    .map((w) => w.replace(/<[^>]*>/g, '').replace(/[^\p{L}'-]/gu, ''))
    .filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!;
  const initial = words.length > 1 ? /\p{L}/u.exec(words[words.length - 1]!)?.[0] : undefined;
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** The average of the overall ratings, one decimal; null when there are none. */
export function reviewAverage(reviews: readonly Pick<Review, 'rating'>[]): number | null {
  if (reviews.length === 0) return null;
  return Math.round((reviews.reduce((s, r) => s + r.rating, 0) / reviews.length) * 10) / 10;
}
