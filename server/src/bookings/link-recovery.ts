import type { RecoverLinkInput } from '@cabana/shared/domain/schemas/booking';
import { LINK_RECOVERY_ANSWER } from '@cabana/shared/domain/schemas/booking';
import type { Limiter } from '../auth/rate-limits';
import type { BookingCore } from './booking-core';

/** Lost-link requests one client may make per hour (issue 32). */
export const LINK_RECOVERY_PER_CLIENT = 5;
/** Lost-link e-mails one booking gets per day: past it, the same answer and no e-mail. */
export const LINK_RECOVERY_PER_BOOKING = 3;

/** Equal e-mail addresses, as people type them (case and surrounding spaces aside). */
const sameAddress = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A guest lost the private link: it is e-mailed again, to the booking's own address, only when
 * the code and the e-mail match; the answer is the same either way, so nobody learns which codes
 * or addresses exist. The client's budget is spent by the route before this runs.
 */
export async function recoverLink(
  core: BookingCore,
  input: RecoverLinkInput,
  perBooking: Limiter,
): Promise<{ message: string }> {
  const booking = core.deps.store.data.bookings.find((b) => b.code === input.code);
  if (booking && !booking.suspect && sameAddress(booking.email, input.email)) {
    if (perBooking.count(booking.code) < perBooking.points) {
      perBooking.penalize(booking.code);
      core.mail(booking, 'guest-link');
      await core.commit();
    }
  }
  return { message: LINK_RECOVERY_ANSWER };
}
