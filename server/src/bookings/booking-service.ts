import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHmac, randomInt } from 'node:crypto';
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
  type CancelBookingInput,
  type GuestBooking,
  type MailKind,
  type RecordPaymentInput,
  type RecordRefundInput,
  type RequestBookingInput,
  type RequestedBooking,
} from '@cabana/shared/domain/schemas/booking';
import { newestFirst } from '@cabana/shared/domain/lib/newest-first';
import { sniffImage, MIME_BY_KIND } from '@cabana/shared/domain/images/sniff';
import type { Store } from '../db/store';
import type { Logger } from '../deps';
import type { EnquiryService } from '../enquiries/enquiry-service';
import { blockedRanges, pricingRules } from '../calendar/entries';
import { conflict, invalidInput, notFound, unsupportedMedia } from '../domain-errors';
import { newRecordId } from '../lib/ids';
import { sameText } from '../lib/same-text';
import { fsyncDir, writeNewFileSynced } from '../lib/durable-fs';
import { crashPoint } from '../lib/crash-points';
import type { OutboxService } from './outbox';

const NOT_FOUND = 'No encontramos esa reserva.';
const GUEST_NOT_FOUND = 'No encontramos esa reserva. Revisa el enlace del correo.';
const RECEIPT_NOT_FOUND = 'No encontramos ese comprobante.';
const NIGHTS_TAKEN = 'Algunas de las noches de esta reserva ya están ocupadas por otra reserva o un bloqueo.';
const RECEIPT_TYPES = 'Sube el comprobante como imagen (JPEG, PNG, WebP, HEIC) o PDF.';

/** Characters of the guest's reference: no 0/O nor 1/I. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** A hold's reminder goes this long before its deadline (or at half the hold, if shorter). */
const HOLD_REMINDER_MS = 6 * 3_600_000;
/** The balance's reminder goes this many days before it is due (before arrival when due on arrival). */
const BALANCE_REMINDER_DAYS = 3;

/** Which transitions each state allows, and who may make them (the service checks the rest). */
const ALLOWED: Record<string, readonly BookingState[]> = {
  accept: ['solicitada'],
  decline: ['solicitada'],
  extend: ['aceptada'],
  pay: ['aceptada', 'confirmada', 'completada'],
  cancel: ['solicitada', 'aceptada', 'confirmada'],
  complete: ['confirmada'],
  receipt: ['aceptada', 'confirmada'],
};

const REFUSED: Record<keyof typeof ALLOWED, string> = {
  accept: 'Solo se puede aceptar una solicitud pendiente.',
  decline: 'Solo se puede rechazar una solicitud pendiente; una reserva aceptada se cancela.',
  extend: 'Solo se puede extender el plazo de una reserva aceptada que espera el anticipo.',
  pay: 'Solo se registran pagos de reservas aceptadas, confirmadas o completadas.',
  cancel: 'Esta reserva ya no se puede cancelar.',
  complete: 'Solo una reserva confirmada se puede marcar como completada.',
  receipt: 'Solo se pueden subir comprobantes de una reserva aceptada o confirmada.',
};

export interface BookingServiceDeps {
  store: Store;
  enquiries: EnquiryService;
  outbox: OutboxService;
  /** The public origin of the links in the e-mails (PUBLIC_URL, else the site's own address). */
  publicOrigin: string;
  /** Where receipts are kept: private, never under the public media folder. */
  receiptsDir: string;
  /** Whether a gateway's keys are set: the guest's page then offers paying the deposit online. */
  onlinePaymentEnabled: boolean;
  log: Logger;
  now: () => number;
}

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
    const taken = new Set(this.deps.store.data.bookings.map((b) => b.code));
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

  /** The booking of a private link: an unknown code and a wrong token answer the same 404. */
  #byLink(code: string, token: string): Booking {
    const booking = this.deps.store.data.bookings.find((b) => b.code === code);
    if (!booking || !sameText(token, this.tokenOf(booking))) throw notFound(GUEST_NOT_FOUND);
    return booking;
  }

  #allow(booking: Booking, action: keyof typeof ALLOWED): void {
    if (!ALLOWED[action]!.includes(booking.state)) throw conflict(REFUSED[action]!);
  }

  #move(booking: Booking, state: BookingState, by: Actor, note?: string): void {
    const at = this.#iso();
    booking.state = state;
    booking.updatedAt = at;
    booking.history.push({ at, state, by, ...(note ? { note } : {}) });
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
    void this.deps.outbox.kick();
  }

  /** Nights still free for this booking (it does not count against itself). */
  #nightsFree(booking: Booking): boolean {
    return isStayFree(booking, blockedRanges(this.deps.store.data, { exceptBookingId: booking.id }));
  }

  /** Starts the hold: `aceptada` until the deposit deadline, or `confirmada` at once when nothing is due first. */
  #hold(booking: Booking, by: Actor, note?: string): void {
    const { holdHours } = this.deps.store.data.settings;
    booking.depositDueAt = this.#iso(this.deps.now() + holdHours * 3_600_000);
    this.#move(booking, 'aceptada', by, note);
    if (booking.paid >= booking.price.deposit) {
      booking.depositDueAt = null;
      this.#move(booking, 'confirmada', 'sistema');
    }
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
      depositDueAt: null,
      balanceDueAt: balanceDueDate(input.checkIn, settings.balanceDueDays),
      payments: [],
      paid: 0,
      onlinePayments: [],
      refunds: [],
      receipts: [],
      history: [{ at, state: 'solicitada', by: 'huesped' }],
      reminders: {},
    };
    if (admission.kind === 'drop') {
      if (settings.instantBooking) this.#holdUnsaved(booking);
      return { ...this.guestView(booking), token: this.tokenOf(booking) };
    }
    data.bookings.push(booking);
    const live = data.bookings.at(-1)!;
    // Instant booking: the nights were found free above, in this same turn of the event loop.
    if (settings.instantBooking) this.#hold(live, 'sistema', 'Reserva instantánea');
    this.#mail(live, live.state === 'solicitada' ? 'guest-received' : 'guest-accepted', 'owner-new-request');
    await this.#commit();
    return { ...this.guestView(live), token: this.tokenOf(live) };
  }

  /** What a bot is shown with instant booking on: the same shape as a person's hold. */
  #holdUnsaved(booking: Booking): void {
    const at = this.#iso();
    booking.state = 'aceptada';
    booking.depositDueAt = this.#iso(this.deps.now() + this.deps.store.data.settings.holdHours * 3_600_000);
    booking.history.push({ at, state: 'aceptada', by: 'sistema' });
  }

  guestView(b: Booking): GuestBooking {
    const s = this.deps.store.view.settings;
    const canCancel = !FINAL_STATES.includes(b.state);
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
      depositDueAt: b.depositDueAt,
      balanceDueAt: b.balanceDueAt,
      ...(b.declineReason ? { declineReason: b.declineReason } : {}),
      paid: b.paid,
      due: Math.max(0, b.price.total - b.paid),
      receipts: b.receipts.map(({ id, name, type, bytes, uploadedAt }) => ({ id, name, type, bytes, uploadedAt })),
      history: b.history.map(({ at, state, by }) => ({ at, state, by })),
      ...(b.cancellation
        ? { cancellation: { at: b.cancellation.at, by: b.cancellation.by, refund: b.cancellation.refund } }
        : {}),
      canCancel,
      refundIfCancelledNow: canCancel ? refundFor(b.cancellationPolicy, b, this.deps.now()) : null,
      canUploadReceipt: ALLOWED.receipt!.includes(b.state),
      payment: { bankAccount: s.bankAccount, nequiNumber: s.nequiNumber, daviplataNumber: s.daviplataNumber },
      onlinePayment: { available: this.onlinePaymentAvailable(b) },
      onlinePayments: b.onlinePayments.map(({ reference, status, amountInCents, methodType, updatedAt }) => ({
        reference,
        status,
        amountInCents,
        ...(methodType ? { methodType } : {}),
        updatedAt,
      })),
    };
  }

  /** Whether the guest may pay the deposit online now: configured, held, and the deposit not yet paid. */
  onlinePaymentAvailable(b: Booking): boolean {
    return this.deps.onlinePaymentEnabled && b.state === 'aceptada' && b.paid < b.price.deposit;
  }

  guestBooking(code: string, token: string): GuestBooking {
    return this.guestView(this.#byLink(code, token));
  }

  async cancelByGuest(code: string, token: string, reason: string | undefined): Promise<GuestBooking> {
    const booking = this.#byLink(code, token);
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
    this.#allow(booking, 'receipt');
    const bytes = await fsp.readFile(file.path);
    const type = receiptType(bytes);
    if (!type) throw unsupportedMedia(RECEIPT_TYPES);
    const id = newRecordId();
    const dir = path.join(this.deps.receiptsDir, booking.id);
    await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
    await writeNewFileSynced(path.join(dir, id), bytes, 0o600);
    await fsyncDir(dir);
    // The booking may have changed while the file was written: look again.
    const live = this.#byLink(code, token);
    this.#allow(live, 'receipt');
    live.receipts.push({ id, name: file.name, type, bytes: bytes.length, uploadedAt: this.#iso() });
    live.updatedAt = this.#iso();
    this.#mail(live, 'owner-receipt');
    await this.#commit();
    return this.guestView(live);
  }

  // ---- the owner ----

  list(state: BookingState | undefined): Booking[] {
    const all = this.deps.store.view.bookings.filter((b) => state === undefined || b.state === state);
    return newestFirst(all, (b) => b.createdAt);
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
    this.#move(booking, 'rechazada', 'propietario', reason);
    this.#mail(booking, 'guest-declined');
    await this.#commit();
    return booking;
  }

  async extendHold(id: string, hours: number): Promise<Booking> {
    const booking = this.#byId(id);
    this.#allow(booking, 'extend');
    const from = Math.max(this.deps.now(), Date.parse(booking.depositDueAt ?? this.#iso()));
    booking.depositDueAt = this.#iso(from + hours * 3_600_000);
    // A new deadline gets its own reminder.
    delete booking.reminders.hold;
    booking.updatedAt = this.#iso();
    booking.history.push({
      at: booking.updatedAt,
      state: booking.state,
      by: 'propietario',
      note: `Plazo del anticipo extendido ${hours} h`,
    });
    this.#mail(booking, 'guest-accepted');
    await this.#commit();
    return booking;
  }

  async recordPayment(id: string, input: RecordPaymentInput): Promise<Booking> {
    const booking = this.#byId(id);
    this.#allow(booking, 'pay');
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
    if (booking.state === 'aceptada' && booking.paid >= booking.price.deposit) {
      booking.depositDueAt = null;
      this.#move(booking, 'confirmada', 'propietario', 'Anticipo recibido');
      this.#mail(booking, 'guest-confirmed', 'owner-payment');
    } else {
      this.#mail(booking, 'guest-payment', 'owner-payment');
    }
    await this.#commit();
    return booking;
  }

  /** The owner records money given back (made in Wompi's dashboard or by transfer): clears `refundDue`. */
  async recordRefund(id: string, input: RecordRefundInput): Promise<Booking> {
    const booking = this.#byId(id);
    const refunded = booking.refunds.reduce((s, r) => s + r.amount, 0);
    if (refunded + input.amount > booking.paid) {
      const message = `El reembolso no puede superar lo pagado y no devuelto (${booking.paid - refunded} pesos).`;
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
    booking.updatedAt = at;
    booking.history.push({
      at,
      state: booking.state,
      by: 'propietario',
      note: `Reembolso registrado: ${input.amount} pesos`,
    });
    await this.#commit();
    return booking;
  }

  async cancelByOwner(id: string, input: CancelBookingInput): Promise<Booking> {
    const booking = this.#byId(id);
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
    this.#allow(booking, 'cancel');
    booking.cancellation = { at: this.#iso(), by, refund, reason };
    booking.depositDueAt = null;
    this.#move(booking, 'cancelada', by, reason || undefined);
  }

  async complete(id: string): Promise<Booking> {
    const booking = this.#byId(id);
    this.#allow(booking, 'complete');
    if (todayAtCabin(new Date(this.deps.now())) < booking.checkOut) {
      throw conflict('La reserva se puede marcar como completada desde el día de salida.');
    }
    this.#move(booking, 'completada', 'propietario');
    await this.#commit();
    return booking;
  }

  async receipt(
    id: string,
    receiptId: string,
  ): Promise<{ id: string; name: string; type: string; bytes: number; data: string }> {
    const booking = this.#byId(id);
    const receipt = booking.receipts.find((r) => r.id === receiptId);
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
      data: data.toString('base64'),
    };
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
      if (booking.state === 'aceptada' && booking.depositDueAt && Date.parse(booking.depositDueAt) <= at) {
        booking.depositDueAt = null;
        this.#move(booking, 'vencida', 'sistema', 'El plazo del anticipo terminó');
        this.#mail(booking, 'guest-expired');
      } else if (booking.state === 'aceptada' && booking.depositDueAt && !booking.reminders.hold) {
        const due = Date.parse(booking.depositDueAt);
        const lead = Math.min(HOLD_REMINDER_MS, (due - Date.parse(lastHoldStart(booking))) / 2);
        if (at < due - lead) continue;
        booking.reminders = { ...booking.reminders, hold: this.#iso(at) };
        this.#mail(booking, 'guest-hold-reminder');
      } else if (booking.state === 'confirmada' && booking.checkOut <= today) {
        this.#move(booking, 'completada', 'sistema');
      } else if (booking.state === 'confirmada' && !booking.reminders.balance && booking.paid < booking.price.total) {
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
    const gone = all.filter((b) => FINAL_STATES.includes(b.state) && Date.parse(b.updatedAt) < cutoff);
    if (gone.length === 0) return 0;
    const ids = new Set(gone.map((b) => b.id));
    all.splice(0, Infinity, ...all.filter((b) => !ids.has(b.id)));
    outbox.forgetBookings(ids);
    await store.save();
    for (const id of ids) await fsp.rm(path.join(this.deps.receiptsDir, id), { recursive: true, force: true });
    return gone.length;
  }
}

/** When the current hold began: the last time the booking became `aceptada` or had its deadline moved. */
function lastHoldStart(b: Booking): string {
  for (let i = b.history.length - 1; i >= 0; i--) if (b.history[i]!.state === 'aceptada') return b.history[i]!.at;
  return b.updatedAt;
}

/** A receipt's type by its content: an accepted image, or a PDF. */
function receiptType(bytes: Uint8Array): string | undefined {
  if (bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-') return 'application/pdf';
  const sniffed = sniffImage(bytes);
  return sniffed.accepted ? MIME_BY_KIND[sniffed.kind] : undefined;
}
