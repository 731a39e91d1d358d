import {
  defaultReviewName,
  reviewAverage,
  type HideReason,
  type OwnerReviews,
  type PublicReview,
  type PublicReviews,
  type Review,
  type ReviewInput,
  type ReviewInvite,
} from '@cabana/shared/domain/schemas/review';
import { newestFirst } from '@cabana/shared/domain/lib/newest-first';
import type { Booking } from '@cabana/shared/domain/schemas/booking';
import { conflict, notFound } from '../domain-errors';
import { sameText } from '../lib/same-text';
import { newRecordId } from '../lib/ids';
import type { BookingCore } from './booking-core';

/**
 * Verified guest reviews (issue 35): the review link's page and its answer, the published list,
 * and the owner's flag-only moderation (one public reply, hiding for a listed reason). A review
 * is stored in the same save that checks it is the stay's first: a second one is a 409.
 */

const REVIEW_LINK_NOT_FOUND = 'No encontramos esa estadía. Revisa el enlace del correo.';
const ALREADY_REVIEWED = 'Ya recibimos tu opinión sobre esta estadía. ¡Gracias!';
const REVIEW_NOT_FOUND = 'No encontramos esa opinión.';
const ALREADY_REPLIED = 'Ya respondiste esta opinión: cada opinión lleva una sola respuesta.';
const ALREADY_HIDDEN = 'Esa opinión ya está oculta.';

/** The booking of a review link: an unknown code and a wrong (or a guest page's) token answer the same 404. */
function byReviewLink(core: BookingCore, code: string, token: string): Booking {
  const upper = code.toUpperCase();
  const booking = core.deps.store.data.bookings.find((b) => b.code === upper);
  if (!booking || !sameText(token, core.reviewTokenOf(booking))) throw notFound(REVIEW_LINK_NOT_FOUND);
  return booking;
}

const reviewOf = (core: BookingCore, bookingId: string) =>
  core.deps.store.view.reviews.find((r) => r.bookingId === bookingId);

/** What the review page shows the link's holder; 409 once reviewed, or when the stay cannot be reviewed (not complete, link expired). */
export function reviewInvite(core: BookingCore, code: string, token: string): ReviewInvite {
  const booking = byReviewLink(core, code, token);
  if (reviewOf(core, booking.id)) throw conflict(ALREADY_REVIEWED);
  core.allow(booking, 'review', 'huesped');
  return {
    lang: booking.lang,
    stayMonth: booking.checkIn.slice(0, 7),
    people: booking.numPeople,
    defaultName: defaultReviewName(booking.name),
  };
}

/** Stores the guest's review: one per stay, only for a completed one within the link's days. */
export async function submitReview(
  core: BookingCore,
  code: string,
  input: Omit<ReviewInput, 't'> & { t: string },
): Promise<PublicReview> {
  const booking = byReviewLink(core, code, input.t);
  if (reviewOf(core, booking.id)) throw conflict(ALREADY_REVIEWED);
  core.allow(booking, 'review', 'huesped');
  const ratings: Review['ratings'] = {};
  for (const aspect of ['cleanliness', 'location', 'value', 'host'] as const)
    if (input[aspect] !== undefined) ratings[aspect] = input[aspect];
  const review: Review = {
    id: newRecordId(),
    bookingId: booking.id,
    code: booking.code,
    lang: booking.lang,
    createdAt: core.iso(),
    rating: input.rating,
    ratings,
    text: input.text,
    name: input.name || defaultReviewName(booking.name),
    stayMonth: booking.checkIn.slice(0, 7),
    people: booking.numPeople,
  };
  core.deps.store.data.reviews.push(review);
  await core.deps.store.save();
  return publicView(review);
}

function publicView(r: Review): PublicReview {
  const { id, lang, createdAt, rating, ratings, text, name, stayMonth, people, reply } = r;
  return { id, lang, createdAt, rating, ratings, text, name, stayMonth, people, ...(reply ? { reply } : {}) };
}

/** The published reviews (not hidden), newest first, with their average and count. */
export function publicReviews(core: BookingCore): PublicReviews {
  const shown = core.deps.store.view.reviews.filter((r) => !r.hidden);
  return {
    average: reviewAverage(shown),
    count: shown.length,
    reviews: newestFirst(shown, (r) => r.createdAt).map(publicView),
  };
}

/** The owner's list: every review (hidden ones with their reason), newest first, and the invitations sent. */
export function ownerReviews(core: BookingCore): OwnerReviews {
  const { store } = core.deps;
  const reviewed = new Set(store.view.reviews.map((r) => r.bookingId));
  const invitations = store.view.bookings
    .filter((b) => b.reminders.review)
    .map((b) => ({
      bookingId: b.id,
      code: b.code,
      name: b.name,
      checkOut: b.checkOut,
      invitedAt: b.reminders.review!,
      ...(b.reminders.reviewAgain ? { remindedAt: b.reminders.reviewAgain } : {}),
      reviewed: reviewed.has(b.id),
    }));
  return {
    reviews: newestFirst(store.view.reviews, (r) => r.createdAt).map((r) => structuredClone(r)),
    invitations: newestFirst(invitations, (i) => i.invitedAt),
  };
}

function reviewById(core: BookingCore, id: string): Review {
  const review = core.deps.store.data.reviews.find((r) => r.id === id);
  if (!review) throw notFound(REVIEW_NOT_FOUND);
  return review;
}

/** The owner's one public reply; the guest's words stay as they are. */
export async function replyToReview(core: BookingCore, id: string, text: string): Promise<OwnerReviews> {
  const review = reviewById(core, id);
  if (review.reply) throw conflict(ALREADY_REPLIED);
  review.reply = { text, at: core.iso() };
  await core.deps.store.save();
  return ownerReviews(core);
}

/** Hides a review from the public pages, for one of the listed reasons (kept in the panel's record). */
export async function hideReview(core: BookingCore, id: string, reason: HideReason): Promise<OwnerReviews> {
  const review = reviewById(core, id);
  if (review.hidden) throw conflict(ALREADY_HIDDEN);
  review.hidden = { reason, at: core.iso() };
  await core.deps.store.save();
  return ownerReviews(core);
}

/** Reviews waiting for the owner's reply (shown, not yet answered): the overview counts them. */
export const reviewsAwaitingReply = (reviews: readonly Review[]): Review[] =>
  reviews.filter((r) => !r.hidden && !r.reply);
