import type { AppDeps } from '../deps';
import type { ApiHandlers } from './handlers';
import { guestLinkBudget, noStore } from './reservas';

type RegistrationRoutes =
  | 'getGuestRegistration'
  | 'saveGuestRegistration'
  | 'getBookingRegistration'
  | 'saveBookingRegistration'
  | 'getRegistrationStatus'
  | 'getSireFile'
  | 'markSireUploaded';

/** Online check-in and the owner's corrections (issue 34): identity data, never cached. */
export function registrationRoutes({ registration, tra, limiters }: AppDeps): Pick<ApiHandlers, RegistrationRoutes> {
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
    getRegistrationStatus: { before: [noStore], handle: () => registration.status(tra.configured) },
    getSireFile: {
      before: [noStore],
      handle: ({ desde, hasta }, ctx) => {
        const file = registration.sireFile(desde, hasta);
        ctx.set('Content-Disposition', `attachment; filename="${file.fileName}"`);
        ctx.set('X-Sire-Problemas', String(file.problems.length));
        return file.text;
      },
    },
    markSireUploaded: {
      before: [noStore],
      handle: async ({ month }) => {
        await registration.markSireUploaded(month);
        return registration.status(tra.configured);
      },
    },
  };
}
