import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { addDays, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import {
  BookingSchema,
  GuestBookingSchema,
  OutboxSchema,
  ReceiptFileSchema,
  RequestedBookingSchema,
  type Booking,
} from '@cabana/shared/domain/schemas/booking';
import { AvailabilitySchema } from '@cabana/shared/domain/schemas/availability';
import { QuoteSchema } from '@cabana/shared/domain/schemas/quote';
import { CalendarSchema } from '@cabana/shared/domain/schemas/calendar';
import { startTestServer, type TestServer } from '../../test-support/server';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/smtp';
import { readError, readJson } from '../../test-support/json';
import { RECEIPT_PDF, bookingRequestBody, uploadReceipt } from '../../test-support/bookings';
import { bearer, json } from './helpers/http';

const HOUR = 3_600_000;
describe('the booking lifecycle over HTTP, with real e-mail', () => {
  let smtp: TestSmtpServer;
  let s: TestServer;
  let admin: Record<string, string>;
  const owner = async <S extends z.ZodType>(method: string, path: string, schema: S, body?: unknown) => {
    const res = await json(s, method, path, body, admin);
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(await res.json())}`);
    return readJson(res, schema);
  };
  const timers = () => s.running.deps.bookings.runTimers();
  /** Moves the server's clock on; the owner signs in again (sessions end after 12 hours). */
  const advance = async (ms: number) => {
    s.clock.advance(ms);
    admin = bearer(await s.loginToken());
  };
  /** Waits until the outbox has sent everything it can. */
  const flush = () => s.running.deps.outbox.kick();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    s = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Brisas <reservas@brisas.test>' } });
    s.clock.toCabinMorning();
    admin = bearer(await s.loginToken());
    await owner('PATCH', '/ajustes', z.unknown(), {
      bankAccount: 'Bancolombia ahorros 123-456789-01 a nombre de Ana Gómez',
      nequiNumber: '3005550142',
      cleaningFee: 80_000,
      notificationEmail: 'dueno@brisas.test',
    });
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  it('takes a request to confirmed and completed, with the price frozen, the nights blocked and every e-mail', async () => {
    const body = await bookingRequestBody(s, 20, 3);
    const quote = await readJson(
      await json(s, 'GET', `/cotizacion?checkIn=${body.checkIn}&checkOut=${body.checkOut}&numPeople=4`),
      QuoteSchema,
    );
    const sent = smtp.messages.length;
    const res = await json(s, 'POST', '/reservas', body);
    expect(res.status).toBe(201);
    const requested = await readJson(res, RequestedBookingSchema);
    expect(requested.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(requested.state).toBe('solicitada');
    expect(requested.price).toMatchObject({
      nights: 3,
      numPeople: 4,
      lodging: quote.total,
      cleaningFee: 80_000,
      total: quote.total + 80_000,
      depositPercent: 50,
      deposit: Math.round((quote.total + 80_000) / 2),
    });
    expect(requested.balanceDueAt).toBeNull();
    expect(requested.payment.nequiNumber).toBe('3005550142');
    // A request does not hold the nights yet.
    const free = await readJson(await json(s, 'GET', `/disponibilidad`), AvailabilitySchema);
    expect(free.blocked.some((r) => r.start <= body.checkIn && body.checkIn < r.end)).toBe(false);

    // The guest's private page: its token, nothing else.
    const { code, token } = requested;
    const page = await json(s, 'GET', `/reserva/${code}?t=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const guest = await readJson(page, GuestBookingSchema);
    expect(guest).not.toHaveProperty('email');
    expect(guest).not.toHaveProperty('phone');
    for (const bad of [
      `/reserva/${code}?t=${'A'.repeat(43)}`,
      `/reserva/ZZZZZZZZ?t=${token}`,
      `/reserva/abc?t=${token}`,
    ]) {
      const r = await json(s, 'GET', bad);
      expect(r.status, bad).toBe(404);
      expect((await readError(r)).error).toMatch(/^No encontramos esa reserva/);
    }
    expect((await json(s, 'GET', `/reserva/${code}`)).status).toBe(400);

    // Received: the guest and the owner, in Spanish, with the private link.
    const mails = await smtp.waitFor(sent + 2);
    const [toGuest, toOwner] = [mails[sent]!, mails[sent + 1]!].sort((a) => (a.to[0] === 'maria@example.com' ? -1 : 1));
    expect(toGuest!.to).toEqual(['maria@example.com']);
    expect(toGuest!.from).toContain('reservas@brisas.test');
    expect(toGuest!.subject).toBe(`Recibimos tu solicitud de reserva ${code}`);
    const link = `${BUSINESS.siteUrl}/reserva/${code}?t=${token}`;
    // Each outbox entry has its own stable Message-ID on the site's domain (the same on a resend).
    const messageId = new RegExp(`^<[A-Za-z0-9_-]{16}@${new URL(BUSINESS.siteUrl).hostname.replaceAll('.', '\\.')}>$`);
    expect(toGuest!.messageId).toMatch(messageId);
    expect(toOwner!.messageId).toMatch(messageId);
    expect(toOwner!.messageId).not.toBe(toGuest!.messageId);
    expect(toGuest!.text).toContain(link);
    expect(toGuest!.text).toContain('Las fechas aún no están reservadas');
    // The guest's own text is escaped in the HTML part.
    expect(toGuest!.html).toContain('María &lt;b&gt;Pérez&lt;/b&gt;');
    expect(toGuest!.html).not.toContain('<b>Pérez');
    expect(toOwner!.to).toEqual(['dueno@brisas.test']);
    expect(toOwner!.subject).toContain(`Nueva solicitud ${code}`);
    expect(toOwner!.text).toContain('300 123 4567');

    // The owner accepts with another total and a note the guest sees.
    const list = await owner('GET', '/reservas?estado=solicitada', z.array(BookingSchema));
    const id = list.find((b) => b.code === code)!.id;
    const accepted = await owner('POST', `/reservas/${id}/aceptar`, BookingSchema, {
      total: 1_000_000,
      note: 'Descuento por temporada baja',
    });
    expect(accepted.state).toBe('aceptada');
    expect(accepted.price).toMatchObject({
      total: 1_000_000,
      adjustedTotal: 1_000_000,
      deposit: 500_000,
      balance: 500_000,
    });
    expect(Date.parse(accepted.depositDueAt!) - s.clock.now()).toBeGreaterThan(23.9 * HOUR);
    expect(accepted.history.map((h) => [h.state, h.by])).toEqual([
      ['solicitada', 'huesped'],
      ['aceptada', 'propietario'],
    ]);
    const [acceptedMail] = (await smtp.waitFor(sent + 3)).slice(sent + 2);
    expect(acceptedMail!.subject).toMatch(/^Reserva aceptada: paga el anticipo antes del /);
    expect(acceptedMail!.text).toContain('Bancolombia ahorros 123-456789-01');
    expect(acceptedMail!.text).toContain('Nequi: 3005550142');
    // Without Wompi configured, no online payment is offered (issue 32).
    expect(acceptedMail!.text).not.toContain('Paga el anticipo en línea');
    expect(acceptedMail!.text).toContain('Descuento por temporada baja');
    expect(acceptedMail!.text).toContain(link);

    // The hold blocks the nights everywhere: availability, the quote, the iCal export, new requests.
    const held = await readJson(await json(s, 'GET', `/disponibilidad`), AvailabilitySchema);
    expect(held.blocked.some((r) => r.start <= body.checkIn && body.checkOut <= r.end)).toBe(true);
    const q2 = await readJson(
      await json(s, 'GET', `/cotizacion?checkIn=${body.checkIn}&checkOut=${body.checkOut}&numPeople=4`),
      QuoteSchema,
    );
    expect(q2.available).toBe(false);
    const cal = await owner('GET', '/calendario', CalendarSchema);
    const ics = await (await fetch(cal.exportUrl)).text();
    expect(ics).toContain(`UID:reserva-${id}@`);
    expect(ics).toContain(`DTSTART;VALUE=DATE:${body.checkIn.replaceAll('-', '')}`);
    expect(ics).not.toContain('María');
    const again = await json(s, 'POST', '/reservas', await bookingRequestBody(s, 21, 2));
    expect(again.status).toBe(409);
    expect((await readError(again)).error).toBe(
      'Algunas de las noches elegidas ya están ocupadas. Elige otras fechas.',
    );
    // The old reservation form is gone (issue 33): pointed to /planes, whatever the nights.
    const enquiry = await json(s, 'POST', '/consultas', { type: 'reserva', ...(await bookingRequestBody(s, 21, 2)) });
    expect(enquiry.status).toBe(400);
    expect((await readError(enquiry)).error).toMatch(/\/planes/);

    // The guest uploads the transfer receipt; the owner is told and can read it, nobody else.
    const up = await uploadReceipt(s, code, token, RECEIPT_PDF, 'transferencia.pdf');
    expect(up.status).toBe(201);
    const withReceipt = await readJson(up, GuestBookingSchema);
    expect(withReceipt.receipts).toEqual([
      expect.objectContaining({ name: 'transferencia.pdf', type: 'application/pdf' }),
    ]);
    const receiptId = withReceipt.receipts[0]!.id;
    const [receiptMail] = (await smtp.waitFor(sent + 4)).slice(sent + 3);
    expect(receiptMail!.to).toEqual(['dueno@brisas.test']);
    expect(receiptMail!.subject).toContain(`Comprobante recibido: reserva ${code}`);
    const file = await json(s, 'GET', `/reservas/${id}/comprobantes/${receiptId}`, undefined, admin);
    expect(file.headers.get('cache-control')).toBe('no-store');
    const got = await readJson(file, ReceiptFileSchema);
    expect(Buffer.from(got.data, 'base64').toString()).toBe(RECEIPT_PDF);
    expect((await json(s, 'GET', `/reservas/${id}/comprobantes/${receiptId}`)).status).toBe(401);
    expect((await json(s, 'GET', `/reservas/${id}/comprobantes/${'x'.repeat(16)}`, undefined, admin)).status).toBe(404);
    // Not under the public media folder.
    expect((await fetch(`${s.url}/media/${id}/${receiptId}`)).status).toBe(404);

    // A partial payment, then the deposit: confirmed.
    const part = await owner('POST', `/reservas/${id}/pagos`, BookingSchema, {
      amount: 200_000,
      method: 'nequi',
      date: todayAtCabin(),
    });
    expect(part.state).toBe('aceptada');
    const confirmed = await owner('POST', `/reservas/${id}/pagos`, BookingSchema, {
      amount: 300_000,
      method: 'transferencia',
      date: todayAtCabin(),
      receiptId,
      note: 'Bancolombia',
    });
    expect(confirmed).toMatchObject({ state: 'confirmada', paid: 500_000, depositDueAt: null });
    // Each payment is also told to the owner (an alert of the overview is always an e-mail too).
    const after = (await smtp.waitFor(sent + 8)).slice(sent + 4);
    expect(after.map((m) => m.subject)).toEqual([
      `Recibimos tu pago (reserva ${code})`,
      `Pago registrado: reserva ${code} (María <b>Pérez</b>)`,
      `Reserva confirmada ${code}`,
      `Pago registrado: reserva ${code} (María <b>Pérez</b>)`,
    ]);
    expect(after[2]!.text).toContain('Saldo pendiente: ');
    expect(after[3]!.to).toEqual(['dueno@brisas.test']);
    expect(after[3]!.text).toContain('la reserva quedó confirmada');

    // Completed only from the check-out day; the server does it itself after check-out.
    const early = await json(s, 'POST', `/reservas/${id}/completar`, undefined, admin);
    expect(early.status).toBe(409);
    expect((await readError(early)).error).toBe('La reserva se puede marcar como completada desde el día de salida.');
    await advance(24 * 24 * HOUR);
    await timers();
    const done = await owner('GET', `/reservas/${id}`, BookingSchema);
    expect(done.state).toBe('completada');
    expect(done.history.at(-1)).toMatchObject({ state: 'completada', by: 'sistema' });
  });

  it('refuses bad input with Spanish messages, and actions the state does not allow with 409', async () => {
    const bad = await json(s, 'POST', '/reservas', await bookingRequestBody(s, 5, 2, { consent: false, numPeople: 0 }));
    expect(bad.status).toBe(400);
    const err = await readError(bad);
    expect(err.fields).toMatchObject({
      consent: 'Debes aceptar el tratamiento de tus datos personales.',
      numPeople: 'Elige el número de personas.',
    });
    const yesterday = addDays(todayAtCabin(), -1);
    const past = await json(
      s,
      'POST',
      '/reservas',
      await bookingRequestBody(s, 0, 2, { checkIn: yesterday, checkOut: addDays(yesterday, 2) }),
    );
    expect((await readError(past)).fields?.checkIn).toBe('La fecha de llegada no puede estar en el pasado.');
    const lang = await json(s, 'POST', '/reservas', await bookingRequestBody(s, 5, 2, { lang: 'fr' }));
    expect(lang.status).toBe(400);

    const res = await json(s, 'POST', '/reservas', await bookingRequestBody(s, 40, 2));
    const { code, token } = await readJson(res, RequestedBookingSchema);
    const id = (await owner('GET', '/reservas', z.array(BookingSchema))).find((b) => b.code === code)!.id;
    const cases: [string, unknown, number, RegExp][] = [
      [`/reservas/${id}/rechazar`, {}, 400, /motivo/],
      [`/reservas/${id}/extender`, { hours: 0 }, 400, /al menos 1 hora/],
      [`/reservas/${id}/extender`, { hours: 2 }, 409, /Solo se puede extender/],
      [`/reservas/${id}/pagos`, { amount: -5, method: 'nequi', date: todayAtCabin() }, 400, /monto/],
      [`/reservas/${id}/pagos`, { amount: 5, method: 'bitcoin', date: todayAtCabin() }, 400, /Elige cómo se pagó/],
      // Only the gateway records a Wompi payment (with its transaction).
      [`/reservas/${id}/pagos`, { amount: 5, method: 'wompi', date: todayAtCabin() }, 400, /Elige cómo se pagó/],
      [`/reservas/${id}/pagos`, { amount: 5, method: 'nequi', date: todayAtCabin() }, 409, /Solo se registran pagos/],
      [`/reservas/${id}/aceptar`, { total: 0 }, 400, /total/],
      [`/reservas/${id}/cancelar`, { refund: 10 }, 400, /no puede superar lo pagado/],
      [`/reservas/${id}/completar`, undefined, 409, /Solo una reserva confirmada/],
      [`/reservas/${'x'.repeat(16)}/aceptar`, {}, 404, /No encontramos esa reserva/],
    ];
    for (const [path, body, status, message] of cases) {
      const r = await json(s, 'POST', path, body, admin);
      expect(r.status, path).toBe(status);
      expect((await readError(r)).error, path).toMatch(message);
    }
    // The guest's receipt before acceptance, and files that are not receipts.
    expect((await uploadReceipt(s, code, token, RECEIPT_PDF)).status).toBe(409);
    await owner('POST', `/reservas/${id}/rechazar`, BookingSchema, { reason: 'Fechas reservadas para mantenimiento' });
    const declined = await readJson(await json(s, 'GET', `/reserva/${code}?t=${token}`), GuestBookingSchema);
    expect(declined).toMatchObject({
      state: 'rechazada',
      declineReason: 'Fechas reservadas para mantenimiento',
      canCancel: false,
    });
    const twice = await json(s, 'POST', `/reservas/${id}/aceptar`, {}, admin);
    expect(twice.status).toBe(409);
    const cancel = await json(s, 'POST', `/reserva/${code}/cancelar`, { t: token });
    expect(cancel.status).toBe(409);
    expect((await readError(cancel)).error).toBe('Esta reserva ya no se puede cancelar.');
    const wrongToken = await json(s, 'POST', `/reserva/${code}/cancelar`, { t: 'B'.repeat(43) });
    expect(wrongToken.status).toBe(404);
  });

  it('checks receipts like photos: by content (415), by size (413), with a token (404)', async () => {
    const res = await json(s, 'POST', '/reservas', await bookingRequestBody(s, 60, 2));
    const { code, token } = await readJson(res, RequestedBookingSchema);
    const id = (await owner('GET', '/reservas', z.array(BookingSchema))).find((b) => b.code === code)!.id;
    await owner('POST', `/reservas/${id}/aceptar`, BookingSchema, {});
    const text = await uploadReceipt(s, code, token, '<html>no soy un comprobante</html>', 'pago.pdf');
    expect(text.status).toBe(415);
    expect((await readError(text)).error).toBe('Sube el comprobante como imagen (JPEG, PNG, WebP, HEIC) o PDF.');
    const big = await uploadReceipt(s, code, token, new Uint8Array(10 * 1024 * 1024 + 1).fill(37));
    expect(big.status).toBe(413);
    expect((await readError(big)).error).toBe('El comprobante supera el tamaño máximo de 10 MB.');
    expect((await uploadReceipt(s, code, 'C'.repeat(43), RECEIPT_PDF)).status).toBe(404);
    const noToken = new FormData();
    noToken.set('file', new Blob([RECEIPT_PDF]), 'a.pdf');
    const r = await fetch(`${s.apiUrl}/reserva/${code}/comprobantes`, { method: 'POST', body: noToken });
    expect(r.status).toBe(400);
    const notMultipart = await json(s, 'POST', `/reserva/${code}/comprobantes`, { t: token });
    expect(notMultipart.status).toBe(415);
    const guest = await readJson(await json(s, 'GET', `/reserva/${code}?t=${token}`), GuestBookingSchema);
    expect(guest.receipts).toEqual([]);
  });

  it('never holds the same nights twice, however many requests come at once', async () => {
    await owner('PATCH', '/ajustes', z.unknown(), { instantBooking: true });
    try {
      const bodies = await Promise.all(Array.from({ length: 6 }, () => bookingRequestBody(s, 80, 3)));
      const answers = await Promise.all(bodies.map((b) => json(s, 'POST', '/reservas', b)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
      const winner = await readJson(
        answers.find((a) => a.status === 201)!,
        RequestedBookingSchema,
      );
      expect(winner.state).toBe('aceptada');
      expect(winner.depositDueAt).not.toBeNull();
    } finally {
      await owner('PATCH', '/ajustes', z.unknown(), { instantBooking: false });
    }
    // Two requests for the same nights may wait side by side; only one can be accepted.
    const a = await readJson(
      await json(s, 'POST', '/reservas', await bookingRequestBody(s, 90, 2)),
      RequestedBookingSchema,
    );
    const b = await readJson(
      await json(s, 'POST', '/reservas', await bookingRequestBody(s, 91, 2)),
      RequestedBookingSchema,
    );
    const all = await owner('GET', '/reservas', z.array(BookingSchema));
    const ids = [a, b].map((x) => all.find((y) => y.code === x.code)!.id);
    const accepts = await Promise.all(ids.map((id) => json(s, 'POST', `/reservas/${id}/aceptar`, {}, admin)));
    expect(accepts.map((r) => r.status).sort()).toEqual([200, 409]);
    const lost = accepts.find((r) => r.status === 409)!;
    expect((await readError(lost)).error).toBe(
      'Algunas de las noches de esta reserva ya están ocupadas por otra reserva o un bloqueo.',
    );
  });

  it('reminds before the hold ends, lets it lapse (nights freed), and reminds of the balance', async () => {
    const body = await bookingRequestBody(s, 120, 2);
    const { code } = await readJson(await json(s, 'POST', '/reservas', body), RequestedBookingSchema);
    const id = (await owner('GET', '/reservas', z.array(BookingSchema))).find((b) => b.code === code)!.id;
    await owner('POST', `/reservas/${id}/aceptar`, BookingSchema, {});
    const about = (subject: string) => (m: { subject: string }) => m.subject === subject;
    const holdReminder = `Recordatorio: el anticipo de tu reserva ${code} vence pronto`;
    await advance(17 * HOUR);
    await timers();
    await flush();
    expect(smtp.messages.some(about(holdReminder))).toBe(false);
    await advance(2 * HOUR);
    await timers();
    await timers();
    await smtp.find(about(holdReminder));
    // Extending moves the deadline and arms a new reminder.
    const extended = await owner('POST', `/reservas/${id}/extender`, BookingSchema, { hours: 1 });
    expect(extended.reminders.hold).toBeUndefined();
    await advance(6 * HOUR);
    await timers();
    const lapsed = await owner('GET', `/reservas/${id}`, BookingSchema);
    expect(lapsed.state).toBe('vencida');
    expect(lapsed.history.at(-1)).toMatchObject({ state: 'vencida', by: 'sistema' });
    await smtp.find(about(`Tu reserva ${code} venció`));
    await flush();
    // The timer found the new deadline already past: it lapsed without a second reminder.
    expect(smtp.messages.filter(about(holdReminder))).toHaveLength(1);
    const avail = await readJson(await json(s, 'GET', `/disponibilidad`), AvailabilitySchema);
    expect(avail.blocked.some((r) => r.start <= body.checkIn && body.checkIn < r.end)).toBe(false);

    // A confirmed stay with a balance due on arrival is reminded three days before.
    const soon = await bookingRequestBody(s, 3, 2);
    const { code: c2 } = await readJson(await json(s, 'POST', '/reservas', soon), RequestedBookingSchema);
    const id2 = (await owner('GET', '/reservas', z.array(BookingSchema))).find((b) => b.code === c2)!.id;
    const ok = await owner('POST', `/reservas/${id2}/aceptar`, BookingSchema, {});
    await owner('POST', `/reservas/${id2}/pagos`, BookingSchema, {
      amount: ok.price.deposit,
      method: 'efectivo',
      date: todayAtCabin(),
    });
    await timers();
    const balanceReminder = about(`Recordatorio: saldo de tu reserva ${c2}`);
    const balance = await smtp.find(balanceReminder);
    expect(balance.text).toContain('a la llegada');
    await timers();
    await flush();
    expect(smtp.messages.filter(balanceReminder)).toHaveLength(1);
  });

  it('lets the guest cancel with the refund the policy gives, and tells both sides', async () => {
    const { code, token } = await readJson(
      await json(s, 'POST', '/reservas', await bookingRequestBody(s, 150, 2)),
      RequestedBookingSchema,
    );
    const id = (await owner('GET', '/reservas', z.array(BookingSchema))).find((b) => b.code === code)!.id;
    const held = await owner('POST', `/reservas/${id}/aceptar`, BookingSchema, {});
    await owner('POST', `/reservas/${id}/pagos`, BookingSchema, {
      amount: held.price.deposit,
      method: 'nequi',
      date: todayAtCabin(),
    });
    const view = await readJson(await json(s, 'GET', `/reserva/${code}?t=${token}`), GuestBookingSchema);
    // Moderate policy, months ahead: everything paid comes back.
    expect(view.refundIfCancelledNow).toBe(held.price.deposit);
    await flush();
    const n = smtp.messages.length;
    const res = await json(s, 'POST', `/reserva/${code}/cancelar`, { t: token, reason: 'Cambio de planes' });
    expect(res.status).toBe(200);
    const cancelled = await readJson(res, GuestBookingSchema);
    expect(cancelled).toMatchObject({
      state: 'cancelada',
      cancellation: { by: 'huesped', refund: held.price.deposit },
    });
    const mails = (await smtp.waitFor(n + 2)).slice(n);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['dueno@brisas.test', 'maria@example.com']);
    expect(mails.find((m) => m.to[0] === 'maria@example.com')!.text).toContain('Te devolveremos');
    const free = await readJson(await json(s, 'GET', `/disponibilidad`), AvailabilitySchema);
    expect(free.blocked.some((r) => r.start <= view.checkIn && view.checkIn < r.end)).toBe(false);
  });

  it('writes to a guest who booked in English in English, with the English private link; the owner in Spanish', async () => {
    await flush();
    const n = smtp.messages.length;
    const body = await bookingRequestBody(s, 180, 2, { email: 'john@example.com', name: 'John Smith', lang: 'en' });
    const { code, token } = await readJson(await json(s, 'POST', '/reservas', body), RequestedBookingSchema);
    const mails = (await smtp.waitFor(n + 2)).slice(n);
    const toGuest = mails.find((m) => m.to[0] === 'john@example.com')!;
    const toOwner = mails.find((m) => m.to[0] === 'dueno@brisas.test')!;
    expect(toGuest.subject).toBe(`We received your booking request ${code}`);
    expect(toGuest.text).toContain('Hello John Smith,');
    expect(toGuest.text).toContain(`${BUSINESS.siteUrl}/en/booking/${code}?t=${token}`);
    expect(toGuest.text).not.toContain(`/reserva/${code}`);
    expect(toGuest.text).toContain('Cancellation policy (Moderate):');
    expect(toOwner.subject).toContain(`Nueva solicitud ${code}`);
    const id = (await owner('GET', '/reservas', z.array(BookingSchema))).find((b) => b.code === code)!.id;
    await owner('POST', `/reservas/${id}/aceptar`, BookingSchema, {});
    const accepted = (await smtp.waitFor(n + 3)).slice(n + 2)[0]!;
    expect(accepted.subject).toMatch(/^Booking accepted: pay the deposit before /);
    expect(accepted.text).toContain('Bank transfer: Bancolombia ahorros 123-456789-01');
  });

  it('keeps e-mails through an SMTP outage and sends them after, with back-off', async () => {
    await flush();
    smtp.refusing = true;
    const n = smtp.messages.length;
    const { code } = await readJson(
      await json(s, 'POST', '/reservas', await bookingRequestBody(s, 200, 2)),
      RequestedBookingSchema,
    );
    await flush();
    const outbox = await owner('GET', '/correos', OutboxSchema);
    expect(outbox.smtpConfigured).toBe(true);
    const waiting = outbox.entries.filter((e) => e.code === code);
    expect(waiting).toHaveLength(2);
    for (const e of waiting) {
      expect(e.attempts).toBe(1);
      expect(e.lastError).toContain('451');
      expect(Date.parse(e.nextAttemptAt!) - s.clock.now()).toBeGreaterThan(50_000);
      expect(e.mailto).toMatch(/^mailto:/);
    }
    expect(waiting.find((e) => e.kind === 'guest-received')!.whatsapp).toMatch(
      /^https:\/\/wa\.me\/573001234567\?text=/,
    );
    smtp.refusing = false;
    // Not before its time...
    await flush();
    expect(smtp.messages.length).toBe(n);
    // ...and at once when the owner asks: due now, sent in the background.
    const retried = await owner('POST', '/correos/reintentar', OutboxSchema, {});
    expect(retried.entries.filter((e) => e.code === code && e.nextAttemptAt !== null)).toEqual([]);
    expect((await smtp.waitFor(n + 2)).slice(n).map((m) => m.subject)).toContain(
      `Recibimos tu solicitud de reserva ${code}`,
    );
  });
});

describe('bookings without SMTP, and their limits', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { PUBLIC_UPLOADS_PER_CLIENT: '2' } });
    s.clock.toCabinMorning();
  });
  afterAll(() => s.close());

  it('keeps every message in the outbox with mailto and WhatsApp links, and says SMTP is not configured', async () => {
    const { code } = await readJson(
      await json(s, 'POST', '/reservas', await bookingRequestBody(s, 30, 2)),
      RequestedBookingSchema,
    );
    const admin = bearer(await s.loginToken());
    const outbox = await readJson(await json(s, 'GET', '/correos', undefined, admin), OutboxSchema);
    expect(outbox.smtpConfigured).toBe(false);
    const mine = outbox.entries.filter((e) => e.code === code);
    expect(mine.map((e) => e.kind).sort()).toEqual(['guest-received', 'owner-new-request']);
    const guest = mine.find((e) => e.kind === 'guest-received')!;
    expect(guest).toMatchObject({ to: 'maria@example.com', attempts: 0, lastError: null });
    expect(decodeURIComponent(guest.mailto)).toContain(`Recibimos tu solicitud de reserva ${code}`);
    expect(guest.whatsapp).toMatch(/^https:\/\/wa\.me\/573001234567/);
    expect(mine.find((e) => e.kind === 'owner-new-request')!.whatsapp).toBeUndefined();
    expect((await json(s, 'GET', '/correos')).status).toBe(401);
  });

  it('limits receipts per client (429)', async () => {
    const { code, token } = await readJson(
      await json(s, 'POST', '/reservas', await bookingRequestBody(s, 50, 2)),
      RequestedBookingSchema,
    );
    const admin = bearer(await s.loginToken());
    const all = (await (await json(s, 'GET', '/reservas', undefined, admin)).json()) as Booking[];
    await json(s, 'POST', `/reservas/${all.find((b) => b.code === code)!.id}/aceptar`, {}, admin);
    expect((await uploadReceipt(s, code, token, RECEIPT_PDF)).status).toBe(201);
    expect((await uploadReceipt(s, code, token, RECEIPT_PDF)).status).toBe(201);
    const third = await uploadReceipt(s, code, token, RECEIPT_PDF);
    expect(third.status).toBe(429);
    expect((await readError(third)).error).toMatch(/^Has subido muchos comprobantes/);
  });

  it('lapses a hold that ended while the server was down, at start', async () => {
    const dataDir = s.dataDir;
    const { code } = await readJson(
      await json(s, 'POST', '/reservas', await bookingRequestBody(s, 70, 2)),
      RequestedBookingSchema,
    );
    const admin = bearer(await s.loginToken());
    const all = (await (await json(s, 'GET', '/reservas', undefined, admin)).json()) as Booking[];
    const id = all.find((b) => b.code === code)!.id;
    await json(s, 'POST', `/reservas/${id}/aceptar`, {}, admin);
    const clock = s.clock;
    await s.running.close();
    clock.advance(25 * HOUR);
    const again = await startTestServer({ dataDir, clock });
    try {
      const token = bearer(await again.loginToken());
      const b = BookingSchema.parse(await (await json(again, 'GET', `/reservas/${id}`, undefined, token)).json());
      expect(b.state).toBe('vencida');
    } finally {
      await again.close();
      // The first server is closed; a second close must not fail the suite.
      s = { ...s, close: () => Promise.resolve() };
    }
  });
});
