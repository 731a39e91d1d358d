import type { AppDeps } from '../deps';
import type { ApiHandlers } from './handlers';
import { guestLinkBudget, noStore } from './reservas';

type ReviewRoutes =
  'listReviews' | 'getReviewInvite' | 'submitReview' | 'listOwnerReviews' | 'replyToReview' | 'hideReview';

/** Guest reviews (issue 35): the published list, the review link's page and answer, the owner's moderation. */
export function reviewRoutes({ bookings, limiters }: AppDeps): Pick<ApiHandlers, ReviewRoutes> {
  const linkBudget = guestLinkBudget(limiters);
  return {
    listReviews: () => bookings.publicReviews(),
    getReviewInvite: { before: [noStore, linkBudget], handle: ({ code, t }) => bookings.reviewInvite(code, t) },
    submitReview: { before: [noStore, linkBudget], handle: ({ code, ...input }) => bookings.submitReview(code, input) },
    listOwnerReviews: () => bookings.ownerReviews(),
    replyToReview: ({ id, text }) => bookings.replyToReview(id, text),
    hideReview: ({ id, reason }) => bookings.hideReview(id, reason),
  };
}
