import type { AppDeps } from '../deps';
import { unavailable } from '../domain-errors';
import type { ApiHandlers } from './handlers';

type BookingRoutes =
  | 'requestBooking'
  | 'getGuestBooking'
  | 'cancelGuestBooking'
  | 'uploadGuestReceipt'
  | 'listBookings'
  | 'getBooking'
  | 'acceptBooking'
  | 'declineBooking'
  | 'extendHold'
  | 'recordPayment'
  | 'cancelBooking'
  | 'completeBooking'
  | 'getBookingReceipt'
  | 'listOutbox'
  | 'retryOutbox';

const soon = () => {
  throw unavailable('Las reservas estarán disponibles pronto.');
};

/** Bookings (issue 21): the contract is in place; the service behind it comes next. */
export function bookingRoutes(_deps: AppDeps): Pick<ApiHandlers, BookingRoutes> {
  return {
    requestBooking: soon,
    getGuestBooking: soon,
    cancelGuestBooking: soon,
    uploadGuestReceipt: soon,
    listBookings: soon,
    getBooking: soon,
    acceptBooking: soon,
    declineBooking: soon,
    extendHold: soon,
    recordPayment: soon,
    cancelBooking: soon,
    completeBooking: soon,
    getBookingReceipt: soon,
    listOutbox: soon,
    retryOutbox: soon,
  };
}
