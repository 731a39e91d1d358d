import type { Booking } from '@cabana/shared/domain/schemas/booking';
import { EXTENSION_BY_KIND, MIME_BY_KIND } from '@cabana/shared/domain/images/sniff';
import { conflict, insufficientStorage } from '../domain-errors';

/** Receipts one booking may have: a deposit and a balance take two or three; ten leave room for mistakes. */
const RECEIPTS_PER_BOOKING = 10;
/** The owner hears of a booking's receipts at most once in this long (issue 28, item 5). */
const RECEIPT_MAIL_EVERY_MS = 3_600_000;

const TOO_MANY = `Esta reserva ya tiene ${RECEIPTS_PER_BOOKING} comprobantes. Si necesitas enviar otro, escríbenos por WhatsApp.`;
const FULL = 'No podemos guardar más comprobantes por ahora. Envíanos el tuyo por WhatsApp.';

/**
 * What may still be uploaded before a body is read (issue 28, items 5 and 12): a booking with
 * its receipts full is 409, and a folder of receipts at its total cap 507.
 */
export function checkReceiptRoom(booking: Booking, bookings: readonly Booking[], maxTotalBytes: number): void {
  if (booking.receipts.length >= RECEIPTS_PER_BOOKING) throw conflict(TOO_MANY);
  if (receiptBytes(bookings) >= maxTotalBytes) throw insufficientStorage(FULL);
}

/** Once the file's size is known: the same rules, counting this file. */
export function checkReceiptFits(
  booking: Booking,
  bookings: readonly Booking[],
  bytes: number,
  maxTotalBytes: number,
): void {
  checkReceiptRoom(booking, bookings, maxTotalBytes);
  if (receiptBytes(bookings) + bytes > maxTotalBytes) throw insufficientStorage(FULL);
}

/** Bytes every stored receipt takes. */
function receiptBytes(bookings: readonly Booking[]): number {
  let total = 0;
  for (const b of bookings) for (const r of b.receipts) total += r.bytes;
  return total;
}

/**
 * Whether a receipt uploaded at `now` should e-mail the owner: not when one did in the last hour.
 * Which earlier receipts mailed follows from their times alone (each mailed when the last mail
 * was an hour old), so nothing more is stored.
 */
export function receiptMailDue(booking: Pick<Booking, 'receipts'>, now: number): boolean {
  let lastMail = -Infinity;
  for (const r of booking.receipts) {
    const at = Date.parse(r.uploadedAt);
    if (at - lastMail >= RECEIPT_MAIL_EVERY_MS) lastMail = at;
  }
  return now - lastMail >= RECEIPT_MAIL_EVERY_MS;
}

const EXTENSION_BY_TYPE: Record<string, string> = {
  'application/pdf': '.pdf',
  ...Object.fromEntries(
    (Object.keys(MIME_BY_KIND) as (keyof typeof MIME_BY_KIND)[]).map((k) => [MIME_BY_KIND[k], EXTENSION_BY_KIND[k]]),
  ),
};

/** The name a receipt is saved under: `comprobante-<code>-<n>.<ext>` from its sniffed type, never the guest's name. */
export function receiptFileName(code: string, index: number, type: string): string {
  return `comprobante-${code}-${index + 1}${EXTENSION_BY_TYPE[type] ?? '.bin'}`;
}
