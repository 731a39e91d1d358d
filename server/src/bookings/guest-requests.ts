import fsp from 'node:fs/promises';
import path from 'node:path';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { quoteStay } from '@cabana/shared/domain/pricing/seasons';
import { balanceDueDate, priceBooking, refundFor } from '@cabana/shared/domain/pricing/booking';
import {
  type Booking,
  type GuestBooking,
  type MailKind,
  type RequestBookingInput,
  type RequestedBooking,
} from '@cabana/shared/domain/schemas/booking';
import { sniffImage, MIME_BY_KIND } from '@cabana/shared/domain/images/sniff';
import { pricingRules } from '../calendar/entries';
import { notFound, rateLimited, unsupportedMedia } from '../domain-errors';
import { newRecordId } from '../lib/ids';
import { fsyncDir, writeNewFileSynced } from '../lib/durable-fs';
import { checkReceiptFits, checkReceiptRoom, receiptMailDue } from './receipt-rules';
import { guestAnswered } from './request-guards';
import { clientKey } from '../auth/client-key';
import { type BookingCore, GUEST_NOT_FOUND } from './booking-core';
import { frozenTerms } from './booking-terms';

/**
 * A visitor's booking request and what the guest does with the private link: cancel, upload
 * a transfer receipt (issue 21, issue 28's guards).
 */

const RECEIPT_TYPES = 'Sube el comprobante como imagen (JPEG, PNG, WebP, HEIC) o PDF.';

const RATIONED = 'Sin correo al huésped: esta dirección ya recibió los correos del día y aún no ha respondido';

/** How many unanswered requests may be stored when the server's configuration does not say. */
const PENDING_REQUESTS_MAX = 300;

const PENDING_FULL =
  'Ahora mismo hay demasiadas solicitudes esperando respuesta. Inténtalo de nuevo más tarde o escríbenos por WhatsApp.';

const PENDING_RETRY_SECONDS = 3600;

/**
 * A visitor's booking request: the enquiry's checks (form token, honeypot, limits, free nights,
 * minimum stay), then the price frozen from today's seasons and terms. With instant booking
 * the hold starts at once. A bot gets the same answer, and nothing is stored.
 */
export async function requestBooking(
  core: BookingCore,
  input: RequestBookingInput,
  ip: string,
): Promise<RequestedBooking> {
  const { store, enquiries } = core.deps;
  const admission = enquiries.admit(
    { what: 'booking request', formToken: input.formToken, website: input.website, stay: input },
    ip,
  );
  checkPendingRoom(core);
  const data = store.data;
  const settings = data.settings;
  const at = core.iso();
  const quote = quoteStay(input, pricingRules(data));
  const booking: Booking = {
    id: newRecordId(),
    code: core.newCode(),
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
  const { instantHolds, guestMails } = core.deps;
  const notInstant = settings.instantBooking
    ? instantHolds.refusal(booking, client, data.bookings, settings)
    : undefined;
  if (admission.kind === 'drop') {
    if (settings.instantBooking && !notInstant) holdUnsaved(core, booking);
    return { ...core.guestView(booking), token: core.tokenOf(booking) };
  }
  data.bookings.push(booking);
  const live = data.bookings.at(-1)!;
  // Instant booking: the nights were found free above, in this same turn of the event loop.
  if (settings.instantBooking && !notInstant) {
    core.hold(live, 'sistema', 'Reserva instantánea');
    instantHolds.held(client, live.id);
  } else if (notInstant) {
    live.history[0]!.note = notInstant;
  }
  // Issue 28, item 2: a suspect request mails only the owner, and one address gets a few a day.
  const toGuest = !live.suspect && (guestAnswered(data.bookings, live.email) || guestMails.take(live.email));
  if (!toGuest && !live.suspect) live.history[0]!.note = withNote(live.history[0]!.note, RATIONED);
  const guestKind = live.state === 'solicitada' ? 'guest-received' : 'guest-accepted';
  core.mail(live, ...(toGuest ? [guestKind as MailKind] : []), 'owner-new-request');
  await core.commit();
  return { ...core.guestView(live), token: core.tokenOf(live) };
}

/** What a bot is shown with instant booking on: the same shape as a person's hold. */
function holdUnsaved(core: BookingCore, booking: Booking): void {
  const at = core.iso();
  booking.state = 'aceptada';
  booking.depositDueAt = core.deadline(core.deps.store.data.settings.holdHours);
  booking.history.push({ at, state: 'aceptada', by: 'sistema', event: { kind: 'accepted' } });
}

/** 429 once as many requests wait for an answer as the cap allows (counted on the plain data). */
function checkPendingRoom(core: BookingCore): void {
  let waiting = 0;
  for (const b of core.deps.store.view.bookings) if (b.state === 'solicitada') waiting++;
  if (waiting >= (core.deps.pendingRequestsMax ?? PENDING_REQUESTS_MAX)) {
    throw rateLimited(PENDING_FULL, PENDING_RETRY_SECONDS);
  }
}

/**
 * Before a receipt's body is read (issue 28, item 12): the booking of the code; when the
 * request carries the link's secret outside the body (`X-Booking-Token`, `?t=`), also the
 * secret, a state that takes receipts and room for one more. Throws the 404/409/507 the upload
 * would end in anyway.
 */
export function receiptUploadAllowed(core: BookingCore, code: string, token: string | undefined): void {
  if (token === undefined) {
    // Without the secret, only whether the code exists (what the 404 after the body would tell).
    if (!core.deps.store.data.bookings.some((b) => b.code === code)) throw notFound(GUEST_NOT_FOUND);
    return;
  }
  const booking = core.byLink(code, token);
  core.allow(booking, 'uploadReceipt', 'huesped');
  checkReceiptRoom(booking, core.deps.store.data.bookings, core.deps.receiptsMaxBytes);
}

export function guestBooking(core: BookingCore, code: string, token: string): GuestBooking {
  return core.guestView(core.byLink(code, token));
}

export async function cancelByGuest(
  core: BookingCore,
  code: string,
  token: string,
  reason: string | undefined,
): Promise<GuestBooking> {
  const booking = core.byLink(code, token);
  core.allow(booking, 'cancel', 'huesped');
  core.cancel(booking, 'huesped', refundFor(booking.cancellationPolicy, booking, core.deps.now()), reason ?? '');
  core.mail(booking, 'guest-cancelled', 'owner-cancelled');
  await core.commit();
  return core.guestView(booking);
}

/**
 * The guest's transfer receipt, from a temp file the upload parsed: an image or a PDF by its
 * content, kept under `receipts/<booking>/` (private: only the owner's route reads it). The
 * file is durable before the record names it; a crash in between leaves an unnamed file.
 */
export async function addReceipt(
  core: BookingCore,
  code: string,
  token: string,
  file: { path: string; name: string },
): Promise<GuestBooking> {
  const booking = core.byLink(code, token);
  core.allow(booking, 'uploadReceipt', 'huesped');
  const bytes = await fsp.readFile(file.path);
  const type = receiptType(bytes);
  if (!type) throw unsupportedMedia(RECEIPT_TYPES);
  checkReceiptFits(booking, core.deps.store.data.bookings, bytes.length, core.deps.receiptsMaxBytes);
  const id = newRecordId();
  const dir = path.join(core.deps.receiptsDir, booking.id);
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  await writeNewFileSynced(path.join(dir, id), bytes, 0o600);
  await fsyncDir(dir);
  // The booking may have changed while the file was written: look again.
  const live = core.byLink(code, token);
  core.allow(live, 'uploadReceipt', 'huesped');
  checkReceiptFits(live, core.deps.store.data.bookings, bytes.length, core.deps.receiptsMaxBytes);
  const mailOwner = receiptMailDue(live, core.deps.now());
  const at = core.iso();
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
  if (mailOwner) core.mail(live, 'owner-receipt');
  await core.commit();
  return core.guestView(live);
}

/** A receipt's type by its content: an accepted image, or a PDF. */
function receiptType(bytes: Uint8Array): string | undefined {
  if (bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-') return 'application/pdf';
  const sniffed = sniffImage(bytes);
  return sniffed.accepted ? MIME_BY_KIND[sniffed.kind] : undefined;
}

/** Two notes of one history entry, in one line. */
const withNote = (note: string | undefined, more: string) => (note ? `${note}. ${more}` : more);
