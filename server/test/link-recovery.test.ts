import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_RECOVERY_ANSWER, RequestedBookingSchema } from '@cabana/shared/domain/schemas/booking';
import { startTestServer, type TestServer } from '../../test-support/server';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/smtp';
import { readError, readJson } from '../../test-support/json';
import { bookingRequestBody } from '../../test-support/bookings';
import { json } from './helpers/http';

/**
 * A guest who lost the private link (issue 32): `POST /api/reserva/enlace {code, email}` answers
 * the same whatever matched, e-mails the link only when code and e-mail match, and is limited per
 * client and per booking. Codes read in any case, on the API and on the private page.
 */
describe('POST /api/reserva/enlace: the lost private link', () => {
  let smtp: TestSmtpServer;
  let s: TestServer;
  let code = '';
  let token = '';
  // Each test comes from its own client address, so the per-client budget is each test's own.
  let client = 0;
  const ask = (body: unknown, ip = `198.51.100.${client}`) =>
    json(s, 'POST', '/reserva/enlace', body, { 'x-forwarded-for': ip });
  const flush = () => s.running.deps.outbox.kick();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    s = await startTestServer({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Brisas <reservas@brisas.test>', TRUST_PROXY: '1' },
    });
    s.clock.toCabinMorning();
    const res = await json(s, 'POST', '/reservas', await bookingRequestBody(s, 20, 3, { email: 'Maria@Example.com' }));
    expect(res.status).toBe(201);
    ({ code, token } = await readJson(res, RequestedBookingSchema));
    await flush();
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  it('e-mails the private link when code and e-mail match, in any case, and answers the same sentence', async () => {
    client = 1;
    const before = smtp.messages.length;
    const res = await ask({ code: code.toLowerCase(), email: '  maria@EXAMPLE.com ' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: LINK_RECOVERY_ANSWER });
    await flush();
    const mail = await smtp.find((m, i = smtp.messages.indexOf(m)) => i >= before && m.subject.includes(code));
    expect(mail.to.map((a) => a.toLowerCase())).toEqual(['maria@example.com']);
    expect(mail.subject).toBe(`El enlace de tu reserva ${code}`);
    expect(mail.text).toContain(`/reserva/${code}?t=${token}`);
    expect(mail.text).toContain('Pediste de nuevo el enlace de tu reserva.');
  });

  it('answers byte for byte the same for a wrong e-mail, an unknown code and a right one, and e-mails only the right one', async () => {
    client = 2;
    const unknown = code === 'ABCDEFGH' ? 'HGFEDCBA' : 'ABCDEFGH';
    await flush();
    const before = smtp.messages.length;
    const answers = [];
    for (const body of [
      { code, email: 'otra@example.com' },
      { code: unknown, email: 'maria@example.com' },
      { code, email: 'maria@example.com' },
    ]) {
      const res = await ask(body);
      answers.push({ status: res.status, body: await res.text(), type: res.headers.get('content-type') });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.status).toBe(200);
    await flush();
    const sent = smtp.messages.slice(before);
    expect(sent.map((m) => m.subject)).toEqual([`El enlace de tu reserva ${code}`]);
    expect(sent.every((m) => m.to.join().toLowerCase() === 'maria@example.com')).toBe(true);
  });

  it('refuses malformed input with Spanish 400s', async () => {
    client = 40;
    for (const [body, field] of [
      [{ code: 'ABC', email: 'maria@example.com' }, 'code'],
      [{ code: 'ABCDEFG1', email: 'maria@example.com' }, 'code'],
      [{ code, email: 'no-es-correo' }, 'email'],
    ] as const) {
      const res = await ask(body, `198.51.100.${40 + ++client}`);
      expect(res.status).toBe(400);
      const err = await readError(res);
      expect(err.fields?.[field]).toMatch(/^Escribe (el código|el correo)/);
    }
    for (const [body, field] of [
      [{ code }, 'email'],
      [{ email: 'maria@example.com' }, 'code'],
    ] as const) {
      const res = await ask(body, `198.51.100.${40 + ++client}`);
      expect(res.status).toBe(400);
      expect((await readError(res)).fields?.[field]).toMatch(
        /^(Escribe (el código|el correo)|Este campo es obligatorio\.)/,
      );
    }
    expect((await ask({ code, email: 'maria@example.com', extra: 1 }, '198.51.100.60')).status).toBe(400);
  });

  it('limits each client with a Spanish 429, whatever it asks for', async () => {
    client = 4;
    for (let i = 0; i < 5; i++) expect((await ask({ code: 'ABCDEFGH', email: `x${i}@example.com` })).status).toBe(200);
    const res = await ask({ code, email: 'maria@example.com' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await readError(res)).error).toMatch(/^Pediste el enlace muchas veces seguidas/);
    // Another client is not affected.
    expect((await ask({ code: 'ABCDEFGH', email: 'y@example.com' }, '198.51.100.99')).status).toBe(200);
  });

  it('a booking gets at most 3 such e-mails a day, then the same answer and no e-mail; the clock opens it again', async () => {
    await flush();
    const mails = () => smtp.messages.filter((m) => m.subject === `El enlace de tu reserva ${code}`).length;
    // Two were sent by the tests above.
    expect(mails()).toBe(2);
    for (let i = 0; i < 3; i++) {
      client = 10 + i;
      const res = await ask({ code, email: 'maria@example.com' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: LINK_RECOVERY_ANSWER });
    }
    await flush();
    expect(mails()).toBe(3);
    s.clock.advance(24 * 3_600_000 + 1000);
    client = 20;
    await ask({ code, email: 'maria@example.com' });
    await flush();
    expect(mails()).toBe(4);
  });

  it('reads a lower-case code on the private page and its API', async () => {
    const api = await json(s, 'GET', `/reserva/${code.toLowerCase()}?t=${token}`, undefined, {
      'x-forwarded-for': '198.51.100.30',
    });
    expect(api.status).toBe(200);
    expect(((await api.json()) as { code: string }).code).toBe(code);
  });
});
