import { z } from 'zod';
import { CHECK_ONLINE_PAYMENT_PATH } from './plain-paths';
import { ImageSchema } from '../domain/schemas/image';
import { PriceSchema } from '../domain/schemas/price';
import { PublicSettingsSchema } from '../domain/schemas/settings';
import { LoginInputSchema, SessionInfoSchema } from '../domain/schemas/session';
import { EnquiryInputSchema, FormTokenSchema } from '../domain/schemas/enquiry';
import { AvailabilityQuerySchema, AvailabilitySchema } from '../domain/schemas/availability';
import { SeasonsSchema } from '../domain/schemas/season';
import { QuoteQuerySchema, QuoteSchema } from '../domain/schemas/quote';
import { OnlinePaymentCheckoutSchema, WompiEventSchema } from '../domain/schemas/payment';
import {
  BookingCodeParamsSchema,
  CheckOnlinePaymentInputSchema,
  GuestBookingSchema,
  OnlinePaymentCheckSchema,
  GuestCancelInputSchema,
  GuestRegistrationInputSchema,
  GuestTokenInputSchema,
  RecoverLinkAnswerSchema,
  RecoverLinkInputSchema,
  RequestBookingInputSchema,
  RequestedBookingSchema,
} from '../domain/schemas/booking';
import { RegistrationViewSchema } from '../domain/schemas/registration';
import { routes } from './route';

const BOOKING_NOT_FOUND = 'No encontramos esa reserva. Revisa el enlace del correo.';

/** The secret of a calendar export link: 43 base64url characters (256 bits). */
const ExportTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/**
 * The routes anyone may call. The public website's forms use only these, so its client carries
 * none of the owner's schemas; the owner's routes are in owner-routes.ts.
 */
export const PUBLIC_ROUTES = routes({
  health: {
    method: 'GET',
    path: '/health',
    access: 'public',
    summary: '`{"ok": true}`',
    output: z.object({ ok: z.boolean() }).loose(),
    errors: [],
  },
  listImages: {
    method: 'GET',
    path: '/imagenes',
    access: 'public',
    summary:
      "published images in the owner's order (new and newly approved photos go last; `id`, `secure_url`, `title`, `description`, `width`, `height`, `placeholder`, `variants`, ...); the owner also sees `uploaded_by`",
    output: z.array(ImageSchema),
    errors: [],
    panel: true,
  },
  uploadImage: {
    method: 'POST',
    path: '/imagenes/upload',
    access: 'public',
    who: 'anyone / admin',
    summary:
      'multipart `image`, `title`, `description`, `tags`, `uploaded_by`; 201. Owner: published; others: pending, rate limited',
    body: 'multipart',
    output: ImageSchema,
    status: 201,
    errors: ['UNAUTHENTICATED', 'RATE_LIMITED', 'INSUFFICIENT_STORAGE'],
  },
  getPrice: {
    method: 'GET',
    path: '/precioPersona/precio',
    access: 'public',
    summary: '`{"precio": n}`',
    output: PriceSchema,
    errors: [],
    panel: true,
  },
  getSettings: {
    method: 'GET',
    path: '/ajustes',
    access: 'public',
    summary:
      "the business facts every page shows: `{name, tagline, phone, whatsappNumber, whatsappGreeting, email, address, mapUrl, hours: {opens, closes, display}, socials: [{name, url}], rnt, copPerUsd, minPeople, maxPeople}` and the booking terms (deposit, balance, cleaning fee, policy, hours, hold, house rules); defaults from `business.ts` on a fresh install. Never how guests pay (bank account, Nequi, Daviplata): those are on the guest's private page and in the e-mails",
    output: PublicSettingsSchema,
    errors: [],
    panel: true,
  },
  login: {
    method: 'POST',
    path: '/sesion',
    access: 'public',
    summary:
      "sign in `{email, password, token?, device?}`: cookie `sid`, or a bearer token when `token: true`; also a known-device proof (cookie `device`, or `device` in the answer when `token: true`) that spares this client the slowdown strangers' guesses cause",
    body: LoginInputSchema,
    output: SessionInfoSchema,
    errors: ['UNAUTHENTICATED', 'RATE_LIMITED'],
  },
  getSession: {
    method: 'GET',
    path: '/sesion',
    access: 'public',
    who: 'signed in',
    summary: '`{email, expiresAt}` or 401',
    output: SessionInfoSchema,
    errors: ['UNAUTHENTICATED'],
  },
  logout: {
    method: 'DELETE',
    path: '/sesion',
    access: 'public',
    summary: 'signs out (revokes the session); 204, no body',
    output: 'empty',
    errors: [],
  },
  getFormToken: {
    method: 'GET',
    path: '/consultas/token',
    access: 'public',
    summary: 'signed form token for the public forms',
    output: FormTokenSchema,
    errors: [],
  },
  sendEnquiry: {
    method: 'POST',
    path: '/consultas',
    access: 'public',
    summary:
      'a reservation enquiry or contact message (with consent), rate limited. `formToken` is the token above, or `""` when the form could not fetch one: kept and marked "Posible spam" (`suspect: "missing-token"`); a token of another shape gets 400 with a Spanish message; a forged or reused one is answered 201 and dropped (bots learn nothing)',
    body: EnquiryInputSchema,
    output: z.object({ id: z.string() }),
    status: 201,
    errors: ['CONFLICT', 'RATE_LIMITED'],
  },
  getAvailability: {
    method: 'GET',
    path: '/disponibilidad',
    access: 'public',
    summary:
      '`?from=&to=`: `{from, to, blocked: [{start, end}]}`: merged blocked nights, `end` exclusive (a checkout date); default window from today to the end of the month 12 months ahead',
    query: AvailabilityQuerySchema,
    output: AvailabilitySchema,
    errors: [],
  },
  getSeasons: {
    method: 'GET',
    path: '/temporadas',
    access: 'public',
    summary: '`{base: {pricePerPerson, minNights}, seasons: [{id, name, start, end, pricePerPerson, minNights}]}`',
    output: SeasonsSchema,
    errors: [],
    panel: true,
  },
  getQuote: {
    method: 'GET',
    path: '/cotizacion',
    access: 'public',
    summary:
      '`?checkIn=&checkOut=&numPeople=`: `{checkIn, checkOut, numPeople, nights, nightly: [{date, pricePerPerson}], total, minNights, available, problems, breakdown}`; 400 on malformed input',
    query: QuoteQuerySchema,
    output: QuoteSchema,
    errors: [],
  },
  calendarExport: {
    method: 'GET',
    path: '/calendario/ical/:token.ics',
    access: 'public',
    who: 'whoever has the link',
    summary:
      'iCal export (`text/calendar`): the general link lists every blocked night, a feed\'s `exportUrl` everything but that feed\'s own events; summaries say only "No disponible"; wrong token 404',
    params: ExportTokenParamsSchema,
    output: 'ics',
    errors: [],
    notFound: 'Calendario no encontrado.',
  },
  requestBooking: {
    method: 'POST',
    path: '/reservas',
    access: 'public',
    summary:
      "a booking request `{name, email, phone, checkIn, checkOut, numPeople, message?, consent, lang?, website, formToken}` (the enquiry's form token, honeypot and limits): 201 with the guest's view, the price frozen, and `token`, the private link's secret; `solicitada`, or `aceptada` at once with instant booking; 409 when a night is taken",
    body: RequestBookingInputSchema,
    output: RequestedBookingSchema,
    status: 201,
    errors: ['CONFLICT', 'RATE_LIMITED'],
  },
  recoverGuestLink: {
    method: 'POST',
    path: '/reserva/enlace',
    access: 'public',
    summary:
      '`{code, email}`: the private link e-mailed again when the code (any case) and the e-mail match a booking; the same 200 answer whether or not they do (no enumeration); 429 past the per-client limit; a booking gets a few such e-mails a day, then silently none',
    body: RecoverLinkInputSchema,
    output: RecoverLinkAnswerSchema,
    errors: ['RATE_LIMITED'],
  },
  getGuestBooking: {
    method: 'GET',
    path: '/reserva/:code',
    access: 'public',
    who: 'whoever has the link',
    summary:
      "`?t=<token>`: the guest's view (state, dates, price, deposit and balance with deadlines, payment instructions, refund if cancelled now); `no-store`; unknown code or wrong token 404",
    params: BookingCodeParamsSchema,
    query: GuestTokenInputSchema,
    output: GuestBookingSchema,
    errors: ['RATE_LIMITED'],
    notFound: BOOKING_NOT_FOUND,
  },
  cancelGuestBooking: {
    method: 'POST',
    path: '/reserva/:code/cancelar',
    access: 'public',
    who: 'whoever has the link',
    summary:
      "`{t, reason?}`: the guest cancels; the refund is the policy's at this moment; 409 once the booking is final",
    params: BookingCodeParamsSchema,
    body: GuestCancelInputSchema,
    output: GuestBookingSchema,
    errors: ['CONFLICT', 'RATE_LIMITED'],
    notFound: BOOKING_NOT_FOUND,
  },
  uploadGuestReceipt: {
    method: 'POST',
    path: '/reserva/:code/comprobantes',
    access: 'public',
    who: 'whoever has the link',
    summary:
      "multipart `t`, `file` (JPEG, PNG, WebP, AVIF, HEIC or PDF by content, up to 10 MB): the transfer receipt, private to the owner; 201 with the guest's view; 413/415, 429 past the limit, 409 once the booking is final or has 10 receipts, 507 once all receipts take RECEIPTS_MAX_MB. The code (and the secret, when the `X-Booking-Token` header or `?t=` carries it) is looked up before the body is read: 404 at once",
    params: BookingCodeParamsSchema,
    body: 'multipart',
    output: GuestBookingSchema,
    status: 201,
    errors: ['CONFLICT', 'RATE_LIMITED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'INSUFFICIENT_STORAGE'],
    notFound: BOOKING_NOT_FOUND,
  },
  getGuestRegistration: {
    method: 'GET',
    path: '/reserva/:code/huespedes',
    access: 'public',
    who: 'whoever has the link',
    summary:
      '`?t=<token>`: the online check-in (issue 34): `{code, checkIn, checkOut, numPeople, guests, complete, updatedAt}`, the guests registered so far, main guest first; `no-store`; 404 wrong link, 409 unless `confirmada` before the day of departure',
    params: BookingCodeParamsSchema,
    query: GuestTokenInputSchema,
    output: RegistrationViewSchema,
    errors: ['CONFLICT', 'RATE_LIMITED'],
    notFound: BOOKING_NOT_FOUND,
  },
  saveGuestRegistration: {
    method: 'PUT',
    path: '/reserva/:code/huespedes',
    access: 'public',
    who: 'whoever has the link',
    summary:
      '`{t, guests: [{firstNames, lastNames, documentType (CC, CE, TI, PA, DE, RC, PEP, PPT, CD), documentNumber, nationality (ISO 3166-1 alpha-2), birthDate (YYYY-MM-DD), residenceCity, originCity, destinationCity?}]}`: the party for the TRA and SIRE, main guest first, replacing what was saved; at most the party size (400), one person per document, no birth date in the future; 404 wrong link, 409 unless `confirmada` before the day of departure',
    params: BookingCodeParamsSchema,
    body: GuestRegistrationInputSchema,
    output: RegistrationViewSchema,
    errors: ['CONFLICT', 'RATE_LIMITED'],
    notFound: BOOKING_NOT_FOUND,
  },
  startOnlinePayment: {
    method: 'POST',
    path: '/reserva/:code/pago-en-linea',
    access: 'public',
    who: 'whoever has the link',
    summary:
      "`{t}`: `{checkoutUrl}`, Wompi's Web Checkout for the deposit still due (a new reference per attempt, the integrity signature, the return URL, the hold's deadline as expiration), the attempt recorded `PENDING`; 404 wrong link or online payment not configured, 409 unless `aceptada` with the deposit unpaid, 429 past the limit",
    params: BookingCodeParamsSchema,
    body: GuestTokenInputSchema,
    output: OnlinePaymentCheckoutSchema,
    errors: ['CONFLICT', 'RATE_LIMITED'],
    notFound: BOOKING_NOT_FOUND,
  },
  checkOnlinePayment: {
    method: 'POST',
    path: CHECK_ONLINE_PAYMENT_PATH,
    access: 'public',
    who: 'whoever has the link',
    summary:
      "`{t, id}` (`id`: the transaction id Wompi appends to the return URL, never trusted): looks the transaction up on Wompi's API, applies it as its event would (idempotent), answers `{status, booking}`; 404 unknown transaction or another booking's, 409 amount or currency not the attempt's, 502 (`PAYMENT_UNREACHABLE`) when Wompi cannot be reached, 429 past the limit",
    params: BookingCodeParamsSchema,
    body: CheckOnlinePaymentInputSchema,
    output: OnlinePaymentCheckSchema,
    errors: ['CONFLICT', 'RATE_LIMITED', 'PAYMENT_UNREACHABLE'],
    notFound: BOOKING_NOT_FOUND,
  },
  wompiEvent: {
    method: 'POST',
    path: '/pagos/wompi/eventos',
    access: 'public',
    who: 'Wompi',
    summary:
      "Wompi's signed event (`transaction.updated`): checksum verified in constant time (401 if wrong), 400 malformed, or `timestamp` more than 30 h old (Wompi's retries come up to 27.5 h late) or 5 min ahead, or a signature that does not cover `transaction.id`, `transaction.status` and `transaction.amount_in_cents`; the transaction is then looked up by id on Wompi's API and what is applied is that answer (404 when Wompi has no such transaction, 409 when its reference, amount or currency differ from the event's, 502 when Wompi cannot be reached, so it sends the event again); an approved deposit confirms the booking in one write; 200 on applied, duplicate or ignored events; 404 unknown reference, 409 amount or currency not the attempt's (nothing changed); exempt from the same-site check",
    body: WompiEventSchema,
    output: z.object({ ok: z.literal(true) }),
    errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'CONFLICT', 'PAYMENT_UNREACHABLE'],
  },
});
