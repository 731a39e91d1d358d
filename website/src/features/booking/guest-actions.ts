import { ITINERARY_ID } from './itinerary-id';
import { BOOKING_TOKEN_HEADER } from '@cabana/shared/api/http';
import { ApiError, errorFromResponse, networkError } from '@cabana/shared/api/errors';
import { PUBLIC_ROUTES } from '@cabana/shared/api/public-routes';
import { fillPath } from '@cabana/shared/api/route';
import { GuestBookingSchema, type GuestBooking } from '@cabana/shared/domain/schemas/booking';
import type { I18n } from '../../i18n/i18n';
import { api } from '../../lib/api';
import { apiErrorText } from '../../lib/validation';

/**
 * The sentence for a failed action, in the page's language: ours for 413/415/429 and for failures
 * without an answer, else the server's own (on English pages, the catalogue's for its code).
 */
export function actionError(err: unknown, i: Pick<I18n, 'lang' | 'm' | 't'>): string {
  const w = i.m.guest.errors;
  if (!(err instanceof ApiError)) return w.generic;
  if (err.status === 429) {
    const text = i.lang === 'es' && err.message ? err.message : w.tooMany;
    return `${text}${err.retryAfter ? i.t(w.retryIn, { minutes: Math.ceil(err.retryAfter / 60) }) : ''}`;
  }
  if (err.status === 413) return w.tooLarge;
  if (err.status === 415) return w.wrongType;
  return apiErrorText(err, i);
}

/** Uploads a transfer receipt (image or PDF) with the link's secret; answers the booking as it is now. */
export async function uploadReceipt(code: string, t: string, file: File): Promise<GuestBooking> {
  const body = new FormData();
  body.append('t', t);
  // The file goes last so the server can check the secret before the bytes arrive.
  body.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(api.baseUrl + fillPath(PUBLIC_ROUTES.uploadGuestReceipt, { code }).path, {
      method: 'POST',
      body,
      // The secret also in a header: the server checks it before it reads the file.
      headers: { accept: 'application/json', [BOOKING_TOKEN_HEADER]: t },
      redirect: 'manual',
    });
  } catch {
    throw networkError();
  }
  if (!res.ok) throw await errorFromResponse(res);
  return GuestBookingSchema.parse(await res.json());
}

export async function cancelBooking(code: string, t: string): Promise<GuestBooking> {
  const cancelled = await api.cancelGuestBooking({ code, t });
  // The itinerary is the server's markup beside the page's island (issue 32): a cancelled stay has none.
  document.getElementById(ITINERARY_ID)?.remove();
  return cancelled;
}

/** Asks the server for Wompi's checkout of the deposit still due and sends the guest there. */
export async function goToCheckout(code: string, t: string): Promise<void> {
  const { checkoutUrl } = await api.startOnlinePayment({ code, t });
  window.location.assign(checkoutUrl);
}
