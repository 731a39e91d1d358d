import { request as httpRequest } from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { z } from 'zod';
import {
  BookingSchema,
  GuestBookingSchema,
  OutboxSchema,
  ReceiptFileSchema,
  RequestedBookingSchema,
} from '@cabana/shared/domain/schemas/booking';
import { SettingsSchema } from '@cabana/shared/domain/schemas/settings';
import { startTestServer, type TestServer } from '../../test-support/server';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/smtp';
import { readError, readJson } from '../../test-support/json';
import { RECEIPT_PDF, acceptedBooking, bookingRequestBody, uploadReceipt } from '../../test-support/bookings';
import { bearer, json } from './helpers/http';

const HOUR = 3_600_000;
/** A client of its own, as Caddy passes it (TRUST_PROXY). */
const from = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });

/** Issue 28, items 2, 3, 5, 6, 12 and 13: what a stranger can make the booking form and the private link do. */
describe('the booking form and the private link under abuse (issue 28)', () => {
  let smtp: TestSmtpServer;
  let s: TestServer;
  let admin: Record<string, string>;
  let client = 1;
  const owner = async <S extends z.ZodType>(method: string, path: string, schema: S, body?: unknown) => {
    const res = await json(s, method, path, body, admin);
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(await res.json())}`);
    return readJson(res, schema);
  };
  /** A booking request from a client of its own (or `as`), answered 201. */
  const requestBooking = async (inDays: number, nights: number, over: Record<string, unknown> = {}, as = client++) => {
    const res = await json(s, 'POST', '/reservas', await bookingRequestBody(s, inDays, nights, over), from(as));
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    return readJson(res, RequestedBookingSchema);
  };
  const outboxOf = (code: string) => s.running.deps.store.data.outbox.filter((m) => m.code === code);
  const flush = () => s.running.deps.outbox.kick();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    s = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        TRUST_PROXY: 'true',
        GUEST_MAILS_PER_ADDRESS: '3',
        GUEST_LINK_LOOKUPS_PER_CLIENT: '20',
      },
    });
    admin = bearer(await s.loginToken());
    await owner('PATCH', '/ajustes', z.unknown(), { notificationEmail: 'dueno@brisas.test' });
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  it('mails nobody but the owner for a suspect request, and the owner sees it flagged', async () => {
    const suspect = await requestBooking(10, 2, { formToken: '', email: 'sospecha@example.com' });
    expect(suspect.state).toBe('solicitada');
    expect(outboxOf(suspect.code).map((m) => [m.kind, m.to])).toEqual([['owner-new-request', 'dueno@brisas.test']]);
    await flush();
    const toOwner = await smtp.find((m) => m.subject.includes(suspect.code));
    expect(toOwner.text).toContain('Posible spam');
    expect(toOwner.text).toContain('El huésped no recibió ningún correo');
    expect(smtp.messages.some((m) => m.to.includes('sospecha@example.com'))).toBe(false);
    const listed = (await owner('GET', '/reservas', z.array(BookingSchema))).find((b) => b.code === suspect.code)!;
    expect(listed.suspect).toBe('missing-token');
    // The owner may still accept it: then the guest hears from the cabin.
    await owner('POST', `/reservas/${listed.id}/aceptar`, BookingSchema, {});
    expect(outboxOf(suspect.code).map((m) => m.kind)).toEqual(['owner-new-request', 'guest-accepted']);
  });

  it('sends one address at most 3 messages a day until its guest answers, counted by a keyed hash of it', async () => {
    const victim = 'victima@example.com';
    const requested = [];
    for (let i = 0; i < 6; i++) requested.push(await requestBooking(20 + i * 3, 2, { email: victim }));
    const codes = requested.map((r) => r.code);
    const toVictim = codes.flatMap((c) => outboxOf(c).filter((m) => m.to === victim));
    const toOwner = codes.flatMap((c) => outboxOf(c).filter((m) => m.kind === 'owner-new-request'));
    // Before: 6 of 6 (60 in 2.6 s in the review). After: 3 a day; the owner hears of every request.
    expect(toVictim).toHaveLength(3);
    expect(toOwner).toHaveLength(6);
    // The owner sees why those guests heard nothing.
    const listed = await owner('GET', '/reservas', z.array(BookingSchema));
    expect(listed.find((b) => b.code === codes[5])!.history[0]!.note).toMatch(/^Sin correo al huésped/);
    expect(listed.find((b) => b.code === codes[0])!.history[0]!.note).toBeUndefined();
    // Another address is not held back by this one.
    const other = await requestBooking(45, 2, { email: 'otra@example.com' });
    expect(outboxOf(other.code).filter((m) => m.to === 'otra@example.com')).toHaveLength(1);

    // A guest who answers from the link (here: cancels one request) is a real guest: mailed again.
    const first = await requestBooking(60, 2, { email: victim });
    expect(outboxOf(first.code).filter((m) => m.to === victim)).toHaveLength(0);
    const cancelled = await json(s, 'POST', `/reserva/${requested[0]!.code}/cancelar`, { t: requested[0]!.token });
    expect(cancelled.status).toBe(200);
    const again = await requestBooking(66, 2, { email: victim });
    expect(outboxOf(again.code).filter((m) => m.to === victim && m.kind === 'guest-received')).toHaveLength(1);

    // A day later, a fresh address's ration is whole again.
    const quiet = 'callada@example.com';
    for (let i = 0; i < 4; i++) await requestBooking(70 + i * 3, 2, { email: quiet });
    s.clock.advance(24 * HOUR + 1);
    admin = bearer(await s.loginToken());
    const next = await requestBooking(90, 2, { email: quiet });
    expect(outboxOf(next.code).filter((m) => m.to === quiet)).toHaveLength(1);
  });

  it('never turns a guest name into a link, in the HTML or the text part', async () => {
    const sent = smtp.messages.length;
    const booked = await requestBooking(100, 2, { name: 'http://evil.example/pago', email: 'enlace@example.com' });
    await flush();
    const mails = await smtp.waitFor(sent + 2);
    const toGuest = mails.find((m) => m.to.includes('enlace@example.com'))!;
    const toOwner = mails.find((m) => m.to.includes('dueno@brisas.test') && m.subject.includes(booked.code))!;
    for (const part of [toGuest.text, toGuest.html, toOwner.subject, toOwner.text, toOwner.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('http://evil');
    }
    // The guest is greeted without it; the owner reads it defanged.
    expect(toGuest.text).toMatch(/^Hola:/);
    expect(toOwner.subject).toContain('http[:]//evil[.]example/pago');
    // The only link in the guest's HTML is the booking's own.
    expect(toGuest.html.match(/<a /g)).toHaveLength(1);
    // An ordinary name is kept as typed.
    const plain = await requestBooking(104, 2, { name: 'Ana M. Pérez', email: 'ana@example.com' });
    await flush();
    const toAna = await smtp.find((m) => m.to.includes('ana@example.com') && m.subject.includes(plain.code));
    expect(toAna.text).toMatch(/^Hola, Ana M\. Pérez:/);
  });

  it('strips encoded words and bidirectional controls from a name before it reaches a Subject (item 10)', async () => {
    const name = 'Ana =?utf-8?B?UGFnbyBhcHJvYmFkbw==?= \u202EMaría\u200F';
    const booked = await requestBooking(108, 2, { name, email: 'codificado@example.com' });
    await flush();
    const toOwner = await smtp.find((m) => m.to.includes('dueno@brisas.test') && m.subject.includes(booked.code));
    // Before: the owner's mail client decoded it into "Pago aprobado".
    expect(toOwner.subject).toContain(': Ana María,');
    expect(toOwner.subject).not.toContain('Pago aprobado');
    expect(toOwner.subject).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/);
  });

  it('refuses a request for year 9999 as the quote does, with a Spanish 400 (item 11)', async () => {
    const body = await bookingRequestBody(s, 10, 2, { checkIn: '9999-01-01', checkOut: '9999-01-03' });
    const asked = await json(s, 'POST', '/reservas', body, from(client++));
    const quoted = await json(s, 'GET', '/cotizacion?checkIn=9999-01-01&checkOut=9999-01-03&numPeople=4');
    expect([asked.status, quoted.status]).toEqual([400, 400]);
    expect((await readError(asked)).fields?.checkIn).toBe('Elige una fecha de llegada hasta el 2199-12-31.');
  });

  it('holds at once only a verified request, up to the owner’s maximum stay, one per address and per client', async () => {
    const settings = await owner('PATCH', '/ajustes', SettingsSchema, { instantBooking: true });
    expect(settings.instantMaxNights).toBe(30);
    try {
      // Before: a tokenless 365-night request was held at once.
      const suspect = await requestBooking(120, 20, { formToken: '', email: 'bot@example.com' });
      expect(suspect.state).toBe('solicitada');
      const long = await requestBooking(150, 31, { email: 'larga@example.com' });
      expect(long.state).toBe('solicitada');
      const held = await requestBooking(190, 30, { email: 'uno@example.com' }, 201);
      expect(held.state).toBe('aceptada');
      // The same address from another client, and another address from the same client: requests.
      const sameAddress = await requestBooking(230, 2, { email: 'UNO@example.com' }, 202);
      const sameClient = await requestBooking(240, 2, { email: 'dos@example.com' }, 201);
      expect([sameAddress.state, sameClient.state]).toEqual(['solicitada', 'solicitada']);
      const listed = await owner('GET', '/reservas', z.array(BookingSchema));
      expect(listed.find((b) => b.code === sameClient.code)!.history[0]!.note).toMatch(/cliente ya tiene/);
      expect(listed.find((b) => b.code === long.code)!.history[0]!.note).toMatch(/más de 30 noches/);
      // Anyone else is held as before.
      expect((await requestBooking(250, 2, { email: 'tres@example.com' }, 203)).state).toBe('aceptada');
      // The owner's setting, checked like the others.
      const wrong = await json(s, 'PATCH', '/ajustes', { instantMaxNights: 0 }, admin);
      expect(wrong.status).toBe(400);
      expect((await readError(wrong)).fields?.instantMaxNights).toMatch(/al menos 1 noche/);
      await owner('PATCH', '/ajustes', z.unknown(), { instantMaxNights: 40 });
      expect((await requestBooking(280, 31, { email: 'cuatro@example.com' }, 204)).state).toBe('aceptada');
    } finally {
      await owner('PATCH', '/ajustes', z.unknown(), { instantBooking: false, instantMaxNights: 30 });
    }
  });

  it('takes at most 10 receipts per booking and mails the owner once an hour, named by their type', async () => {
    const booking = await acceptedBooking(s, 400, 2, { email: 'recibos@example.com' });
    const ownerMails = () => outboxOf(booking.code).filter((m) => m.kind === 'owner-receipt').length;
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const names = ['comprobante.html', 'Factura.pdf.exe'];
    for (let i = 0; i < 3; i++) {
      const r = await uploadReceipt(s, booking.code, booking.token, i === 1 ? jpeg : RECEIPT_PDF, names[i] ?? 'x.pdf');
      expect(r.status).toBe(201);
    }
    // Before: one owner e-mail per receipt (30 in 6 s). After: one per booking per hour.
    expect(ownerMails()).toBe(1);
    s.clock.advance(HOUR);
    admin = bearer(await s.loginToken());
    expect((await uploadReceipt(s, booking.code, booking.token)).status).toBe(201);
    expect(ownerMails()).toBe(2);
    for (let i = 4; i < 10; i++) expect((await uploadReceipt(s, booking.code, booking.token)).status).toBe(201);
    expect(ownerMails()).toBe(2);
    const eleventh = await uploadReceipt(s, booking.code, booking.token);
    expect(eleventh.status).toBe(409);
    expect((await readError(eleventh)).error).toMatch(/ya tiene 10 comprobantes/);

    // The download's name comes from the sniffed type; the guest's name is only text.
    const b = await owner('GET', `/reservas/${booking.id}`, BookingSchema);
    const res = await json(s, 'GET', `/reservas/${booking.id}/comprobantes/${b.receipts[0]!.id}`, undefined, admin);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="comprobante-${booking.code}-1.pdf"`);
    const html = await readJson(res, ReceiptFileSchema);
    expect([html.name, html.fileName]).toEqual(['comprobante.html', `comprobante-${booking.code}-1.pdf`]);
    const exe = await owner('GET', `/reservas/${booking.id}/comprobantes/${b.receipts[1]!.id}`, ReceiptFileSchema);
    expect([exe.name, exe.type, exe.fileName]).toEqual([
      'Factura.pdf.exe',
      'image/jpeg',
      `comprobante-${booking.code}-2.jpg`,
    ]);
  });

  /** Sends the headers of an upload that declares 10 MB and never sends them: the answer must not wait for the body. */
  const answerBeforeBody = (path: string, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve, reject) => {
      const url = new URL(`${s.apiUrl}${path}`);
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method: 'POST',
          headers: {
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(10 * 1024 * 1024),
            ...from(client++),
            ...headers,
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on('error', (err) => {
        if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(err);
      });
      req.write('--x\r\n');
    });

  it('answers a receipt upload for an unknown booking, or a wrong link, before reading its body', async () => {
    expect(await answerBeforeBody('/reserva/ZZZZZZZZ/comprobantes')).toBe(404);
    const booking = await acceptedBooking(s, 420, 2, { email: 'cuerpo@example.com' });
    expect(await answerBeforeBody(`/reserva/${booking.code}/comprobantes?t=${'A'.repeat(43)}`)).toBe(404);
    // A request (not yet accepted) takes no receipt: 409, also before the body.
    const pending = await requestBooking(430, 2, { email: 'cuerpo2@example.com' });
    expect(await answerBeforeBody(`/reserva/${pending.code}/comprobantes?t=${pending.token}`)).toBe(409);
    // The website sends the secret in a header, out of the address (and of every log).
    expect(await answerBeforeBody(`/reserva/${pending.code}/comprobantes`, { 'x-booking-token': pending.token })).toBe(
      409,
    );
    expect(await answerBeforeBody(`/reserva/${booking.code}/comprobantes`, { 'x-booking-token': 'C'.repeat(43) })).toBe(
      404,
    );
  });

  it('limits the look-ups of private links per client, with a Spanish 429', async () => {
    const booking = await requestBooking(440, 2, { email: 'mirar@example.com' });
    const look = (as: number, t = booking.token) =>
      json(s, 'GET', `/reserva/${booking.code}?t=${t}`, undefined, from(as));
    // Wrong tokens count too: a guesser gets no more tries than a guest.
    for (let i = 0; i < 19; i++) expect((await look(250, 'B'.repeat(43))).status).toBe(404);
    const fifth = await look(250);
    expect(fifth.status).toBe(200);
    expect(fifth.headers.get('referrer-policy')).toBe('no-referrer');
    await readJson(fifth, GuestBookingSchema);
    const sixth = await look(250);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await readError(sixth)).error).toMatch(/Abriste el enlace de la reserva muchas veces/);
    // Another client is not held back.
    expect((await look(251)).status).toBe(200);
  });

  it('tells browsers to send no Referer from the private link’s API answers, found or not', async () => {
    const booking = await requestBooking(450, 2, { email: 'referer@example.com' });
    const found = await json(s, 'GET', `/reserva/${booking.code}?t=${booking.token}`, undefined, from(client++));
    const missing = await json(s, 'GET', `/reserva/ZZZZZZZZ?t=${booking.token}`, undefined, from(client++));
    expect([found.status, missing.status]).toEqual([200, 404]);
    for (const r of [found, missing]) expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    // Other answers keep the site's policy.
    expect((await json(s, 'GET', '/disponibilidad')).headers.get('referrer-policy')).toBe(
      'strict-origin-when-cross-origin',
    );
  });
});

/** Issue 28, item 8: an SMTP server that accepts connections and never says a word. */
describe('the outbox with an SMTP server that hangs', () => {
  let hung: net.Server;
  const sockets: net.Socket[] = [];
  let s: TestServer;
  beforeAll(async () => {
    hung = net.createServer((socket) => {
      sockets.push(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const { port } = hung.address() as net.AddressInfo;
    s = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_TIMEOUT_SECONDS: '1' } });
  });
  afterAll(async () => {
    await s.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => hung.close(resolve));
  });

  it('answers the owner’s "Reintentar" at once and gives each message its own timeout', async () => {
    const res = await json(s, 'POST', '/reservas', await bookingRequestBody(s, 30, 2));
    const { code } = await readJson(res, RequestedBookingSchema);
    const mine = () => s.running.deps.store.data.outbox.filter((m) => m.code === code);
    // Each message fails on its own timeout and waits its back-off (before: the whole pass waited).
    await s.running.deps.outbox.kick();
    expect(mine().map((m) => [m.attempts, m.nextAttemptAt !== null])).toEqual([
      [1, true],
      [1, true],
    ]);
    expect(mine()[0]!.lastError).toMatch(/ETIMEDOUT|timeout|Greeting/i);
    // The owner asks again: the answer says both are due now, before any attempt ended.
    const admin = bearer(await s.loginToken());
    const connections = sockets.length;
    const retried = await readJson(await json(s, 'POST', '/correos/reintentar', {}, admin), OutboxSchema);
    expect(retried.entries.filter((e) => e.code === code).map((e) => [e.attempts, e.nextAttemptAt])).toEqual([
      [1, null],
      [1, null],
    ]);
    // Meanwhile the sending goes on in the background, and times out again.
    while (mine().some((m) => m.attempts < 2)) await new Promise((r) => setTimeout(r, 50));
    expect(sockets.length).toBeGreaterThan(connections);
    expect(mine().every((m) => m.nextAttemptAt !== null && m.sentAt === null)).toBe(true);
  });
});

/** Issue 28, item 9: a visitor who closes the connection mid-upload. */
describe('an upload the client aborts', () => {
  let s: TestServer;
  const logs: { level: 'info' | 'error'; msg: string }[] = [];
  beforeAll(async () => {
    s = await startTestServer();
    const log = s.running.deps.log;
    log.info = (msg) => void logs.push({ level: 'info', msg });
    log.error = (msg, err) => void logs.push({ level: 'error', msg: `${msg} ${String(err)}` });
  });
  afterAll(() => s.close());

  it('is logged as the client’s abort, not as a failure of the server', async () => {
    const booking = await acceptedBooking(s, 30, 2);
    const url = new URL(`${s.apiUrl}/reserva/${booking.code}/comprobantes`);
    const boundary = 'limite';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="t"\r\n\r\n${booking.token}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pago.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n';
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(1024 * 1024) },
    });
    req.on('error', () => undefined);
    req.write(head);
    // Half a megabyte in, the visitor's connection drops.
    req.write(Buffer.alloc(512 * 1024, 0x20), () => req.destroy());
    while (!logs.some((l) => l.msg.includes('comprobantes'))) await new Promise((r) => setTimeout(r, 20));
    expect(logs.filter((l) => l.level === 'error')).toEqual([]);
    expect(logs.map((l) => l.msg)).toContain(
      'POST /api/reserva/:code/comprobantes: the client closed the connection before its body arrived',
    );
    // Nothing was kept.
    const guest = await readJson(
      await json(s, 'GET', `/reserva/${booking.code}?t=${booking.token}`),
      GuestBookingSchema,
    );
    expect(guest.receipts).toEqual([]);
  });
});
