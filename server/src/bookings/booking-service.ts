import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { GUEST_BOOKING_PATHS } from '@cabana/shared/domain/pages/guest-paths';
import { isStayFree } from '@cabana/shared/domain/availability/ranges';
import { quoteStay } from '@cabana/shared/domain/pricing/seasons';
import { addDays, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { adjustPrice, balanceDueDate, paidOf, priceBooking, refundFor } from '@cabana/shared/domain/pricing/booking';
import {
  FINAL_STATES,
  type AcceptBookingInput,
  type Actor,
  type Booking,
  type BookingState,
  type BookingTerms,
  type CancellationPolicyId,
  type CancelBookingInput,
  type GuestBooking,
  type HistoryEvent,
  type MailKind,
  type RecordPaymentInput,
  type RecordRefundInput,
  type RejectReceiptInput,
  type ReopenBookingInput,
  type RequestBookingInput,
  type RequestedBooking,
} from '@cabana/shared/domain/schemas/booking';
import {
  FINAL_ONLINE_PAYMENT_STATUSES,
  type OnlinePayment,
  type OnlinePaymentStatus,
} from '@cabana/shared/domain/schemas/payment';
import {
  attemptExpired,
  can,
  ONLINE_ATTEMPT_MINUTES,
  reasonableDeadline,
  refundableOf,
  refusal,
  type LifecycleAction,
} from '@cabana/shared/domain/bookings/lifecycle';
import { policyWords } from '@cabana/shared/domain/pricing/policy-words';
import type { Settings } from '@cabana/shared/domain/schemas/settings';
import { registrationComplete } from '@cabana/shared/domain/schemas/registration';
import { newestFirst } from '@cabana/shared/domain/lib/newest-first';
import { sniffImage, MIME_BY_KIND } from '@cabana/shared/domain/images/sniff';
import type { Store } from '../db/store';
import type { Logger } from '../lib/logger';
import type { EnquiryService } from '../enquiries/enquiry-service';
import { blockedRanges, pricingRules } from '../calendar/entries';
import { conflict, invalidInput, notFound, rateLimited, unsupportedMedia } from '../domain-errors';
import type { ProviderTransaction } from '../payments/provider';
import { newRecordId } from '../lib/ids';
import { sameText } from '../lib/same-text';
import { fsyncDir, writeNewFileSynced } from '../lib/durable-fs';
import { crashPoint } from '../lib/crash-points';
import type { OutboxService } from './outbox';
import { BOOKINGS_PAGE } from '@cabana/shared/domain/schemas/booking';
import { checkReceiptFits, checkReceiptRoom, receiptFileName, receiptMailDue } from './receipt-rules';
import { guestAnswered, type GuestMailRation, type InstantHoldGuard } from './request-guards';
import { clientKey } from '../auth/client-key';

const NOT_FOUND = 'No encontramos esa reserva.';
const GUEST_NOT_FOUND = 'No encontramos esa reserva. Revisa el enlace del correo.';
const RECEIPT_NOT_FOUND = 'No encontramos ese comprobante.';
const NIGHTS_TAKEN = 'Algunas de las noches de esta reserva ya están ocupadas por otra reserva o un bloqueo.';
const RECEIPT_TYPES = 'Sube el comprobante como imagen (JPEG, PNG, WebP, HEIC) o PDF.';
export const ONLINE_NOT_AVAILABLE = 'El pago en línea no está disponible para esta reserva.';
const RATIONED = 'Sin correo al huésped: esta dirección ya recibió los correos del día y aún no ha respondido';
const UNKNOWN_REFERENCE = 'No hay ningún intento de pago con esa referencia.';
const WRONG_AMOUNT = 'El monto o la moneda del pago no corresponden al intento de pago.';
/** Attempts one booking may start: each is a record; a guest retrying a few times stays far below. */
const ONLINE_ATTEMPTS_MAX = 20;

/** What applying a gateway's transaction did. */
export interface AppliedTransaction {
  booking: Booking;
  /** `applied`: the record changed and was saved; `duplicate`: nothing new (the same status, or older news). */
  outcome: 'applied' | 'duplicate';
}

/** Characters of the guest's reference: no 0/O nor 1/I. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** A hold's reminder goes this long before its deadline (or at half the hold, if shorter). */
const HOLD_REMINDER_MS = 6 * 3_600_000;
/** The balance's reminder goes this many days before it is due (before arrival when due on arrival). */
const BALANCE_REMINDER_DAYS = 3;

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
  /** Whether a gateway's keys are set: the guest's page then offers paying the deposit online. */
  onlinePaymentEnabled: boolean;
  /** The daily ration of mail requests may send to one guest address. */
  guestMails: GuestMailRation;
  /** What instant booking may hold at once. */
  instantHolds: InstantHoldGuard;
  log: Logger;
  now: () => number;
  /** Requests (`solicitada`) stored at once; past it new ones get 429 (issue 28). Default PENDING_REQUESTS_MAX. */
  pendingRequestsMax?: number;
}

/** How many unanswered requests may be stored when the server's configuration does not say. */
const PENDING_REQUESTS_MAX = 300;
const PENDING_FULL =
  'Ahora mismo hay demasiadas solicitudes esperando respuesta. Inténtalo de nuevo más tarde o escríbenos por WhatsApp.';
const PENDING_RETRY_SECONDS = 3600;
/** What the owner may delete in bulk: requests and bookings that ended, never one with money. */
const DELETABLE_STATES: readonly BookingState[] = ['solicitada', ...FINAL_STATES];
const DAY_MS = 24 * 3_600_000;

/**
 * The booking lifecycle (issue 21): every rule of a booking lives here; routes only translate
 * HTTP. Each transition changes the booking, appends to its history and writes its e-mails to
 * the outbox, then saves once: one journal line holds all of it. Every check and change happens
 * without an await in between, so two requests for the same nights can never both be held.
 */
export class BookingService {
  constructor(private readonly deps: BookingServiceDeps) {}

  #iso(ms = this.deps.now()): string {
    return new Date(ms).toISOString();
  }

  /** The secret of a booking's private link: derived from the store's key, so nothing more is stored. */
  tokenOf(booking: Pick<Booking, 'id'>): string {
    return createHmac('sha256', this.deps.store.data.secrets.formTokenKey)
      .update(`booking-link:${booking.id}`)
      .digest('base64url');
  }

  guestLink(booking: Booking): string {
    return `${this.deps.publicOrigin}${GUEST_BOOKING_PATHS[booking.lang]}/${booking.code}?t=${this.tokenOf(booking)}`;
  }

  #newCode(): string {
    const taken = new Set(this.deps.store.view.bookings.map((b) => b.code));
    for (;;) {
      let code = '';
      for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
      if (!taken.has(code)) return code;
    }
  }

  #byId(id: string): Booking {
    const booking = this.deps.store.data.bookings.find((b) => b.id === id);
    if (!booking) throw notFound(NOT_FOUND);
    return booking;
  }

  /**
   * Before a receipt's body is read (issue 28, item 12): the booking of the code; when the
   * request carries the link's secret outside the body (`X-Booking-Token`, `?t=`), also the
   * secret, a state that takes receipts and room for one more. Throws the 404/409/507 the upload
   * would end in anyway.
   */
  receiptUploadAllowed(code: string, token: string | undefined): void {
    if (token === undefined) {
      // Without the secret, only whether the code exists (what the 404 after the body would tell).
      if (!this.deps.store.data.bookings.some((b) => b.code === code)) throw notFound(GUEST_NOT_FOUND);
      return;
    }
    const booking = this.#byLink(code, token);
    this.#allow(booking, 'uploadReceipt', 'huesped');
    checkReceiptRoom(booking, this.deps.store.data.bookings, this.deps.receiptsMaxBytes);
  }

  /** The booking of a private link: an unknown code and a wrong token answer the same 404. */
  #byLink(code: string, token: string): Booking {
    const booking = this.deps.store.data.bookings.find((b) => b.code === code);
    if (!booking || !sameText(token, this.tokenOf(booking))) throw notFound(GUEST_NOT_FOUND);
    return booking;
  }

  /** The booking of a private link, for the other guest calls (registration, issue 34): 404 as above. */
  bookingOfLink(code: string, token: string): Booking {
    return this.#byLink(code, token);
  }

  /** The lifecycle table's word (shared/src/domain/bookings/lifecycle.ts): 409 with its reason when refused. */
  #allow(booking: Booking, action: LifecycleAction, by: Actor = 'propietario'): void {
    if (!can(action, booking, this.deps.now(), by)) throw conflict(refusal(action));
  }

  #move(booking: Booking, state: BookingState, by: Actor, note?: string, event?: HistoryEvent): void {
    const at = this.#iso();
    booking.state = state;
    booking.updatedAt = at;
    booking.history.push({ at, state, by, ...(note ? { note } : {}), ...(event ? { event } : {}) });
  }

  /** A history line that changes no state (a payment, a receipt, a deadline), typed for every language. */
  #note(booking: Booking, by: Actor, event: HistoryEvent, note?: string): void {
    const at = this.#iso();
    booking.updatedAt = at;
    booking.history.push({ at, state: booking.state, by, ...(note ? { note } : {}), event });
  }

  #mail(booking: Booking, ...kinds: MailKind[]): void {
    const settings = this.deps.store.data.settings;
    const ctx = {
      booking,
      settings,
      guestLink: this.guestLink(booking),
      panelLink: `${this.deps.publicOrigin}/admin`,
    };
    for (const kind of kinds) this.deps.outbox.write(kind, ctx);
  }

  /** The one save of a transition (with its e-mails), then the sender. */
  async #commit(): Promise<void> {
    crashPoint('bookings:before-save');
    await this.deps.store.save();
    crashPoint('bookings:saved-not-sent');
    void this.deps.outbox.kick();
  }

  /** Nights still free for this booking (it does not count against itself). */
  #nightsFree(booking: Booking): boolean {
    return isStayFree(booking, blockedRanges(this.deps.store.data, { exceptBookingId: booking.id }));
  }

  /** Starts the hold: `aceptada` until the deposit deadline, or `confirmada` at once when nothing is due first. */
  #hold(
    booking: Booking,
    by: Actor,
    note?: string,
    hours = this.deps.store.data.settings.holdHours,
    kind: 'accepted' | 'reopened' = 'accepted',
  ): void {
    booking.depositDueAt = this.#deadline(hours);
    delete booking.reminders.hold;
    this.#move(booking, 'aceptada', by, note, { kind, data: { until: booking.depositDueAt } });
    if (can('confirm', booking, this.deps.now(), 'sistema')) {
      booking.depositDueAt = null;
      this.#move(booking, 'confirmada', 'sistema', undefined, { kind: 'confirmed', data: { amount: booking.paid } });
    }
  }

  /** A hold's deadline `hours` from now, moved out of the cabin's night to the next 09:00. */
  #deadline(hours: number): string {
    return this.#iso(reasonableDeadline(this.deps.now() + hours * 3_600_000));
  }

  // ---- the guest ----

  /**
   * A visitor's booking request: the enquiry's checks (form token, honeypot, limits, free nights,
   * minimum stay), then the price frozen from today's seasons and terms. With instant booking
   * the hold starts at once. A bot gets the same answer, and nothing is stored.
   */
  async request(input: RequestBookingInput, ip: string): Promise<RequestedBooking> {
    const { store, enquiries } = this.deps;
    const admission = enquiries.admit(
      { what: 'booking request', formToken: input.formToken, website: input.website, stay: input },
      ip,
    );
    this.#checkPendingRoom();
    const data = store.data;
    const settings = data.settings;
    const at = this.#iso();
    const quote = quoteStay(input, pricingRules(data));
    const booking: Booking = {
      id: newRecordId(),
      code: this.#newCode(),
      state: 'solicitada',
      lang: input.lang,
      createdAt: at,
      updatedAt: at,
      name: input.name,
      email: input.email,
      phone: input.phone,
      message: input.message,
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      numPeople: input.numPeople,
      consentAt: at,
      policyVersion: BUSINESS.privacyPolicyVersion,
      ...(admission.kind === 'keep' && admission.suspect ? { suspect: admission.suspect } : {}),
      price: priceBooking(quote, input.numPeople, settings),
      cancellationPolicy: settings.cancellationPolicy,
      checkInTime: settings.checkInTime,
      checkOutTime: settings.checkOutTime,
      terms: frozenTerms(settings, at, 'request'),
      depositDueAt: null,
      balanceDueAt: balanceDueDate(input.checkIn, settings.balanceDueDays),
      payments: [],
      paid: 0,
      onlinePayments: [],
      refunds: [],
      receipts: [],
      history: [{ at, state: 'solicitada', by: 'huesped', event: { kind: 'requested' } }],
      reminders: {},
    };
    const client = clientKey(ip);
    const { instantHolds, guestMails } = this.deps;
    const notInstant = settings.instantBooking
      ? instantHolds.refusal(booking, client, data.bookings, settings)
      : undefined;
    if (admission.kind === 'drop') {
      if (settings.instantBooking && !notInstant) this.#holdUnsaved(booking);
      return { ...this.guestView(booking), token: this.tokenOf(booking) };
    }
    data.bookings.push(booking);
    const live = data.bookings.at(-1)!;
    // Instant booking: the nights were found free above, in this same turn of the event loop.
    if (settings.instantBooking && !notInstant) {
      this.#hold(live, 'sistema', 'Reserva instantánea');
      instantHolds.held(client, live.id);
    } else if (notInstant) {
      live.history[0]!.note = notInstant;
    }
    // Issue 28, item 2: a suspect request mails only the owner, and one address gets a few a day.
    const toGuest = !live.suspect && (guestAnswered(data.bookings, live.email) || guestMails.take(live.email));
    if (!toGuest && !live.suspect) live.history[0]!.note = withNote(live.history[0]!.note, RATIONED);
    const guestKind = live.state === 'solicitada' ? 'guest-received' : 'guest-accepted';
    this.#mail(live, ...(toGuest ? [guestKind as MailKind] : []), 'owner-new-request');
    await this.#commit();
    return { ...this.guestView(live), token: this.tokenOf(live) };
  }

  /** What a bot is shown with instant booking on: the same shape as a person's hold. */
  #holdUnsaved(booking: Booking): void {
    const at = this.#iso();
    booking.state = 'aceptada';
    booking.depositDueAt = this.#deadline(this.deps.store.data.settings.holdHours);
    booking.history.push({ at, state: 'aceptada', by: 'sistema', event: { kind: 'accepted' } });
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
    };
  }

  /** Whether the guest may pay the deposit online now: configured, held (deadline not past), the deposit not yet paid. */
  onlinePaymentAvailable(b: Booking): boolean {
    return this.deps.onlinePaymentEnabled && can('payOnline', b, this.deps.now(), 'huesped');
  }

  guestBooking(code: string, token: string): GuestBooking {
    return this.guestView(this.#byLink(code, token));
  }

  async cancelByGuest(code: string, token: string, reason: string | undefined): Promise<GuestBooking> {
    const booking = this.#byLink(code, token);
    this.#allow(booking, 'cancel', 'huesped');
    this.#cancel(booking, 'huesped', refundFor(booking.cancellationPolicy, booking, this.deps.now()), reason ?? '');
    this.#mail(booking, 'guest-cancelled', 'owner-cancelled');
    await this.#commit();
    return this.guestView(booking);
  }

  /**
   * The guest's transfer receipt, from a temp file the upload parsed: an image or a PDF by its
   * content, kept under `receipts/<booking>/` (private: only the owner's route reads it). The
   * file is durable before the record names it; a crash in between leaves an unnamed file.
   */
  async addReceipt(code: string, token: string, file: { path: string; name: string }): Promise<GuestBooking> {
    const booking = this.#byLink(code, token);
    this.#allow(booking, 'uploadReceipt', 'huesped');
    const bytes = await fsp.readFile(file.path);
    const type = receiptType(bytes);
    if (!type) throw unsupportedMedia(RECEIPT_TYPES);
    checkReceiptFits(booking, this.deps.store.data.bookings, bytes.length, this.deps.receiptsMaxBytes);
    const id = newRecordId();
    const dir = path.join(this.deps.receiptsDir, booking.id);
    await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
    await writeNewFileSynced(path.join(dir, id), bytes, 0o600);
    await fsyncDir(dir);
    // The booking may have changed while the file was written: look again.
    const live = this.#byLink(code, token);
    this.#allow(live, 'uploadReceipt', 'huesped');
    checkReceiptFits(live, this.deps.store.data.bookings, bytes.length, this.deps.receiptsMaxBytes);
    const mailOwner = receiptMailDue(live, this.deps.now());
    const at = this.#iso();
    live.receipts.push({ id, name: file.name, type, bytes: bytes.length, uploadedAt: at });
    live.updatedAt = at;
    // The payment waits for the owner's decision: the hold no longer lapses on its own (issue 29).
    live.verification = { since: at, receiptId: id };
    live.history.push({
      at,
      state: live.state,
      by: 'huesped',
      event: { kind: 'receipt-uploaded', data: { name: file.name } },
    });
    if (mailOwner) this.#mail(live, 'owner-receipt');
    await this.#commit();
    return this.guestView(live);
  }

  // ---- online payment (issue 22) ----

  /**
   * A new attempt at paying the deposit online: the deposit still due in cents, a fresh reference
   * (`<code>-<10 hex>`), recorded PENDING in one save; `checkout` makes the gateway's URL from it.
   */
  async startOnlinePayment(
    code: string,
    token: string,
    checkout: (booking: Booking, attempt: OnlinePayment) => string,
  ): Promise<string> {
    const booking = this.#byLink(code, token);
    if (!this.deps.onlinePaymentEnabled) throw notFound(ONLINE_NOT_AVAILABLE);
    if (booking.state !== 'aceptada') {
      throw conflict('Solo se puede pagar en línea el anticipo de una reserva aceptada que lo espera.');
    }
    if (booking.paid >= booking.price.deposit) throw conflict('El anticipo de esta reserva ya está pagado.');
    if (booking.depositDueAt && Date.parse(booking.depositDueAt) <= this.deps.now()) {
      throw conflict('El plazo para pagar el anticipo ya terminó.');
    }
    this.#allow(booking, 'payOnline', 'huesped');
    if (booking.onlinePayments.length >= ONLINE_ATTEMPTS_MAX) {
      throw rateLimited('Hiciste muchos intentos de pago. Escríbenos por WhatsApp y te ayudamos.', 3600);
    }
    const at = this.#iso();
    const taken = new Set(booking.onlinePayments.map((p) => p.reference));
    let reference: string;
    do reference = `${booking.code}-${randomBytes(5).toString('hex').toUpperCase()}`;
    while (taken.has(reference));
    // The checkout closes at the hold's deadline or after ONLINE_ATTEMPT_MINUTES, whichever comes first.
    const closes = Math.min(
      this.deps.now() + ONLINE_ATTEMPT_MINUTES * 60_000,
      booking.depositDueAt ? Date.parse(booking.depositDueAt) : Number.POSITIVE_INFINITY,
    );
    const attempt: OnlinePayment = {
      reference,
      provider: 'wompi',
      status: 'PENDING',
      amountInCents: (booking.price.deposit - booking.paid) * 100,
      currency: 'COP',
      createdAt: at,
      updatedAt: at,
      expiresAt: this.#iso(closes),
    };
    const url = checkout(booking, attempt);
    booking.onlinePayments.push(attempt);
    booking.updatedAt = at;
    await this.#commit();
    return url;
  }

  /** The guest's private page for the return from the checkout (`/reserva/<code>/pago?t=`). */
  paymentReturnLink(booking: Booking): string {
    const page = booking.lang === 'en' ? '/payment' : '/pago';
    return `${this.deps.publicOrigin}${GUEST_BOOKING_PATHS[booking.lang]}/${booking.code}${page}?t=${this.tokenOf(booking)}`;
  }

  /** The booking one of whose attempts has this reference, and that attempt. */
  findAttempt(reference: string): { booking: Booking; attempt: OnlinePayment } | undefined {
    for (const booking of this.deps.store.data.bookings) {
      const attempt = booking.onlinePayments.find((p) => p.reference === reference);
      if (attempt) return { booking, attempt };
    }
    return undefined;
  }

  /** Whether the booking of a private link has an attempt with this reference (the return page's check). */
  ownsReference(code: string, token: string, reference: string): Booking {
    const booking = this.#byLink(code, token);
    if (!booking.onlinePayments.some((p) => p.reference === reference)) throw notFound('No encontramos ese pago.');
    return booking;
  }

  /**
   * A transaction the gateway reported (a verified event, or a look-up by id), applied to the
   * attempt of its reference, idempotently: the same transaction and status again, or a pending
   * after a final status (events out of order), change nothing. An unknown reference is 404, an
   * amount or currency other than the attempt's is 409; neither changes anything. APPROVED
   * records the payment and confirms a held booking, or a lapsed one whose nights are still free;
   * when the booking cannot take it any more the payment is kept and flagged for a refund. All
   * of it, with its e-mails, in one save.
   */
  async applyOnlineTransaction(tx: ProviderTransaction): Promise<AppliedTransaction> {
    const found = this.findAttempt(tx.reference);
    if (!found) throw notFound(UNKNOWN_REFERENCE);
    const { booking } = found;
    if (tx.currency !== 'COP' || tx.amountInCents !== found.attempt.amountInCents) {
      this.deps.log.error(
        `payments: transaction ${tx.id} for ${tx.reference} refused: ${tx.amountInCents} ${tx.currency}, the attempt is ${found.attempt.amountInCents} COP`,
      );
      throw conflict(WRONG_AMOUNT);
    }
    const attempt = this.#attemptFor(booking, found.attempt, tx);
    if (!isNews(attempt.status, tx.status) && attempt.transactionId === tx.id) return { booking, outcome: 'duplicate' };
    const at = this.#iso();
    attempt.transactionId = tx.id;
    attempt.status = tx.status;
    if (tx.methodType) attempt.methodType = tx.methodType;
    attempt.updatedAt = at;
    booking.updatedAt = at;
    if (tx.status === 'APPROVED') this.#approved(booking, attempt);
    else this.#gatewayWaits(booking, attempt);
    await this.#commit();
    return { booking, outcome: 'applied' };
  }

  /**
   * The attempt a transaction updates: the one it already updated, else the reference's attempt
   * if no transaction claimed it yet; a second transaction on a reference (the guest tried again
   * in the same checkout) gets an attempt of its own.
   */
  #attemptFor(booking: Booking, first: OnlinePayment, tx: ProviderTransaction): OnlinePayment {
    const same = booking.onlinePayments.find((p) => p.reference === tx.reference && p.transactionId === tx.id);
    if (same) return same;
    if (first.transactionId === undefined) return first;
    const at = this.#iso();
    const next: OnlinePayment = { ...first, status: 'PENDING', createdAt: at, updatedAt: at };
    delete next.transactionId;
    delete next.methodType;
    delete next.refundDue;
    booking.onlinePayments.push(next);
    return booking.onlinePayments.at(-1)!;
  }

  /**
   * A transaction the gateway reported PENDING (a PSE or Nequi payment the bank has not settled)
   * holds the booking in verification: the hold does not lapse while it waits; the owner is told.
   * A final word other than APPROVED (declined, voided, error) ends that wait; a lapsed deadline
   * then lapses the hold at the next timer.
   */
  #gatewayWaits(booking: Booking, attempt: OnlinePayment): void {
    if (attempt.status === 'PENDING') {
      if (booking.state !== 'aceptada' || booking.verification) return;
      booking.verification = { since: attempt.updatedAt, reference: attempt.reference };
      booking.history.push({
        at: attempt.updatedAt,
        state: booking.state,
        by: 'pasarela',
        event: { kind: 'gateway-pending', data: { amount: attempt.amountInCents / 100 } },
      });
      this.#mail(booking, 'owner-payment-pending');
    } else if (booking.verification?.reference === attempt.reference) {
      delete booking.verification;
    }
  }

  /** An approved transaction: the payment recorded; the booking confirmed if it can take it, else flagged for a refund. */
  #approved(booking: Booking, attempt: OnlinePayment): void {
    const amount = attempt.amountInCents / 100;
    booking.payments.push({
      id: newRecordId(),
      amount,
      method: 'wompi',
      date: todayAtCabin(new Date(this.deps.now())),
      transactionId: attempt.transactionId!,
      ...(attempt.methodType ? { note: `Pago en línea (${attempt.methodType})` } : {}),
      recordedAt: attempt.updatedAt,
    });
    booking.paid = paidOf(booking);
    if (booking.verification?.reference !== undefined) delete booking.verification;
    const lapsed = booking.state === 'vencida';
    if (can('confirm', booking, this.deps.now(), 'pasarela') && (!lapsed || this.#nightsFree(booking))) {
      booking.depositDueAt = null;
      const note = lapsed
        ? 'Anticipo pagado en línea (Wompi) después del plazo; las noches seguían libres'
        : 'Anticipo pagado en línea (Wompi)';
      this.#move(booking, 'confirmada', 'pasarela', note, { kind: 'confirmed', data: { amount, method: 'wompi' } });
      this.#mail(booking, 'guest-confirmed', 'owner-payment');
    } else if (booking.state === 'aceptada' || booking.state === 'confirmada' || booking.state === 'completada') {
      booking.history.push({
        at: attempt.updatedAt,
        state: booking.state,
        by: 'pasarela',
        event: { kind: 'payment-recorded', data: { amount, method: 'wompi' } },
      });
      this.#mail(booking, 'guest-payment', 'owner-payment');
    } else {
      // Lapsed with its nights taken, cancelled, declined: never confirmed over another booking.
      attempt.refundDue = true;
      this.#oweRefund(booking, amount, 'pasarela');
      this.#mail(booking, 'owner-refund-due');
    }
  }

  /** Money the booking cannot keep: owed back until the owner records the refund. */
  #oweRefund(booking: Booking, amount: number, by: Actor): void {
    booking.refundOwed = (booking.refundOwed ?? 0) + amount;
    booking.history.push({
      at: this.#iso(),
      state: booking.state,
      by,
      note: `Pago (${amount} pesos) que la reserva ya no puede recibir: hay que devolverlo`,
      event: { kind: 'refund-owed', data: { amount } },
    });
  }

  // ---- the owner ----

  list(state: BookingState | undefined, page: { offset?: number; limit?: number } = {}): Booking[] {
    const all = this.deps.store.view.bookings.filter((b) => state === undefined || b.state === state);
    const offset = page.offset ?? 0;
    return newestFirst(all, (b) => b.createdAt).slice(offset, offset + (page.limit ?? BOOKINGS_PAGE));
  }

  get(id: string): Booking {
    return this.#byId(id);
  }

  async accept(id: string, input: AcceptBookingInput): Promise<Booking> {
    const booking = this.#byId(id);
    this.#allow(booking, 'accept');
    if (!this.#nightsFree(booking)) throw conflict(NIGHTS_TAKEN);
    if (input.total !== undefined && input.total !== booking.price.total) {
      booking.price = adjustPrice(booking.price, input.total, input.note ?? '');
    } else if (input.note) {
      booking.price = { ...booking.price, adjustmentNote: input.note };
    }
    this.#hold(booking, 'propietario', input.note);
    this.#mail(booking, booking.state === 'confirmada' ? 'guest-confirmed' : 'guest-accepted');
    await this.#commit();
    return booking;
  }

  async decline(id: string, reason: string): Promise<Booking> {
    const booking = this.#byId(id);
    this.#allow(booking, 'decline');
    booking.declineReason = reason;
    this.#move(booking, 'rechazada', 'propietario', reason, { kind: 'declined', data: { reason } });
    this.#mail(booking, 'guest-declined');
    await this.#commit();
    return booking;
  }

  async extendHold(id: string, hours: number): Promise<Booking> {
    const booking = this.#byId(id);
    this.#allow(booking, 'extendHold');
    const from = Math.max(this.deps.now(), Date.parse(booking.depositDueAt ?? this.#iso()));
    booking.depositDueAt = this.#iso(from + hours * 3_600_000);
    // A new deadline gets its own reminder.
    delete booking.reminders.hold;
    this.#note(
      booking,
      'propietario',
      { kind: 'hold-extended', data: { hours, until: booking.depositDueAt } },
      `Plazo del anticipo extendido ${hours} h`,
    );
    this.#mail(booking, 'guest-accepted');
    await this.#commit();
    return booking;
  }

  async recordPayment(id: string, input: RecordPaymentInput): Promise<Booking> {
    const booking = this.#byId(id);
    this.#allow(booking, 'recordPayment');
    if (input.receiptId !== undefined && !booking.receipts.some((r) => r.id === input.receiptId)) {
      const message = 'Ese comprobante no es de esta reserva.';
      throw invalidInput(message, { receiptId: message });
    }
    booking.payments.push({
      id: newRecordId(),
      amount: input.amount,
      method: input.method,
      date: input.date,
      ...(input.receiptId ? { receiptId: input.receiptId } : {}),
      ...(input.note ? { note: input.note } : {}),
      recordedAt: this.#iso(),
    });
    booking.paid = paidOf(booking);
    booking.updatedAt = this.#iso();
    // The owner decided: whatever waited for verification is settled by this payment.
    delete booking.verification;
    const event: HistoryEvent = { kind: 'payment-recorded', data: { amount: input.amount, method: input.method } };
    const lapsed = booking.state === 'vencida';
    if (can('confirm', booking, this.deps.now(), 'propietario') && (!lapsed || this.#nightsFree(booking))) {
      // On a lapsed booking this is a repair: the guest paid in time for nights still free.
      booking.depositDueAt = null;
      this.#move(booking, 'confirmada', 'propietario', 'Anticipo recibido', { ...event, kind: 'confirmed' });
      this.#mail(booking, 'guest-confirmed', 'owner-payment');
    } else if (lapsed) {
      // The nights went to someone else (or the deposit is not complete): the money is owed back.
      this.#note(booking, 'propietario', event);
      this.#oweRefund(booking, input.amount, 'propietario');
      this.#mail(booking, 'guest-payment-refund');
    } else {
      this.#note(booking, 'propietario', event);
      this.#mail(booking, 'guest-payment', 'owner-payment');
    }
    await this.#commit();
    return booking;
  }

  /**
   * The owner rejects the receipt waiting for verification (unreadable, another amount, not
   * arrived), with a reason the guest is told: a held booking gets a new deadline (`hours`, by
   * default the settings' hold, moved out of the night), so the guest can pay or send another.
   */
  async rejectReceipt(id: string, input: RejectReceiptInput): Promise<Booking> {
    const booking = this.#byId(id);
    this.#allow(booking, 'rejectReceipt');
    delete booking.verification;
    const data: Record<string, string | number> = { reason: input.reason };
    if (booking.state === 'aceptada') {
      booking.depositDueAt = this.#deadline(input.hours ?? this.deps.store.data.settings.holdHours);
      delete booking.reminders.hold;
      data.until = booking.depositDueAt;
    }
    this.#note(booking, 'propietario', { kind: 'receipt-rejected', data }, input.reason);
    this.#mail(booking, 'guest-receipt-rejected');
    await this.#commit();
    return booking;
  }

  /**
   * A lapsed booking held again with a new deadline (the owner's repair), when its nights are
   * still free (409 otherwise); with its deposit already paid it is confirmed at once.
   */
  async reopen(id: string, input: ReopenBookingInput): Promise<Booking> {
    const booking = this.#byId(id);
    this.#allow(booking, 'reopen');
    if (!this.#nightsFree(booking)) throw conflict(NIGHTS_TAKEN);
    // The money it holds counts for the stay again.
    delete booking.refundOwed;
    this.#hold(booking, 'propietario', input.note, input.hours ?? this.deps.store.data.settings.holdHours, 'reopened');
    this.#mail(booking, booking.state === 'confirmada' ? 'guest-confirmed' : 'guest-accepted');
    await this.#commit();
    return booking;
  }

  /** The owner records money given back (made in Wompi's dashboard or by transfer): clears `refundDue`. */
  async recordRefund(id: string, input: RecordRefundInput): Promise<Booking> {
    const booking = this.#byId(id);
    this.#allow(booking, 'recordRefund');
    const refundable = refundableOf(booking);
    if (input.amount > refundable) {
      const message = `El reembolso no puede superar lo pagado y no devuelto (${refundable} pesos).`;
      throw invalidInput(message, { amount: message });
    }
    const at = this.#iso();
    booking.refunds.push({
      id: newRecordId(),
      amount: input.amount,
      date: input.date,
      ...(input.note ? { note: input.note } : {}),
      recordedAt: at,
    });
    for (const p of booking.onlinePayments) if (p.refundDue) p.refundDue = false;
    const owed = Math.max(0, (booking.refundOwed ?? 0) - input.amount);
    if (owed > 0) booking.refundOwed = owed;
    else delete booking.refundOwed;
    this.#note(
      booking,
      'propietario',
      { kind: 'refund-recorded', data: { amount: input.amount } },
      `Reembolso registrado: ${input.amount} pesos`,
    );
    this.#mail(booking, 'guest-refunded');
    await this.#commit();
    return booking;
  }

  async cancelByOwner(id: string, input: CancelBookingInput): Promise<Booking> {
    const booking = this.#byId(id);
    this.#allow(booking, 'cancel');
    const refund = input.refund ?? refundFor(booking.cancellationPolicy, booking, this.deps.now());
    if (refund > booking.paid) {
      const message = `El reembolso no puede superar lo pagado (${booking.paid} pesos).`;
      throw invalidInput(message, { refund: message });
    }
    this.#cancel(booking, 'propietario', refund, input.reason ?? '');
    this.#mail(booking, 'guest-cancelled');
    await this.#commit();
    return booking;
  }

  #cancel(booking: Booking, by: Actor, refund: number, reason: string): void {
    booking.cancellation = { at: this.#iso(), by, refund, reason };
    booking.depositDueAt = null;
    delete booking.verification;
    // A paid booking carries the refund until the owner records it (issue 29).
    if (refund > 0) booking.refundOwed = refund;
    this.#move(booking, 'cancelada', by, reason || undefined, { kind: 'cancelled', data: { refund } });
  }

  async complete(id: string): Promise<Booking> {
    const booking = this.#byId(id);
    if (booking.state === 'confirmada' && todayAtCabin(new Date(this.deps.now())) < booking.checkOut) {
      throw conflict('La reserva se puede marcar como completada desde el día de salida.');
    }
    this.#allow(booking, 'complete');
    this.#move(booking, 'completada', 'propietario', undefined, { kind: 'completed' });
    await this.#commit();
    return booking;
  }

  async receipt(
    id: string,
    receiptId: string,
  ): Promise<{ id: string; name: string; type: string; bytes: number; fileName: string; data: string }> {
    const booking = this.#byId(id);
    const index = booking.receipts.findIndex((r) => r.id === receiptId);
    const receipt = booking.receipts[index];
    if (!receipt) throw notFound(RECEIPT_NOT_FOUND);
    let data: Buffer;
    try {
      data = await fsp.readFile(path.join(this.deps.receiptsDir, booking.id, receipt.id));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw notFound(RECEIPT_NOT_FOUND);
      throw err;
    }
    return {
      id: receipt.id,
      name: receipt.name,
      type: receipt.type,
      bytes: receipt.bytes,
      fileName: receiptFileName(booking.code, index, receipt.type),
      data: data.toString('base64'),
    };
  }

  /**
   * The start-up migration of issue 29: a booking made before terms were stored gets them once,
   * from what it already froze (policy, hours, deposit %, cleaning fee) and today's settings for
   * the rest (house rules, balance days), marked `source: 'migration'` with a typed history event.
   * One save for all of them; nothing to do the next time.
   */
  async freezeMissingTerms(): Promise<number> {
    const { store } = this.deps;
    const at = this.#iso();
    let changed = 0;
    for (const b of store.data.bookings) {
      if (b.terms) continue;
      const terms = frozenTerms(store.data.settings, at, 'migration');
      b.terms = {
        ...terms,
        cancellationPolicy: policyTerms(b.cancellationPolicy),
        checkInTime: b.checkInTime,
        checkOutTime: b.checkOutTime,
        depositPercent: b.price.depositPercent,
        cleaningFee: b.price.cleaningFee,
      };
      b.history.push({ at, state: b.state, by: 'sistema', event: { kind: 'terms-frozen' } });
      changed += 1;
    }
    if (changed > 0) await this.#commit();
    return changed;
  }

  // ---- the clock ----

  /**
   * What time alone does, run at start and on a timer: holds past their deadline lapse
   * (`vencida`, nights freed), confirmed stays past check-out are completed, reminders go out
   * before a hold's deadline and before the balance is due. One save per booking changed.
   */
  async runTimers(): Promise<number> {
    const { store, now } = this.deps;
    const at = now();
    const today = todayAtCabin(new Date(at));
    let changed = 0;
    for (const booking of store.data.bookings) {
      if (can('lapse', booking, at, 'sistema')) {
        booking.depositDueAt = null;
        this.#move(booking, 'vencida', 'sistema', 'El plazo del anticipo terminó', { kind: 'lapsed' });
        this.#mail(booking, 'guest-expired');
      } else if (can('remindHold', booking, at, 'sistema') && booking.depositDueAt && !booking.reminders.hold) {
        const due = Date.parse(booking.depositDueAt);
        const lead = Math.min(HOLD_REMINDER_MS, (due - Date.parse(lastHoldStart(booking))) / 2);
        if (at < due - lead) continue;
        booking.reminders = { ...booking.reminders, hold: this.#iso(at) };
        this.#mail(booking, 'guest-hold-reminder');
      } else if (can('complete', booking, at, 'sistema')) {
        this.#move(booking, 'completada', 'sistema', undefined, { kind: 'completed' });
      } else if (can('remindBalance', booking, at, 'sistema') && !booking.reminders.balance) {
        const dueDate = booking.balanceDueAt ?? booking.checkIn;
        if (today < addDays(dueDate, -BALANCE_REMINDER_DAYS)) continue;
        booking.reminders = { ...booking.reminders, balance: this.#iso(at) };
        this.#mail(booking, 'guest-balance-reminder');
      } else {
        continue;
      }
      changed += 1;
      await this.#commit();
    }
    return changed;
  }

  /** Removes the bookings retention says to forget, with their receipts and e-mails (the caller saves). */
  async forget(cutoff: number): Promise<number> {
    const { store, outbox } = this.deps;
    const all = store.data.bookings;
    // Never a booking that still owes the guest money.
    const gone = all.filter((b) => FINAL_STATES.includes(b.state) && !b.refundOwed && Date.parse(b.updatedAt) < cutoff);
    if (gone.length === 0) return 0;
    const ids = new Set(gone.map((b) => b.id));
    all.splice(0, Infinity, ...all.filter((b) => !ids.has(b.id)));
    outbox.forgetBookings(ids);
    await store.save();
    for (const id of ids) await fsp.rm(path.join(this.deps.receiptsDir, id), { recursive: true, force: true });
    return gone.length;
  }

  // ---- issue 28: requests never pile up ----

  /** 429 once as many requests wait for an answer as the cap allows (counted on the plain data). */
  #checkPendingRoom(): void {
    let waiting = 0;
    for (const b of this.deps.store.view.bookings) if (b.state === 'solicitada') waiting++;
    if (waiting >= (this.deps.pendingRequestsMax ?? PENDING_REQUESTS_MAX)) {
      throw rateLimited(PENDING_FULL, PENDING_RETRY_SECONDS);
    }
  }

  /**
   * Requests left unanswered lapse (`vencida`): the day after their check-in date (a same-day
   * request can still be accepted on the day), or after the owner's `requestExpiryDays`. The guest of a request that looked human is told politely (they
   * are waiting for an answer and may book elsewhere); a suspect one's address gets nothing, as
   * it may not be the sender's. One save for all of them.
   */
  async expireRequests(): Promise<number> {
    const { store, now } = this.deps;
    const at = now();
    const today = todayAtCabin(new Date(at));
    const cutoff = at - store.view.settings.requestExpiryDays * DAY_MS;
    const lapsed = store.view.bookings.filter(
      (b) => b.state === 'solicitada' && (b.checkIn < today || Date.parse(b.createdAt) <= cutoff),
    );
    if (lapsed.length === 0) return 0;
    const ids = new Set(lapsed.map((b) => b.id));
    for (const booking of store.data.bookings) {
      if (!ids.has(booking.id)) continue;
      this.#move(booking, 'vencida', 'sistema', 'La solicitud venció sin respuesta');
      if (!booking.suspect) this.#mail(booking, 'guest-request-expired');
    }
    await this.#commit();
    return lapsed.length;
  }

  /**
   * The owner deletes requests and ended bookings at once, without an e-mail to anyone: their
   * unsent e-mails and receipts go with them. All or nothing: an unknown id is 404, one still
   * under way (held, confirmed) or with money recorded is 409, and then nothing is deleted.
   */
  async deleteMany(ids: readonly string[]): Promise<{ deleted: number }> {
    const { store, outbox } = this.deps;
    const wanted = new Set(ids);
    const found = store.view.bookings.filter((b) => wanted.has(b.id));
    if (found.length < wanted.size) throw notFound(NOT_FOUND);
    const active = found.filter((b) => !DELETABLE_STATES.includes(b.state));
    if (active.length > 0) {
      throw conflict(
        `Solo se borran solicitudes y reservas terminadas; cancela antes: ${active.map((b) => b.code).join(', ')}.`,
      );
    }
    const withMoney = found.filter(
      (b) => b.payments.length > 0 || b.refunds.length > 0 || b.onlinePayments.some((p) => p.status === 'APPROVED'),
    );
    if (withMoney.length > 0) {
      throw conflict(
        `No se puede borrar una reserva con pagos registrados: ${withMoney.map((b) => b.code).join(', ')}.`,
      );
    }
    const all = store.data.bookings;
    all.splice(0, Infinity, ...store.view.bookings.filter((b) => !wanted.has(b.id)));
    outbox.forgetBookings(wanted);
    // Their personal data leaves the journal at once, not when it next fills.
    await store.save({ forget: true });
    for (const id of wanted) await fsp.rm(path.join(this.deps.receiptsDir, id), { recursive: true, force: true });
    return { deleted: found.length };
  }
}

/** A policy's id with its words in both languages, as the guest read them. */
function policyTerms(id: CancellationPolicyId): BookingTerms['cancellationPolicy'] {
  const words = (lang: 'es' | 'en') => {
    const w = policyWords(id, lang);
    return { name: w.name, rules: [...w.rules] };
  };
  return { id, words: { es: words('es'), en: words('en') } };
}

/** The booking terms of the settings now. */
function frozenTerms(settings: Settings, at: string, source: BookingTerms['source']): BookingTerms {
  return {
    cancellationPolicy: policyTerms(settings.cancellationPolicy),
    houseRules: settings.houseRules,
    checkInTime: settings.checkInTime,
    checkOutTime: settings.checkOutTime,
    depositPercent: settings.depositPercent,
    balanceDueDays: settings.balanceDueDays,
    cleaningFee: settings.cleaningFee,
    frozenAt: at,
    source,
  };
}

/** Two notes of one history entry, in one line. */
const withNote = (note: string | undefined, more: string) => (note ? `${note}. ${more}` : more);

/** When the current hold began: the last time the booking became `aceptada` or had its deadline moved. */
function lastHoldStart(b: Booking): string {
  for (let i = b.history.length - 1; i >= 0; i--) if (b.history[i]!.state === 'aceptada') return b.history[i]!.at;
  return b.updatedAt;
}

const withoutReason = ({ reason: _reason, ...data }: NonNullable<HistoryEvent['data']>) => data;

/** A receipt's type by its content: an accepted image, or a PDF. */
function receiptType(bytes: Uint8Array): string | undefined {
  if (bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-') return 'application/pdf';
  const sniffed = sniffImage(bytes);
  return sniffed.accepted ? MIME_BY_KIND[sniffed.kind] : undefined;
}

/**
 * Whether a status reported for an attempt is news: anything after PENDING is; a final status
 * (APPROVED, DECLINED, VOIDED, ERROR) never changes again, so a late PENDING or a second final
 * word (out of order, a retry) is not.
 */
function isNews(current: OnlinePaymentStatus, reported: OnlinePaymentStatus): boolean {
  return !FINAL_ONLINE_PAYMENT_STATUSES.includes(current) && FINAL_ONLINE_PAYMENT_STATUSES.includes(reported);
}
