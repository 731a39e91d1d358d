import type { GuestBooking } from '@cabana/shared/domain/schemas/booking';
import type { OnlinePaymentStatus } from '@cabana/shared/domain/schemas/payment';
import { CHECK_ONLINE_PAYMENT_PATH } from '@cabana/shared/api/plain-paths';
import { env } from '../../config/env';

/**
 * The path of the contract's `checkOnlinePayment` row, from the plain text the row itself is
 * written with (a unit test holds them equal). The return page calls it on load, so it does
 * without the contract's client: that would bring every public schema (and zod) to a page the
 * 80 KB budget holds (about 37 KB gzip more).
 */
export const checkPaymentPath = (code: string) => CHECK_ONLINE_PAYMENT_PATH.replace(':code', encodeURIComponent(code));

const STATUSES: readonly OnlinePaymentStatus[] = ['PENDING', 'APPROVED', 'DECLINED', 'VOIDED', 'ERROR'];

export type PaymentCheck =
  | { ok: true; status: OnlinePaymentStatus; booking: GuestBooking }
  /** `status` 0: no answer. `message`: the server's Spanish or English sentence, when it sent one. */
  | { ok: false; status: number; message: string; retryAfter?: number };

/** What our server finds on Wompi for the transaction `id` (never what the return URL's query claims). */
export async function checkPayment(code: string, t: string, id: string): Promise<PaymentCheck> {
  try {
    const res = await fetch(env.apiUrl + checkPaymentPath(code), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ t, id }),
      redirect: 'manual',
    });
    const body = (await res.json().catch(() => ({}))) as Partial<{ status: unknown; booking: unknown; error: unknown }>;
    const status = STATUSES.find((s) => s === body.status);
    if (res.ok && status && typeof body.booking === 'object' && body.booking)
      return { ok: true, status, booking: body.booking as GuestBooking };
    const retry = Number(res.headers.get('retry-after'));
    return {
      ok: false,
      status: res.ok ? 500 : res.status,
      message: typeof body.error === 'string' ? body.error : '',
      retryAfter: retry > 0 ? retry : undefined,
    };
  } catch {
    return { ok: false, status: 0, message: '' };
  }
}
