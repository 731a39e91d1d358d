import { z } from 'zod';
import { ImageOrderInputSchema, ImageSchema, UpdateImageInputSchema } from '../domain/schemas/image';
import { PriceSchema } from '../domain/schemas/price';
import { SettingsPatchSchema, SettingsSchema } from '../domain/schemas/settings';
import { DeleteEnquiriesInputSchema, EnquirySchema, UpdateEnquiryInputSchema } from '../domain/schemas/enquiry';
import { SeasonsSchema, UpdateSeasonsInputSchema } from '../domain/schemas/season';
import {
  CalendarEntrySchema,
  CalendarSchema,
  CreateBlockInputSchema,
  CreateFeedInputSchema,
  FeedSchema,
} from '../domain/schemas/calendar';
import {
  AcceptBookingInputSchema,
  BookingSchema,
  CancelBookingInputSchema,
  DeclineBookingInputSchema,
  DeleteBookingsInputSchema,
  ExtendHoldInputSchema,
  ListBookingsQuerySchema,
  OutboxSchema,
  ReceiptFileSchema,
  RecordPaymentInputSchema,
  RecordRefundInputSchema,
  RejectReceiptInputSchema,
  ReopenBookingInputSchema,
  RetryOutboxInputSchema,
} from '../domain/schemas/booking';
import { PaymentConnectionTestSchema, PaymentsStatusSchema, WompiKeysInputSchema } from '../domain/schemas/payment';
import { AlertsSchema, OverviewSchema } from '../domain/schemas/overview';
import { HideReviewInputSchema, OwnerReviewsSchema, ReplyReviewInputSchema } from '../domain/schemas/review';
import { IMAGE_ID_PATTERN } from './media';
import { OwnerRegistrationInputSchema, RegistrationViewSchema } from '../domain/schemas/registration';
import { MarkSireUploadedInputSchema, RegistrationStatusSchema, SireRangeQuerySchema } from '../domain/schemas/sire';
import { routes } from './route';

/** Every stored record (photo, enquiry, block, feed) has a server-made id of 16 base64url characters. */
const IdParamsSchema = z.object({ id: z.string().regex(IMAGE_ID_PATTERN) });

const IMAGE_NOT_FOUND = 'No encontramos esa imagen.';
const ENQUIRY_NOT_FOUND = 'No encontramos esa consulta.';
const BOOKING_NOT_FOUND = 'No encontramos esa reserva.';
const ReceiptParamsSchema = z.object({
  id: z.string().regex(IMAGE_ID_PATTERN),
  receiptId: z.string().regex(IMAGE_ID_PATTERN),
});

/** A booking action: by id, answering the booking; 409 when its state does not allow it. */
const bookingAction = <P extends `/${string}`>(path: P, summary: string) =>
  ({
    method: 'POST',
    path,
    access: 'admin',
    summary,
    params: IdParamsSchema,
    output: BookingSchema,
    errors: ['CONFLICT'],
    notFound: BOOKING_NOT_FOUND,
    panel: true,
  }) as const;

/** The owner's routes: every one needs the admin session (a cookie, or the desktop app's bearer token). */
export const OWNER_ROUTES = routes({
  getOverview: {
    method: 'GET',
    path: '/resumen',
    access: 'admin',
    summary:
      "the owner's overview computed from the store: what needs attention (each item with the panel section that handles it), nights per month by source for the last and next 12 months with occupancy, requests per week, average stay and lead time (`docs/decisions/027-overview-and-alerts.md`)",
    output: OverviewSchema,
    errors: [],
    panel: true,
  },
  getAlerts: {
    method: 'GET',
    path: '/avisos',
    access: 'admin',
    summary:
      '`{count, items: [{id, kind, at, title, body, link}]}`: what waits for the owner, newest first, with stable ids',
    output: AlertsSchema,
    errors: [],
    panel: true,
  },
  listPendingImages: {
    method: 'GET',
    path: '/imagenes/pendientes',
    access: 'admin',
    summary: 'pending images',
    output: z.array(ImageSchema),
    errors: [],
    panel: true,
  },
  setImageOrder: {
    method: 'PUT',
    path: '/imagenes/orden',
    access: 'admin',
    summary:
      '`{"ids": [...]}`: every published id exactly once, in the new order (400 otherwise); answers the ordered list',
    body: ImageOrderInputSchema,
    output: z.array(ImageSchema),
    errors: [],
    panel: true,
  },
  updateImage: {
    method: 'PATCH',
    path: '/imagenes/:id',
    access: 'admin',
    summary: '`{title?, description?}`',
    params: IdParamsSchema,
    body: UpdateImageInputSchema,
    output: ImageSchema,
    errors: [],
    notFound: IMAGE_NOT_FOUND,
    panel: true,
  },
  deleteImage: {
    method: 'DELETE',
    path: '/imagenes/:id',
    access: 'admin',
    summary: 'deletes record and files; 204, no body',
    params: IdParamsSchema,
    output: 'empty',
    errors: [],
    notFound: IMAGE_NOT_FOUND,
    panel: true,
  },
  approveImage: {
    method: 'POST',
    path: '/imagenes/:id/aprobar',
    access: 'admin',
    summary: 'publishes a pending image (it goes last in the order)',
    params: IdParamsSchema,
    output: ImageSchema,
    errors: [],
    notFound: IMAGE_NOT_FOUND,
    panel: true,
  },
  setPrice: {
    method: 'PATCH',
    path: '/precioPersona/precio',
    access: 'admin',
    summary: '`{"precio": n}` (whole pesos, 1 000 to 5 000 000)',
    body: PriceSchema,
    output: PriceSchema,
    errors: [],
    panel: true,
  },
  getOwnerSettings: {
    method: 'GET',
    path: '/ajustes/completos',
    access: 'admin',
    summary:
      'the whole settings object the panel reads and edits: the public one plus how guests pay (`bankAccount`, `nequiNumber`, `daviplataNumber`) and what only a confirmed guest reads (`hostName`, directions, check-in and check-out steps, arrival instructions, `preArrivalDays`; issue 32)',
    output: SettingsSchema,
    errors: [],
    panel: true,
  },
  updateSettings: {
    method: 'PATCH',
    path: '/ajustes',
    access: 'admin',
    summary:
      'any subset of those; answers the whole object. 400 with a Spanish message per field (unknown keys, bad formats, non-https links, unknown networks, markup or control characters, rate outside 1 000–20 000, minimum above maximum) and nothing changes. See `docs/decisions/016-owner-settings.md`',
    body: SettingsPatchSchema,
    output: SettingsSchema,
    errors: [],
    panel: true,
  },
  listEnquiries: {
    method: 'GET',
    path: '/consultas',
    access: 'admin',
    summary: 'the inbox, newest first',
    output: z.array(EnquirySchema),
    errors: [],
    panel: true,
  },
  setEnquiryStatus: {
    method: 'PATCH',
    path: '/consultas/:id',
    access: 'admin',
    summary:
      '`{"status": "nueva" \\| "respondida" \\| "confirmada" \\| "cancelada"}`; `confirmada` (reservations only) blocks the stay\'s nights as a direct booking, 409 if one is no longer free; any other status frees them',
    params: IdParamsSchema,
    body: UpdateEnquiryInputSchema,
    output: EnquirySchema,
    errors: ['CONFLICT'],
    notFound: ENQUIRY_NOT_FOUND,
    panel: true,
  },
  deleteEnquiry: {
    method: 'DELETE',
    path: '/consultas/:id',
    access: 'admin',
    summary: 'deletes an enquiry; 204, no body',
    params: IdParamsSchema,
    output: 'empty',
    errors: [],
    notFound: ENQUIRY_NOT_FOUND,
    panel: true,
  },
  deleteEnquiries: {
    method: 'POST',
    path: '/consultas/eliminar',
    access: 'admin',
    summary: '`{"ids": [...]}` (1 to 500): deletes several enquiries, answers `{"deleted": n}`',
    body: DeleteEnquiriesInputSchema,
    output: z.object({ deleted: z.number().int() }),
    errors: [],
    panel: true,
  },
  setSeasons: {
    method: 'PUT',
    path: '/temporadas',
    access: 'admin',
    summary:
      '`{seasons: [{id?, name, start, end, pricePerPerson, minNights}], baseMinNights?}` replaces every season; 400 on overlaps, `end <= start`, prices out of bounds, minimum nights < 1',
    body: UpdateSeasonsInputSchema,
    output: SeasonsSchema,
    errors: [],
    panel: true,
  },
  getCalendar: {
    method: 'GET',
    path: '/calendario',
    access: 'admin',
    summary:
      '`{entries: [{id, start, end, source, label}], feeds, conflicts: [{direct, imported}], exportUrl}`; `source` is `manual`, `directa` or a feed id',
    output: CalendarSchema,
    errors: [],
    panel: true,
  },
  addBlock: {
    method: 'POST',
    path: '/calendario/bloqueos',
    access: 'admin',
    summary: '`{start, end, note?}` → 201 with the entry',
    body: CreateBlockInputSchema,
    output: CalendarEntrySchema,
    status: 201,
    errors: ['CONFLICT'],
    panel: true,
  },
  deleteBlock: {
    method: 'DELETE',
    path: '/calendario/bloqueos/:id',
    access: 'admin',
    summary: '204',
    params: IdParamsSchema,
    output: 'empty',
    errors: [],
    notFound: 'No encontramos ese bloqueo.',
    panel: true,
  },
  listFeeds: {
    method: 'GET',
    path: '/calendario/fuentes',
    access: 'admin',
    summary: 'the feeds: `{id, name, url, exportUrl, lastSyncAt, lastError}`',
    output: z.array(FeedSchema),
    errors: [],
  },
  addFeed: {
    method: 'POST',
    path: '/calendario/fuentes',
    access: 'admin',
    summary: '`{name, url}` (http, https or webcal) → 201; the first import starts in the background',
    body: CreateFeedInputSchema,
    output: FeedSchema,
    status: 201,
    errors: ['CONFLICT'],
    panel: true,
  },
  deleteFeed: {
    method: 'DELETE',
    path: '/calendario/fuentes/:id',
    access: 'admin',
    summary: "204; the feed's nights are freed",
    params: IdParamsSchema,
    output: 'empty',
    errors: [],
    notFound: 'No encontramos esa fuente de calendario.',
    panel: true,
  },
  syncFeed: {
    method: 'POST',
    path: '/calendario/fuentes/:id/sincronizar',
    access: 'admin',
    summary:
      'imports now: 200 with the feed, or 502 (`FEED_UNREADABLE`) with the Spanish reason, blocks kept (also when the file exceeds its parsing budget: decision 026)',
    params: IdParamsSchema,
    output: FeedSchema,
    errors: ['FEED_UNREADABLE'],
    notFound: 'No encontramos esa fuente de calendario.',
    panel: true,
  },
  listBookings: {
    method: 'GET',
    path: '/reservas',
    access: 'admin',
    summary:
      '`?estado=&q=&orden=&offset=&limit=`: the bookings with history, price, payments and receipts, all or those in one state (`estado`, any combination with the rest); `q` finds a name, code or e-mail (any case, accents or not); `orden=recientes` (newest first, the default) or `llegada` (stays ahead, soonest first, then past ones); one page of `limit` (default 50, at most 200) from `offset`',
    query: ListBookingsQuerySchema,
    output: z.array(BookingSchema),
    errors: [],
    panel: true,
  },
  deleteBookings: {
    method: 'POST',
    path: '/reservas/eliminar',
    access: 'admin',
    summary:
      '`{"ids": [...]}` (1 to 200): deletes requests and ended bookings without e-mailing anyone (their unsent e-mails and receipts too), answers `{"deleted": n}`; all or nothing: 404 for an unknown id, 409 for one held or confirmed, or with payments',
    body: DeleteBookingsInputSchema,
    output: z.object({ deleted: z.number().int() }),
    errors: ['CONFLICT', 'NOT_FOUND'],
    panel: true,
  },
  getBooking: {
    method: 'GET',
    path: '/reservas/:id',
    access: 'admin',
    summary: 'one booking',
    params: IdParamsSchema,
    output: BookingSchema,
    errors: [],
    notFound: BOOKING_NOT_FOUND,
    panel: true,
  },
  acceptBooking: {
    ...bookingAction(
      '/reservas/:id/aceptar',
      '`{total?, note?}`: `solicitada` → `aceptada`: the nights are held until the deposit deadline (`holdHours`); 409 if a night was taken meanwhile',
    ),
    body: AcceptBookingInputSchema,
  },
  declineBooking: {
    ...bookingAction('/reservas/:id/rechazar', '`{reason}`: `solicitada` → `rechazada`; the guest is told the reason'),
    body: DeclineBookingInputSchema,
  },
  extendHold: {
    ...bookingAction(
      '/reservas/:id/extender',
      "`{hours}` (1–168): moves an `aceptada` booking's deposit deadline later",
    ),
    body: ExtendHoldInputSchema,
  },
  recordPayment: {
    ...bookingAction(
      '/reservas/:id/pagos',
      '`{amount, method, date, receiptId?, note?}`: once the payments reach the deposit an `aceptada` booking becomes `confirmada`; on a `vencida` one (a repair) it is confirmed when its nights are free, else recorded with a refund owed; settles a payment in verification',
    ),
    body: RecordPaymentInputSchema,
  },
  rejectReceipt: {
    ...bookingAction(
      '/reservas/:id/comprobante-rechazado',
      "`{reason, hours?}`: the owner rejects the receipt waiting for verification; a held booking gets a new deadline (the settings' hold unless given, never at night); the guest is told the reason; 409 when none waits",
    ),
    body: RejectReceiptInputSchema,
  },
  reopenBooking: {
    ...bookingAction(
      '/reservas/:id/reabrir',
      '`{hours?, note?}`: a `vencida` booking held again with a new deadline (confirmed at once if its deposit is paid); 409 when its nights were taken',
    ),
    body: ReopenBookingInputSchema,
  },
  recordRefund: {
    ...bookingAction(
      '/reservas/:id/reembolsos',
      "`{amount, date, note?}`: records money given back (a Wompi refund is made in Wompi's dashboard); clears the online payments' `refundDue` and lowers `refundOwed`; 400 beyond what was paid, 409 when nothing was paid",
    ),
    body: RecordRefundInputSchema,
  },
  cancelBooking: {
    ...bookingAction(
      '/reservas/:id/cancelar',
      "`{reason?, refund?}`: the owner cancels; the refund is the policy's unless given; the nights are freed",
    ),
    body: CancelBookingInputSchema,
  },
  completeBooking: bookingAction(
    '/reservas/:id/completar',
    '`confirmada` → `completada` (from the check-out date on; the server also does it by itself)',
  ),
  getBookingRegistration: {
    method: 'GET',
    path: '/reservas/:id/huespedes',
    access: 'admin',
    summary:
      "the booking's guest registration (issue 34): `{code, checkIn, checkOut, numPeople, guests, complete, updatedAt}`",
    params: IdParamsSchema,
    output: RegistrationViewSchema,
    errors: [],
    notFound: BOOKING_NOT_FOUND,
    panel: true,
  },
  saveBookingRegistration: {
    method: 'PUT',
    path: '/reservas/:id/huespedes',
    access: 'admin',
    summary:
      "`{guests}` (as the guest's call, plus `originCode?`/`destinationCode?`: SIRE's place codes, digits, for a city the server does not code itself): the owner fills or corrects the registration of a `confirmada` or `completada` booking; 400 past the party size, 409 in another state",
    params: IdParamsSchema,
    body: OwnerRegistrationInputSchema,
    output: RegistrationViewSchema,
    errors: ['CONFLICT'],
    notFound: BOOKING_NOT_FOUND,
    panel: true,
  },
  getRegistrationStatus: {
    method: 'GET',
    path: '/registro',
    access: 'admin',
    summary:
      "`{traConfigured, sireConfigured, months}`: the guests' registration duties (issue 34): whether MinCIT's token is set, whether the SIRE codes are, and each month's SIRE file (`{month, desde, hasta, movements, due, problems, uploadedAt, uploadedMovements, fileName, text}`, newest first, the last 12 months and the next one)",
    output: RegistrationStatusSchema,
    errors: [],
    panel: true,
  },
  getSireFile: {
    method: 'GET',
    path: '/registro/sire',
    access: 'admin',
    summary:
      "`?desde=YYYY-MM-DD&hasta=YYYY-MM-DD` (at most a year): the file for Migración Colombia's SIRE portal (`text/plain`, attachment): one tab-separated line of 13 columns per entry (`E`, arrival date) or exit (`S`, departure date) of a foreign guest in the range, CRLF, no header; movements with an unknown code are left out and counted in `X-Sire-Problemas` (listed in `GET /registro`); 409 until the SIRE codes are set in Ajustes",
    query: SireRangeQuerySchema,
    output: 'tsv',
    errors: ['CONFLICT'],
  },
  markSireUploaded: {
    method: 'POST',
    path: '/registro/sire/subido',
    access: 'admin',
    summary:
      '`{month: "YYYY-MM"}`: the owner uploaded that month\'s SIRE file to the portal (it counts its movements now; new ones remind again); answers `GET /registro`',
    body: MarkSireUploadedInputSchema,
    output: RegistrationStatusSchema,
    errors: [],
    panel: true,
  },
  getBookingReceipt: {
    method: 'GET',
    path: '/reservas/:id/comprobantes/:receiptId',
    access: 'admin',
    summary:
      'a receipt the guest uploaded: `{id, name, type, bytes, fileName, data}` (`data` base64; `fileName` `comprobante-<code>-<n>.<ext>` by the sniffed type, also in `Content-Disposition`); `no-store`',
    params: ReceiptParamsSchema,
    output: ReceiptFileSchema,
    errors: [],
    notFound: 'No encontramos ese comprobante.',
    panel: true,
  },
  listOutbox: {
    method: 'GET',
    path: '/correos',
    access: 'admin',
    summary:
      '`{smtpConfigured, entries}`: the e-mails not sent yet and why (`lastError`, `nextAttemptAt`), each with a `mailto:` link and a WhatsApp link when there is a phone',
    output: OutboxSchema,
    errors: [],
    panel: true,
  },
  retryOutbox: {
    method: 'POST',
    path: '/correos/reintentar',
    access: 'admin',
    summary: '`{id?}`: sends that unsent e-mail (or all) now; answers the outbox as above',
    body: RetryOutboxInputSchema,
    output: OutboxSchema,
    errors: [],
    panel: true,
  },
  getPaymentsStatus: {
    method: 'GET',
    path: '/pagos/wompi',
    access: 'admin',
    summary:
      "`{configured, mode, eventsUrl, keys}`: whether online payment is on (`sandbox` or `production`, by the keys), the events URL to paste in Wompi's dashboard, and each key's source (`entorno`/`panel`/null) and last 4 characters, never a key",
    output: PaymentsStatusSchema,
    errors: [],
    panel: true,
  },
  saveWompiKeys: {
    method: 'PUT',
    path: '/pagos/wompi/llaves',
    access: 'admin',
    summary:
      "`{publicKey?, privateKey?, eventsSecret?, integritySecret?}`: the owner's Wompi keys, kept in the data folder's `wompi-keys.json` (mode 0600, outside backups) and in force at once; an empty one keeps the stored one; 400 by field when one is missing or they do not fit together (prefixes, one environment); 409 while the environment sets the keys; answers the status, masked",
    body: WompiKeysInputSchema,
    output: PaymentsStatusSchema,
    errors: ['CONFLICT'],
    panel: true,
  },
  testPaymentConnection: {
    method: 'POST',
    path: '/pagos/wompi/probar',
    access: 'admin',
    summary:
      "`{ok, mode, merchantName?, problems}`: checks the public key (Wompi's merchant) and the private key (an authenticated call) against Wompi; never answers a key",
    output: PaymentConnectionTestSchema,
    errors: [],
    panel: true,
  },
  listOwnerReviews: {
    method: 'GET',
    path: '/opiniones/todas',
    access: 'admin',
    summary:
      '`{reviews, invitations}`: every guest review newest first (hidden ones with `hidden: {reason, at}`, the reply if any) and the review invitations sent (`invitedAt`, `remindedAt`, `reviewed`)',
    output: OwnerReviewsSchema,
    errors: [],
    panel: true,
  },
  replyToReview: {
    method: 'POST',
    path: '/opiniones/:id/respuesta',
    access: 'admin',
    summary:
      "`{text}`: the owner's one public reply under the review; 409 when it already has one. Answers the list as above",
    params: IdParamsSchema,
    body: ReplyReviewInputSchema,
    output: OwnerReviewsSchema,
    errors: ['CONFLICT'],
    notFound: 'No encontramos esa opinión.',
    panel: true,
  },
  hideReview: {
    method: 'POST',
    path: '/opiniones/:id/ocultar',
    access: 'admin',
    summary:
      "`{reason}`: hides the review from the public pages, for `ofensiva`, `datos-personales` or `no-es-estadia` only (the guest's words are never edited); 409 when already hidden. Answers the list as above",
    params: IdParamsSchema,
    body: HideReviewInputSchema,
    output: OwnerReviewsSchema,
    errors: ['CONFLICT'],
    notFound: 'No encontramos esa opinión.',
    panel: true,
  },
});
