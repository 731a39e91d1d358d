import type { Middleware } from 'koa';
import { cleanFileName, GuestTokenInputSchema } from '@cabana/shared/domain/schemas/booking';
import { BOOKING_TOKEN_HEADER } from '@cabana/shared/api/http';
import type { AppDeps } from '../deps';
import { invalidInput } from '../domain-errors';
import { validate } from '../lib/validate';
import { clientKey } from '../auth/client-key';
import { multipartBody, multipartFields } from '../middleware/multipart';
import type { ApiHandlers } from './handlers';

/** Largest receipt: a phone photo or a bank's PDF. */
const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
const RECEIPT_TOO_LARGE = `El comprobante supera el tamaño máximo de ${RECEIPT_MAX_BYTES / (1024 * 1024)} MB.`;

type BookingRoutes =
  | 'requestBooking'
  | 'recoverGuestLink'
  | 'getGuestBooking'
  | 'getGuestCalendar'
  | 'cancelGuestBooking'
  | 'uploadGuestReceipt'
  | 'listBookings'
  | 'deleteBookings'
  | 'getBooking'
  | 'acceptBooking'
  | 'declineBooking'
  | 'extendHold'
  | 'recordPayment'
  | 'rejectReceipt'
  | 'reopenBooking'
  | 'cancelBooking'
  | 'completeBooking'
  | 'getBookingReceipt'
  | 'listOutbox'
  | 'retryOutbox';

/**
 * The guest's page and the owner's receipts are private: no cache anywhere keeps them, and no
 * Referer carries their address (with the link's secret) anywhere else.
 */
export const noStore: Middleware = async (ctx, next) => {
  try {
    await next();
  } finally {
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
  }
};

/** A look-up of a private link spends the client's budget first (issue 28, item 13): a Spanish 429 past it. */
export function guestLinkBudget(limiters: AppDeps['limiters']): Middleware {
  return async (ctx, next) => {
    limiters.guestLinkClient.consume(clientKey(ctx.ip));
    await next();
  };
}

/** Bookings (issue 21): the guest's request and private page, the owner's actions, the outbox. */
export function bookingRoutes({ bookings, outbox, limiters, images }: AppDeps): Pick<ApiHandlers, BookingRoutes> {
  const linkBudget = guestLinkBudget(limiters);
  const recoveryBudget: Middleware = async (ctx, next) => {
    limiters.linkRecoveryClient.consume(clientKey(ctx.ip));
    await next();
  };
  // Issue 28, item 12: the booking (and its link, when the secret comes in a header or the query)
  // is looked up, with room for one more receipt, before a byte of the body is read.
  const receiptTarget: Middleware = async (ctx, next) => {
    const header = ctx.get(BOOKING_TOKEN_HEADER);
    const t = header !== '' ? header : typeof ctx.query.t === 'string' ? ctx.query.t : undefined;
    // A malformed code is simply not found here; the route's own check answers it after.
    const { code } = ctx.params as { code?: unknown };
    bookings.receiptUploadAllowed(typeof code === 'string' ? code : '', t);
    await next();
  };
  const receiptUpload = multipartBody({
    maxBytes: RECEIPT_MAX_BYTES,
    tooLarge: RECEIPT_TOO_LARGE,
    limitMessages: {
      1006: 'Los campos del formulario son demasiado largos.',
      1007: 'El formulario trae demasiados campos.',
      1009: RECEIPT_TOO_LARGE,
      1015: 'Sube un solo comprobante por envío.',
      1016: RECEIPT_TOO_LARGE,
    },
    notMultipart: 'Envía el comprobante en un formulario multipart (campo "file").',
    maxFields: 4,
    tmpParent: () => images.files.uploadsDir,
  });
  // The client's budget is spent before a byte of the file is read.
  const receiptBudget: Middleware = async (ctx, next) => {
    limiters.receiptClient.consume(clientKey(ctx.ip));
    await next();
  };
  return {
    requestBooking: (input, ctx) => bookings.request(input, ctx.ip),
    recoverGuestLink: {
      before: [noStore, recoveryBudget],
      handle: (input) => bookings.recoverLink(input, limiters.linkRecoveryBooking),
    },
    getGuestBooking: { before: [noStore, linkBudget], handle: ({ code, t }) => bookings.guestBooking(code, t) },
    getGuestCalendar: {
      before: [noStore, linkBudget],
      handle({ code, t }, ctx) {
        const ics = bookings.guestCalendar(code, t);
        ctx.set('Content-Disposition', `attachment; filename="reserva-${code}.ics"`);
        return ics;
      },
    },
    cancelGuestBooking: {
      before: [noStore, linkBudget],
      handle: ({ code, t, reason }) => bookings.cancelByGuest(code, t, reason),
    },
    uploadGuestReceipt: {
      before: [noStore, linkBudget, receiptTarget, receiptBudget, receiptUpload],
      async handle({ code }, ctx) {
        const { t } = validate(GuestTokenInputSchema, multipartFields(ctx));
        const files = ctx.request.files ?? {};
        const file = files.file;
        if (!file || Object.keys(files).some((n) => n !== 'file')) {
          throw invalidInput('Adjunta el comprobante en el campo "file".', { file: 'Adjunta el comprobante.' });
        }
        if (Array.isArray(file)) throw invalidInput('Sube un solo comprobante por envío.');
        return bookings.addReceipt(code, t, { path: file.filepath, name: cleanFileName(file.originalFilename ?? '') });
      },
    },
    listBookings: ({ estado, offset, limit, q, orden }) => bookings.list(estado, { offset, limit, q, orden }),
    deleteBookings: ({ ids }) => bookings.deleteMany(ids),
    getBooking: ({ id }) => bookings.get(id),
    acceptBooking: ({ id, ...input }) => bookings.accept(id, input),
    declineBooking: ({ id, reason }) => bookings.decline(id, reason),
    extendHold: ({ id, hours }) => bookings.extendHold(id, hours),
    recordPayment: ({ id, ...input }) => bookings.recordPayment(id, input),
    rejectReceipt: ({ id, ...input }) => bookings.rejectReceipt(id, input),
    reopenBooking: ({ id, ...input }) => bookings.reopen(id, input),
    cancelBooking: ({ id, ...input }) => bookings.cancelByOwner(id, input),
    completeBooking: ({ id }) => bookings.complete(id),
    getBookingReceipt: {
      before: [noStore],
      async handle({ id, receiptId }, ctx) {
        const file = await bookings.receipt(id, receiptId);
        // Saved under the name of its sniffed type, never the guest's (issue 28, item 6).
        ctx.set('Content-Disposition', `attachment; filename="${file.fileName}"`);
        return file;
      },
    },
    listOutbox: () => outbox.view(),
    retryOutbox: ({ id }) => outbox.retry(id),
  };
}
