import { recoverLink } from './link-recovery';
import type {
  HideReason,
  OwnerReviews,
  PublicReview,
  PublicReviews,
  ReviewInput,
  ReviewInvite,
} from '@cabana/shared/domain/schemas/review';
import { hideReview, ownerReviews, publicReviews, replyToReview, reviewInvite, submitReview } from './guest-reviews';
import type { Limiter } from '../auth/rate-limits';
import type {
  RecoverLinkInput,
  AcceptBookingInput,
  Booking,
  BookingState,
  CancelBookingInput,
  GuestBooking,
  RecordPaymentInput,
  RecordRefundInput,
  RejectReceiptInput,
  ReopenBookingInput,
  RequestBookingInput,
  RequestedBooking,
} from '@cabana/shared/domain/schemas/booking';
import type { OnlinePayment } from '@cabana/shared/domain/schemas/payment';
import type { ProviderTransaction } from '../payments/provider';
import { BookingCore, type BookingServiceDeps } from './booking-core';
import { expireRequests, forget, freezeMissingTerms, runTimers } from './booking-timers';
import { addReceipt, cancelByGuest, guestBooking, receiptUploadAllowed, requestBooking } from './guest-requests';
import {
  applyOnlineTransaction,
  findAttempt,
  ownsReference,
  paymentReturnLink,
  startOnlinePayment,
  type AppliedTransaction,
} from './online-payments';
import {
  accept,
  cancelByOwner,
  complete,
  decline,
  deleteMany,
  extendHold,
  getBooking,
  listBookings,
  receiptFile,
  recordPayment,
  recordRefund,
  rejectReceipt,
  reopen,
  type BookingListQuery,
} from './owner-actions';

export { ONLINE_NOT_AVAILABLE } from './online-payments';

/**
 * The booking lifecycle (issue 21): every rule of a booking lives in this folder; routes only
 * translate HTTP. This class is the one door, delegating by responsibility: the guest's request
 * and private link (guest-requests.ts), online payment (online-payments.ts), the owner's actions
 * (owner-actions.ts), what time does (booking-timers.ts), over what they share (booking-core.ts).
 * Every check and change happens without an await in between, so two requests for the same
 * nights can never both be held.
 */
export class BookingService {
  readonly #core: BookingCore;

  constructor(deps: BookingServiceDeps) {
    this.#core = new BookingCore(deps);
  }

  /** The secret of a booking's private link: derived from the store's key, so nothing more is stored. */
  tokenOf(booking: Pick<Booking, 'id'>): string {
    return this.#core.tokenOf(booking);
  }

  guestLink(booking: Booking): string {
    return this.#core.guestLink(booking);
  }

  /** The secret of a booking's review link (issue 35). */
  reviewTokenOf(booking: Pick<Booking, 'id'>): string {
    return this.#core.reviewTokenOf(booking);
  }

  // ---- the guest ----

  receiptUploadAllowed(code: string, token: string | undefined): void {
    receiptUploadAllowed(this.#core, code, token);
  }

  request(input: RequestBookingInput, ip: string): Promise<RequestedBooking> {
    return requestBooking(this.#core, input, ip);
  }

  guestView(b: Booking): GuestBooking {
    return this.#core.guestView(b);
  }

  onlinePaymentAvailable(b: Booking): boolean {
    return this.#core.onlinePaymentAvailable(b);
  }

  /** A guest asks for the lost private link (issue 32): link-recovery.ts. */
  recoverLink(input: RecoverLinkInput, perBooking: Limiter): Promise<{ message: string }> {
    return recoverLink(this.#core, input, perBooking);
  }

  guestBooking(code: string, token: string): GuestBooking {
    return guestBooking(this.#core, code, token);
  }

  /** The booking of a private link, for the other guest calls (registration, issue 34): 404 like the page. */
  bookingOfLink(code: string, token: string): Booking {
    return this.#core.byLink(code, token);
  }

  /** A confirmed stay as an iCal file (issue 32): 404 for a wrong link, 409 before it is confirmed. */
  guestCalendar(code: string, token: string): string {
    return this.#core.calendarOf(code, token);
  }

  // ---- reviews (issue 35): guest-reviews.ts ----

  reviewInvite(code: string, token: string): ReviewInvite {
    return reviewInvite(this.#core, code, token);
  }

  submitReview(code: string, input: ReviewInput): Promise<PublicReview> {
    return submitReview(this.#core, code, input);
  }

  publicReviews(): PublicReviews {
    return publicReviews(this.#core);
  }

  ownerReviews(): OwnerReviews {
    return ownerReviews(this.#core);
  }

  replyToReview(id: string, text: string): Promise<OwnerReviews> {
    return replyToReview(this.#core, id, text);
  }

  hideReview(id: string, reason: HideReason): Promise<OwnerReviews> {
    return hideReview(this.#core, id, reason);
  }

  cancelByGuest(code: string, token: string, reason: string | undefined): Promise<GuestBooking> {
    return cancelByGuest(this.#core, code, token, reason);
  }

  addReceipt(code: string, token: string, file: { path: string; name: string }): Promise<GuestBooking> {
    return addReceipt(this.#core, code, token, file);
  }

  // ---- online payment (issue 22) ----

  startOnlinePayment(
    code: string,
    token: string,
    checkout: (booking: Booking, attempt: OnlinePayment) => string,
  ): Promise<string> {
    return startOnlinePayment(this.#core, code, token, checkout);
  }

  paymentReturnLink(booking: Booking): string {
    return paymentReturnLink(this.#core, booking);
  }

  findAttempt(reference: string): { booking: Booking; attempt: OnlinePayment } | undefined {
    return findAttempt(this.#core, reference);
  }

  ownsReference(code: string, token: string, reference: string): Booking {
    return ownsReference(this.#core, code, token, reference);
  }

  applyOnlineTransaction(tx: ProviderTransaction): Promise<AppliedTransaction> {
    return applyOnlineTransaction(this.#core, tx);
  }

  // ---- the owner ----

  list(state: BookingState | undefined, page: BookingListQuery = {}): Booking[] {
    return listBookings(this.#core, state, page);
  }

  get(id: string): Booking {
    return getBooking(this.#core, id);
  }

  accept(id: string, input: AcceptBookingInput): Promise<Booking> {
    return accept(this.#core, id, input);
  }

  decline(id: string, reason: string): Promise<Booking> {
    return decline(this.#core, id, reason);
  }

  extendHold(id: string, hours: number): Promise<Booking> {
    return extendHold(this.#core, id, hours);
  }

  recordPayment(id: string, input: RecordPaymentInput): Promise<Booking> {
    return recordPayment(this.#core, id, input);
  }

  rejectReceipt(id: string, input: RejectReceiptInput): Promise<Booking> {
    return rejectReceipt(this.#core, id, input);
  }

  reopen(id: string, input: ReopenBookingInput): Promise<Booking> {
    return reopen(this.#core, id, input);
  }

  recordRefund(id: string, input: RecordRefundInput): Promise<Booking> {
    return recordRefund(this.#core, id, input);
  }

  cancelByOwner(id: string, input: CancelBookingInput): Promise<Booking> {
    return cancelByOwner(this.#core, id, input);
  }

  complete(id: string): Promise<Booking> {
    return complete(this.#core, id);
  }

  receipt(
    id: string,
    receiptId: string,
  ): Promise<{ id: string; name: string; type: string; bytes: number; fileName: string; data: string }> {
    return receiptFile(this.#core, id, receiptId);
  }

  deleteMany(ids: readonly string[]): Promise<{ deleted: number }> {
    return deleteMany(this.#core, ids);
  }

  // ---- the clock, retention, migration ----

  freezeMissingTerms(): Promise<number> {
    return freezeMissingTerms(this.#core);
  }

  runTimers(): Promise<number> {
    return runTimers(this.#core);
  }

  forget(cutoff: number): Promise<number> {
    return forget(this.#core, cutoff);
  }

  expireRequests(): Promise<number> {
    return expireRequests(this.#core);
  }
}
