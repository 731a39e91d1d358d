import { ApiError, errorFromResponse, networkError } from '@cabana/shared/api/errors';
import { PUBLIC_ROUTES } from '@cabana/shared/api/public-routes';
import { fillPath } from '@cabana/shared/api/route';
import { GuestBookingSchema, type GuestBooking } from '@cabana/shared/schemas/booking';
import { api } from '../../lib/api';

/** What the guest's page says for the refusals a receipt may get, whatever the server's wording. */
const RECEIPT_ERRORS: Record<number, string> = {
  413: 'El archivo es demasiado grande: el máximo es 10 MB. Envía una captura de pantalla o un PDF más liviano.',
  415: 'Ese archivo no es una imagen ni un PDF. Sube una foto o captura (JPEG, PNG, WebP, HEIC, AVIF) o un PDF.',
};

/** The Spanish sentence for a failed action: the server's own, or ours for 413/415/429. */
export function actionError(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Algo salió mal. Inténtalo de nuevo.';
  if (err.status === 429)
    return `${err.message || 'Demasiados intentos seguidos.'}${err.retryAfter ? ` Vuelve a intentarlo en ${Math.ceil(err.retryAfter / 60)} min.` : ''}`;
  return RECEIPT_ERRORS[err.status] ?? err.message;
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
      headers: { accept: 'application/json' },
      redirect: 'manual',
    });
  } catch {
    throw networkError();
  }
  if (!res.ok) throw await errorFromResponse(res);
  return GuestBookingSchema.parse(await res.json());
}

export const cancelBooking = (code: string, t: string): Promise<GuestBooking> => api.cancelGuestBooking({ code, t });
