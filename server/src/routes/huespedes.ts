import type { AppDeps } from '../deps';
import type { ApiHandlers } from './handlers';
import { guestLinkBudget, noStore } from './reservas';

type RegistrationRoutes =
  'getGuestRegistration' | 'saveGuestRegistration' | 'getBookingRegistration' | 'saveBookingRegistration';

/** Online check-in and the owner's corrections (issue 34): identity data, never cached. */
export function registrationRoutes({ registration, limiters }: AppDeps): Pick<ApiHandlers, RegistrationRoutes> {
  const linkBudget = guestLinkBudget(limiters);
  return {
    getGuestRegistration: {
      before: [noStore, linkBudget],
      handle: ({ code, t }) => registration.forGuest(code, t),
    },
    saveGuestRegistration: {
      before: [noStore, linkBudget],
      handle: ({ code, t, guests }) => registration.saveByGuest(code, t, guests),
    },
    getBookingRegistration: { before: [noStore], handle: ({ id }) => registration.forOwner(id) },
    saveBookingRegistration: {
      before: [noStore],
      handle: ({ id, guests }) => registration.saveByOwner(id, guests),
    },
  };
}
