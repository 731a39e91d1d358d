import { addDays, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { FormTokenSchema } from '@cabana/shared/domain/schemas/enquiry';
import { GUEST_BOOKING_PATHS } from '@cabana/shared/domain/pages/guest-paths';
import { readJson } from './json';
import type { TestServer } from './server';

/** The smallest PDF the receipt check accepts (by its `%PDF-` signature). */
export const RECEIPT_PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';

/** Today at the cabin by the server's clock (which the tests move forward). */
export const serverToday = (s: Pick<TestServer, 'clock'>) => todayAtCabin(new Date(s.clock.now()));

/** A fresh token of the public forms, as the page fetches it before sending. */
export async function publicFormToken(s: Pick<TestServer, 'apiUrl'>): Promise<string> {
  return (await readJson(await fetch(`${s.apiUrl}/consultas/token`), FormTokenSchema)).token;
}

/** The body of POST /api/reservas: a stay `inDays` from the server's today for `nights` nights. */
export async function bookingRequestBody(
  s: Pick<TestServer, 'apiUrl' | 'clock'>,
  inDays: number,
  nights: number,
  over: Record<string, unknown> = {},
) {
  const checkIn = addDays(serverToday(s), inDays);
  return {
    name: 'María <b>Pérez</b>',
    email: 'maria@example.com',
    phone: '300 123 4567',
    checkIn,
    checkOut: addDays(checkIn, nights),
    numPeople: 4,
    message: 'Llegamos tarde',
    consent: true,
    website: '',
    formToken: await publicFormToken(s),
    ...over,
  };
}

/** The guest's receipt upload from the private page (multipart, with the link's secret). */
export function uploadReceipt(
  s: Pick<TestServer, 'apiUrl'>,
  code: string,
  t: string,
  data: string | Uint8Array = RECEIPT_PDF,
  filename = 'pago.pdf',
) {
  const fd = new FormData();
  fd.set('t', t);
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : new Uint8Array(data);
  fd.set('file', new Blob([bytes], { type: 'application/pdf' }), filename);
  return fetch(`${s.apiUrl}/reserva/${code}/comprobantes`, { method: 'POST', body: fd });
}

/**
 * A booking the owner accepted (`aceptada`, its deposit due), made through the API as the guest
 * and the owner would: the guest's code and link secret, the owner's id, and the private page.
 */
export async function acceptedBooking(
  s: Pick<TestServer, 'apiUrl' | 'url' | 'clock' | 'loginCookie'>,
  inDays: number,
  nights: number,
  over: Record<string, unknown> = {},
): Promise<{ id: string; code: string; token: string; path: string; deposit: number }> {
  const requested = await fetch(`${s.apiUrl}/reservas`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: s.url },
    body: JSON.stringify(await bookingRequestBody(s, inDays, nights, over)),
  });
  if (requested.status !== 201) throw new Error(`booking request: ${requested.status} ${await requested.text()}`);
  const { code, token, lang, price } = (await requested.json()) as {
    code: string;
    token: string;
    lang: 'es' | 'en';
    price: { deposit: number };
  };
  const cookie = await s.loginCookie();
  const list = (await (await fetch(`${s.apiUrl}/reservas`, { headers: { cookie } })).json()) as {
    id: string;
    code: string;
  }[];
  const id = list.find((b) => b.code === code)!.id;
  const accepted = await fetch(`${s.apiUrl}/reservas/${id}/aceptar`, {
    method: 'POST',
    headers: { cookie, origin: s.url, 'content-type': 'application/json' },
    body: '{}',
  });
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status} ${await accepted.text()}`);
  return { id, code, token, path: `${GUEST_BOOKING_PATHS[lang]}/${code}?t=${token}`, deposit: price.deposit };
}

/** A booking confirmed by its deposit, recorded by the owner as a transfer (`confirmada`): as `acceptedBooking`. */
export async function confirmedBooking(
  s: Pick<TestServer, 'apiUrl' | 'url' | 'clock' | 'loginCookie'>,
  inDays: number,
  nights: number,
  over: Record<string, unknown> = {},
): Promise<Awaited<ReturnType<typeof acceptedBooking>>> {
  const b = await acceptedBooking(s, inDays, nights, over);
  const paid = await fetch(`${s.apiUrl}/reservas/${b.id}/pagos`, {
    method: 'POST',
    headers: { cookie: await s.loginCookie(), origin: s.url, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: b.deposit, method: 'transferencia', date: serverToday(s) }),
  });
  if (paid.status !== 200) throw new Error(`payment: ${paid.status} ${await paid.text()}`);
  return b;
}
