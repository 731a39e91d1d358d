import { addDays, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { FormTokenSchema } from '@cabana/shared/domain/schemas/enquiry';
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
