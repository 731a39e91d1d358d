import { createHmac, randomInt } from 'node:crypto';
import { API_PATHS } from '@cabana/shared/api/paths';
import { API_PREFIX } from '@cabana/shared/api/http';
import { stayTexts } from '@cabana/shared/domain/bookings/stay-texts';
import { GUEST_BOOKING_PATHS, REVIEW_PATHS } from '@cabana/shared/domain/pages/guest-paths';
import { isStayFree } from '@cabana/shared/domain/availability/ranges';
import { refundFor } from '@cabana/shared/domain/pricing/booking';
import type {
  Actor,
  Booking,
  BookingState,
  GuestBooking,
  GuestItinerary,
  HistoryEvent,
  MailKind,
} from '@cabana/shared/domain/schemas/booking';
import {
  attemptExpired,
  can,
  reasonableDeadline,
  refusal,
  type LifecycleAction,
} from '@cabana/shared/domain/bookings/lifecycle';
import { registrationComplete } from '@cabana/shared/domain/schemas/registration';
import type { Store } from '../db/store';
import type { Logger } from '../lib/logger';
import type { EnquiryService } from '../enquiries/enquiry-service';
import { blockedRanges } from '../calendar/entries';
import { conflict, notFound } from '../domain-errors';
import { sameText } from '../lib/same-text';
import { crashPoint } from '../lib/crash-points';
import type { OutboxService } from './outbox';
import { stayIcs } from '../calendar/stay-ics';
import type { GuestMailRation, InstantHoldGuard } from './request-guards';

export const NOT_FOUND = 'No encontramos esa reserva.';
export const GUEST_NOT_FOUND = 'No encontramos esa reserva. Revisa el enlace del correo.';

/** Characters of the guest's reference: no 0/O nor 1/I. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

export interface BookingServiceDeps {
  store: Store;
  enquiries: EnquiryService;
  outbox: OutboxService;
  /** The public origin of the links in the e-mails (PUBLIC_URL, else the site's own address). */
  publicOrigin: string;
  /** Where receipts are kept: private, never under the public media folder. */
  receiptsDir: string;
  /** What all receipts together may take (RECEIPTS_MAX_MB). */
  receiptsMaxBytes: number;
  /** Whether a gateway's keys are set (now: keys saved in Ajustes count at once): the guest's page then offers paying online. */
  onlinePaymentEnabled: () => boolean;
  /** The daily ration of mail requests may send to one guest address. */
  guestMails: GuestMailRation;
  /** What instant booking may hold at once. */
  instantHolds: InstantHoldGuard;
  log: Logger;
  now: () => number;
  /** Requests (`solicitada`) stored at once; past it new ones get 429 (issue 28). Default PENDING_REQUESTS_MAX. */
  pendingRequestsMax?: number;
}

/**
 * What every part of the booking lifecycle shares (booking-service.ts is their facade): the
 * look-ups, the lifecycle table's guard, the history, the e-mails, the one save of a transition,
 * the hold, and the guest's view. Each transition changes the booking, appends to its history and
 * writes its e-mails to the outbox, then saves once (`commit`): one journal line holds all of it.
 */
export class BookingCore {
  constructor(readonly deps: BookingServiceDeps) {}

  iso(ms = this.deps.now()): string {
    return new Date(ms).toISOString();
  }

  /** The secret of a booking's private link: derived from the store's key, so nothing more is stored. */
  tokenOf(booking: Pick<Booking, 'id'>): string {
    return createHmac('sha256', this.deps.store.data.secrets.formTokenKey)
      .update(`booking-link:${booking.id}`)
      .digest('base64url');
  }

  /** The secret of a booking's review link (issue 35): another derivation, so neither link opens the other page. */
  reviewTokenOf(booking: Pick<Booking, 'id'>): string {
    return createHmac('sha256', this.deps.store.data.secrets.formTokenKey)
      .update(`review-link:${booking.id}`)
      .digest('base64url');
  }

  reviewLink(booking: Booking): string {
    return `${this.deps.publicOrigin}${REVIEW_PATHS[booking.lang]}/${booking.code}?t=${this.reviewTokenOf(booking)}`;
  }

  guestLink(booking: Booking): string {
    return `${this.deps.publicOrigin}${GUEST_BOOKING_PATHS[booking.lang]}/${booking.code}?t=${this.tokenOf(booking)}`;
  }

  newCode(): string {
    const taken = new Set(this.deps.store.view.bookings.map((b) => b.code));
    for (;;) {
      let code = '';
      for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
      if (!taken.has(code)) return code;
    }
  }

  byId(id: string): Booking {
    const booking = this.deps.store.data.bookings.find((b) => b.id === id);
    if (!booking) throw notFound(NOT_FOUND);
    return booking;
  }

  /** The booking of a private link: an unknown code and a wrong token answer the same 404. */
  byLink(code: string, token: string): Booking {
    // Codes read case-insensitively (issue 32): a lower-case code in the address is the same booking.
    const upper = code.toUpperCase();
    const booking = this.deps.store.data.bookings.find((b) => b.code === upper);
    if (!booking || !sameText(token, this.tokenOf(booking))) throw notFound(GUEST_NOT_FOUND);
    return booking;
  }

  /** The lifecycle table's word (shared/src/domain/bookings/lifecycle.ts): 409 with its reason when refused. */
  allow(booking: Booking, action: LifecycleAction, by: Actor = 'propietario'): void {
    if (!can(action, booking, this.deps.now(), by)) throw conflict(refusal(action));
  }

  move(booking: Booking, state: BookingState, by: Actor, note?: string, event?: HistoryEvent): void {
    const at = this.iso();
    booking.state = state;
    booking.updatedAt = at;
    booking.history.push({ at, state, by, ...(note ? { note } : {}), ...(event ? { event } : {}) });
  }

  /** A history line that changes no state (a payment, a receipt, a deadline), typed for every language. */
  note(booking: Booking, by: Actor, event: HistoryEvent, note?: string): void {
    const at = this.iso();
    booking.updatedAt = at;
    booking.history.push({ at, state: booking.state, by, ...(note ? { note } : {}), event });
  }

  mail(booking: Booking, ...kinds: MailKind[]): void {
    const settings = this.deps.store.data.settings;
    const ctx = {
      booking,
      settings,
      guestLink: this.guestLink(booking),
      reviewLink: kinds.some((k) => k.startsWith('guest-review-')) ? this.reviewLink(booking) : undefined,
      panelLink: `${this.deps.publicOrigin}/admin`,
      onlinePayment: this.deps.onlinePaymentEnabled(),
    };
    for (const kind of kinds) this.deps.outbox.write(kind, ctx);
  }

  /** The one save of a transition (with its e-mails), then the sender. */
  async commit(): Promise<void> {
    crashPoint('bookings:before-save');
    await this.deps.store.save();
    crashPoint('bookings:saved-not-sent');
    void this.deps.outbox.kick();
  }

  /** Nights still free for this booking (it does not count against itself). */
  nightsFree(booking: Booking): boolean {
    return isStayFree(booking, blockedRanges(this.deps.store.data, { exceptBookingId: booking.id }));
  }

  /** Starts the hold: `aceptada` until the deposit deadline, or `confirmada` at once when nothing is due first. */
  hold(
    booking: Booking,
    by: Actor,
    note?: string,
    hours = this.deps.store.data.settings.holdHours,
    kind: 'accepted' | 'reopened' = 'accepted',
  ): void {
    booking.depositDueAt = this.deadline(hours);
    delete booking.reminders.hold;
    this.move(booking, 'aceptada', by, note, { kind, data: { until: booking.depositDueAt } });
    if (can('confirm', booking, this.deps.now(), 'sistema')) {
      booking.depositDueAt = null;
      this.move(booking, 'confirmada', 'sistema', undefined, { kind: 'confirmed', data: { amount: booking.paid } });
    }
  }

  /** A hold's deadline `hours` from now, moved out of the cabin's night to the next 09:00. */
  deadline(hours: number): string {
    return this.iso(reasonableDeadline(this.deps.now() + hours * 3_600_000));
  }

  cancel(booking: Booking, by: Actor, refund: number, reason: string): void {
    booking.cancellation = { at: this.iso(), by, refund, reason };
    booking.depositDueAt = null;
    delete booking.verification;
    // A paid booking carries the refund until the owner records it (issue 29).
    if (refund > 0) booking.refundOwed = refund;
    this.move(booking, 'cancelada', by, reason || undefined, { kind: 'cancelled', data: { refund } });
  }

  /** Money the booking cannot keep: owed back until the owner records the refund. */
  oweRefund(booking: Booking, amount: number, by: Actor): void {
    booking.refundOwed = (booking.refundOwed ?? 0) + amount;
    booking.history.push({
      at: this.iso(),
      state: booking.state,
      by,
      note: `Pago (${amount} pesos) que la reserva ya no puede recibir: hay que devolverlo`,
      event: { kind: 'refund-owed', data: { amount } },
    });
  }

  guestView(b: Booking): GuestBooking {
    const s = this.deps.store.view.settings;
    const now = this.deps.now();
    const canCancel = can('cancel', b, now, 'huesped');
    // A cancelled, declined or lapsed booking owes nothing: what was paid is refunded, not topped up.
    const closed = b.state === 'cancelada' || b.state === 'rechazada' || b.state === 'vencida';
    return {
      code: b.code,
      state: b.state,
      lang: b.lang,
      createdAt: b.createdAt,
      name: b.name,
      checkIn: b.checkIn,
      checkOut: b.checkOut,
      numPeople: b.numPeople,
      price: b.price,
      cancellationPolicy: b.cancellationPolicy,
      checkInTime: b.checkInTime,
      checkOutTime: b.checkOutTime,
      ...(b.terms ? { terms: b.terms } : {}),
      depositDueAt: b.depositDueAt,
      balanceDueAt: b.balanceDueAt,
      ...(b.declineReason ? { declineReason: b.declineReason } : {}),
      paid: b.paid,
      due: closed ? 0 : Math.max(0, b.price.total - b.paid),
      receipts: b.receipts.map(({ id, name, type, bytes, uploadedAt }) => ({ id, name, type, bytes, uploadedAt })),
      history: b.history.map(({ at, state, by, event }) => ({
        at,
        state,
        by,
        // The owner's free text (a reason) stays out: the guest's page words each event in its language.
        ...(event ? { event: { kind: event.kind, ...(event.data ? { data: withoutReason(event.data) } : {}) } } : {}),
      })),
      ...(b.cancellation
        ? { cancellation: { at: b.cancellation.at, by: b.cancellation.by, refund: b.cancellation.refund } }
        : {}),
      canCancel,
      refundIfCancelledNow: canCancel ? refundFor(b.cancellationPolicy, b, now) : null,
      canUploadReceipt: can('uploadReceipt', b, now, 'huesped'),
      registration: {
        open: can('registerGuests', b, now, 'huesped'),
        complete: registrationComplete(b.registration, b.numPeople),
      },
      ...(b.verification ? { verifying: b.verification.receiptId ? 'receipt' : 'gateway' } : {}),
      ...(b.refundOwed ? { refundOwed: b.refundOwed } : {}),
      payment: { bankAccount: s.bankAccount, nequiNumber: s.nequiNumber, daviplataNumber: s.daviplataNumber },
      onlinePayment: { available: this.onlinePaymentAvailable(b) },
      // An abandoned checkout (expired unanswered) is not shown: it would read as a second charge in progress.
      onlinePayments: b.onlinePayments
        .filter((p) => !attemptExpired(p, now))
        .map(({ reference, status, amountInCents, methodType, updatedAt }) => ({
          reference,
          status,
          amountInCents,
          ...(methodType ? { methodType } : {}),
          updatedAt,
        })),
      ...(b.price.adjustmentNote
        ? { ownerMessage: { from: stayTexts(s).hostName, text: b.price.adjustmentNote } }
        : {}),
      ...(can('showItinerary', b, now, 'huesped') ? { itinerary: this.itinerary(b) } : {}),
    };
  }

  /** The trip a confirmed guest reads on the private page (issue 32); the arrival instructions go by e-mail only. */
  itinerary(b: Booking): GuestItinerary {
    const { arrivalInstructions: _private, ...texts } = stayTexts(this.deps.store.view.settings);
    const calendarPath = `${API_PREFIX}${API_PATHS.getGuestCalendar({ code: b.code })}?t=${this.tokenOf(b)}`;
    return { ...texts, calendarPath };
  }

  /** A confirmed stay as an iCal file, for whoever has the private link (409 before it is confirmed). */
  calendarOf(code: string, token: string): string {
    const booking = this.byLink(code, token);
    this.allow(booking, 'showItinerary', 'huesped');
    return stayIcs(booking, this.deps.store.view.settings, this.guestLink(booking));
  }

  /** Whether the guest may pay the deposit online now: configured, held (deadline not past), the deposit not yet paid. */
  onlinePaymentAvailable(b: Booking): boolean {
    return this.deps.onlinePaymentEnabled() && can('payOnline', b, this.deps.now(), 'huesped');
  }
}

const withoutReason = ({ reason: _reason, ...data }: NonNullable<HistoryEvent['data']>) => data;
