import { readFile, rm } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import {
  BookingSchema,
  GuestBookingSchema,
  OnlinePaymentCheckSchema,
  RequestedBookingSchema,
} from '@cabana/shared/domain/schemas/booking';
import {
  OnlinePaymentCheckoutSchema,
  PaymentConnectionTestSchema,
  PaymentsStatusSchema,
} from '@cabana/shared/domain/schemas/payment';
import { AlertsSchema } from '@cabana/shared/domain/schemas/overview';
import { ConfigError, readEnv } from '../src/env';
import { checksumMatches, eventChecksum, integritySignature } from '../src/payments/wompi';
import { createBackup } from '../src/backup/backup';
import { startTestServer, type TestServer } from '../../test-support/server';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/smtp';
import { startWompiStandIn, WOMPI_TEST_KEYS, type WompiStandIn } from '../../test-support/wompi';
import { readStoredData, storedText } from '../../test-support/data-folder';
import { readError, readJson } from '../../test-support/json';
import { bookingRequestBody, serverToday } from '../../test-support/bookings';
import { bearer, json } from './helpers/http';

const HOUR = 3_600_000;
const SECRETS = [
  WOMPI_TEST_KEYS.WOMPI_PRIVATE_KEY,
  WOMPI_TEST_KEYS.WOMPI_INTEGRITY_SECRET,
  WOMPI_TEST_KEYS.WOMPI_EVENTS_SECRET,
];

describe("Wompi's published samples (docs.wompi.co)", () => {
  it("integrity signature: the Web Checkout page's example", () => {
    // https://docs.wompi.co/docs/colombia/widget-checkout-web/ ("Paso 3: Genera una firma de integridad").
    expect(
      integritySignature(
        { reference: 'sk8-438k4-xmxm392-sn2m', amountInCents: 2490000, currency: 'COP' },
        'prod_integrity_Z5mMke9x0k8gpErbDqwrJXMqsI6SFli6',
      ),
    ).toBe('37c8407747e595535433ef8f6a811d853cd943046624a0ec04662b17bbf33bf5');
    // With an expiration time it goes between the currency and the secret.
    const withExpiry = integritySignature(
      { reference: 'R1', amountInCents: 100, currency: 'COP', expirationTime: '2030-01-01T00:00:00.000Z' },
      's',
    );
    expect(withExpiry).not.toBe(integritySignature({ reference: 'R1', amountInCents: 100, currency: 'COP' }, 's'));
    expect(withExpiry).toBe(
      integritySignature({ reference: 'R1', amountInCents: 1, currency: '00COP2030-01-01T00:00:00.000Z' }, 's'),
    );
  });

  it("event checksum: the events page's sample string (whose printed checksum does not match it)", () => {
    // https://docs.wompi.co/docs/colombia/eventos/ ("Seguridad"): properties transaction.id,
    // transaction.status, transaction.amount_in_cents; timestamp 1530291411; the sample secret.
    const data = { transaction: { id: '1234-1610641025-49201', status: 'APPROVED', amount_in_cents: 4490000 } };
    const properties = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'];
    const sum = eventChecksum(data, properties, 1530291411, 'prod_events_OcHnIzeBl5socpwByQ4hA52Em3USQ93Z');
    // SHA-256 of "1234-1610641025-49201APPROVED44900001530291411prod_events_OcHnIzeBl5socpwByQ4hA52Em3USQ93Z".
    expect(sum).toBe('5a18ec5e8fdb7df463e9f94774cba8f583ba21bd04a09ceff2ea68a4bc0aefbe');
    // The page prints 3476DDA5…; it is not the SHA-256 of its own sample string.
    expect(checksumMatches('3476DDA50F64CD7CBD160689640506FEBEA93239BC524FC0469B2C68A3CC8BD0', sum!)).toBe(false);
    // Hex in either case.
    expect(checksumMatches(sum!.toUpperCase(), sum!)).toBe(true);
    expect(checksumMatches(`${sum!.slice(0, -1)}0`, sum!)).toBe(false);
    // A property that is not there: nothing to check against.
    expect(eventChecksum(data, ['transaction.reference'], 1, 's')).toBeUndefined();
  });
});

describe('WOMPI_* configuration', () => {
  const keys = { ...WOMPI_TEST_KEYS };
  const message = (env: Record<string, string>) => {
    try {
      readEnv(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    return undefined;
  };

  it('is off without keys, sandbox or production by the prefixes, with the right API', () => {
    expect(readEnv({}).wompi).toBeUndefined();
    expect(readEnv(keys).wompi).toMatchObject({
      mode: 'sandbox',
      apiUrl: 'https://sandbox.wompi.co/v1',
      checkoutUrl: 'https://checkout.wompi.co/p/',
    });
    const prod = readEnv({
      WOMPI_PUBLIC_KEY: 'pub_prod_abc',
      WOMPI_PRIVATE_KEY: 'prv_prod_abc',
      WOMPI_INTEGRITY_SECRET: 'prod_integrity_abc',
      WOMPI_EVENTS_SECRET: 'prod_events_abc',
    }).wompi;
    expect(prod).toMatchObject({ mode: 'production', apiUrl: 'https://production.wompi.co/v1' });
    expect(readEnv({ ...keys, WOMPI_API_URL: 'http://127.0.0.1:9/v1/' }).wompi?.apiUrl).toBe('http://127.0.0.1:9/v1');
  });

  it('refuses a partial set, mixed environments and keys of another shape, naming variables and never values', () => {
    const partial = message({ WOMPI_PUBLIC_KEY: keys.WOMPI_PUBLIC_KEY, WOMPI_EVENTS_SECRET: keys.WOMPI_EVENTS_SECRET });
    expect(partial).toMatch(/all four/);
    expect(partial).toContain('WOMPI_PRIVATE_KEY, WOMPI_INTEGRITY_SECRET not set');
    const mixed = message({ ...keys, WOMPI_PRIVATE_KEY: 'prv_prod_secretvalue' });
    expect(mixed).toMatch(/WOMPI_PUBLIC_KEY is a sandbox key and WOMPI_PRIVATE_KEY a production key/);
    expect(message({ ...keys, WOMPI_PUBLIC_KEY: 'pk_live_x' })).toMatch(/WOMPI_PUBLIC_KEY must start with pub_test_/);
    expect(message({ ...keys, WOMPI_EVENTS_SECRET: 'prod_events_x' })).toMatch(/WOMPI_EVENTS_SECRET is not a sandbox/);
    expect(message({ ...keys, WOMPI_API_URL: 'ftp://x' })).toMatch(/WOMPI_API_URL must be an absolute http/);
    for (const m of [partial, mixed])
      for (const secret of [...SECRETS, 'prv_prod_secretvalue']) expect(m).not.toContain(secret);
  });
});

describe('online deposit through Wompi, over HTTP with the local stand-in and real e-mail', () => {
  let smtp: TestSmtpServer;
  let wompi: WompiStandIn;
  let s: TestServer;
  let admin: Record<string, string>;
  /** Every line the server logged during these tests. */
  const logs: string[] = [];
  /** Every body the server answered in these tests. */
  const answered: string[] = [];
  let restoreLog: () => void = () => undefined;

  const call = async (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await json(s, method, p, body, headers);
    const text = await res.text();
    answered.push(text);
    return { status: res.status, headers: res.headers, json: () => Promise.resolve(JSON.parse(text) as unknown) };
  };
  const owner = async <S extends z.ZodType>(method: string, p: string, schema: S, body?: unknown) => {
    const res = await call(method, p, body, admin);
    if (res.status !== 200) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(await res.json())}`);
    return readJson(res, schema);
  };
  const advance = async (ms: number) => {
    s.clock.advance(ms);
    admin = bearer(await s.loginToken());
  };
  let nextDay = 10;
  /** A booking held for its deposit (`aceptada`), on nights no other test uses unless `inDays` says. */
  const held = async (inDays = (nextDay += 4), over: Record<string, unknown> = {}) => {
    const requested = await readJson(
      await call('POST', '/reservas', await bookingRequestBody(s, inDays, 2, over)),
      RequestedBookingSchema,
    );
    const list = await owner('GET', '/reservas?estado=solicitada', z.array(BookingSchema));
    const id = list.find((b) => b.code === requested.code)!.id;
    const booking = await owner('POST', `/reservas/${id}/aceptar`, BookingSchema, {});
    return { id, code: requested.code, t: requested.token, booking };
  };
  const start = async (b: { code: string; t: string }) => {
    const res = await call('POST', `/reserva/${b.code}/pago-en-linea`, { t: b.t });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const url = new URL((await readJson(res, OnlinePaymentCheckoutSchema)).checkoutUrl);
    return {
      url,
      reference: url.searchParams.get('reference')!,
      amount: Number(url.searchParams.get('amount-in-cents')),
    };
  };
  const getBooking = (id: string) => owner('GET', `/reservas/${id}`, BookingSchema);
  /** What the store holds of bookings and e-mails: a refused event must leave it as it was. */
  const stored = async () => {
    const data = await readStoredData(s.dataDir);
    return JSON.stringify({ bookings: data.bookings, outbox: data.outbox.map((m) => m.id) });
  };
  const event = async (body: Promise<Response> | Response) => {
    const res = await body;
    answered.push(await res.clone().text());
    return res;
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    wompi = await startWompiStandIn();
    s = await startTestServer({
      env: { ...wompi.env, SMTP_URL: smtp.url, MAIL_FROM: 'Brisas <reservas@brisas.test>' },
    });
    wompi.connect(s);
    s.clock.toCabinMorning();
    const log = s.running.deps.log;
    const info = log.info.bind(log);
    const error = log.error.bind(log);
    log.info = (msg) => {
      logs.push(msg);
      info(msg);
    };
    log.error = (msg, err) => {
      logs.push(`${msg} ${String(err)}`);
      error(msg, err);
    };
    restoreLog = () => Object.assign(log, { info, error });
    admin = bearer(await s.loginToken());
    await owner('PATCH', '/ajustes', z.unknown(), { notificationEmail: 'dueno@brisas.test' });
  });
  afterAll(async () => {
    restoreLog();
    await s.close();
    await wompi.close();
    await smtp.close();
  });

  it('sends the guest to a signed checkout and confirms on the signed event, e-mailing guest and owner once', async () => {
    const b = await held();
    const before = await readJson(await call('GET', `/reserva/${b.code}?t=${b.t}`), GuestBookingSchema);
    expect(before.onlinePayment).toEqual({ available: true });
    // The "accepted" e-mail links straight to the online payment (issue 32).
    const accepted = await smtp.find((m) => m.subject.startsWith('Reserva aceptada') && m.text.includes(b.code));
    expect(accepted.text).toContain(
      `Paga el anticipo en línea, con tarjeta, PSE o Nequi: ${BUSINESS.siteUrl}/reserva/${b.code}?t=${b.t}#pago-titulo`,
    );
    const { url, reference, amount } = await start(b);
    expect(url.origin + url.pathname).toBe(`${wompi.url}/p/`);
    expect(reference).toMatch(new RegExp(`^${b.code}-[0-9A-F]{10}$`));
    expect(amount).toBe(b.booking.price.deposit * 100);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      'public-key': WOMPI_TEST_KEYS.WOMPI_PUBLIC_KEY,
      currency: 'COP',
      'redirect-url': `${BUSINESS.siteUrl}/reserva/${b.code}/pago?t=${b.t}`,
      // The attempt's own expiration: an hour, the hold's deadline at the latest (issue 29).
      'expiration-time': (await getBooking(b.id)).onlinePayments.at(-1)!.expiresAt,
      'customer-data:email': 'maria@example.com',
      'customer-data:full-name': b.booking.name,
    });
    // The stand-in recomputes the integrity signature with the test secret.
    const checkout = await fetch(url);
    expect(checkout.status, wompi.checkoutProblems.join()).toBe(200);
    expect(await checkout.text()).toContain('Aprobar');
    const tampered = new URL(url);
    tampered.searchParams.set('amount-in-cents', String(amount - 100));
    expect((await fetch(tampered)).status).toBe(400);
    expect(wompi.checkoutProblems).toEqual(['signature:integrity']);

    const pending = await readJson(await call('GET', `/reserva/${b.code}?t=${b.t}`), GuestBookingSchema);
    expect(pending.onlinePayments).toEqual([
      { reference, status: 'PENDING', amountInCents: amount, updatedAt: expect.any(String) as unknown },
    ]);

    const tx = wompi.createTransaction({ reference, amountInCents: amount, status: 'APPROVED', methodType: 'NEQUI' });
    const body = wompi.signEvent(tx);
    const res = await event(wompi.postEvent(body));
    expect(res.status).toBe(200);
    const confirmed = await getBooking(b.id);
    expect(confirmed.state).toBe('confirmada');
    expect(confirmed.depositDueAt).toBeNull();
    expect(confirmed.history.at(-1)).toMatchObject({
      state: 'confirmada',
      by: 'pasarela',
      note: 'Anticipo pagado en línea (Wompi)',
    });
    expect(confirmed.payments).toEqual([
      expect.objectContaining({ amount: b.booking.price.deposit, method: 'wompi', transactionId: tx.id }),
    ]);
    expect(confirmed.paid).toBe(b.booking.price.deposit);
    expect(confirmed.onlinePayments).toEqual([
      expect.objectContaining({ reference, transactionId: tx.id, status: 'APPROVED', methodType: 'NEQUI' }),
    ]);
    const toGuest = await smtp.find((m) => m.subject === `Reserva confirmada ${b.code}`);
    expect(toGuest.to).toEqual(['maria@example.com']);
    const toOwner = await smtp.find((m) => m.subject.startsWith(`Pago registrado: reserva ${b.code}`));
    expect(toOwner.to).toEqual(['dueno@brisas.test']);
    expect(toOwner.text).toContain(`Wompi (en línea), transacción ${tx.id}`);
    const guest = await readJson(await call('GET', `/reserva/${b.code}?t=${b.t}`), GuestBookingSchema);
    expect(guest.onlinePayment).toEqual({ available: false });
    expect(guest.onlinePayments[0]).toMatchObject({ status: 'APPROVED', methodType: 'NEQUI' });

    // Wompi's retry of the same event, the same transaction pending (out of order) or declined
    // later: answered 200, nothing changes.
    const after = await stored();
    expect((await event(wompi.postEvent(body))).status).toBe(200);
    expect((await event(wompi.sendEvent({ ...tx, status: 'PENDING' }))).status).toBe(200);
    expect((await event(wompi.sendEvent({ ...tx, status: 'DECLINED' }))).status).toBe(200);
    expect(await stored()).toBe(after);
    // A paid deposit cannot be paid again.
    const again = await call('POST', `/reserva/${b.code}/pago-en-linea`, { t: b.t });
    expect(again.status).toBe(409);
    await s.running.deps.outbox.kick();
    const ofPayment = smtp.messages.filter((m) => /^(Reserva confirmada|Pago registrado: reserva) /.test(m.subject));
    expect(ofPayment.filter((m) => m.subject.includes(b.code))).toHaveLength(2);
  });

  it('refuses a forged, tampered, mismatched, stale, future or unknown event with its status, changing nothing', async () => {
    const b = await held();
    const { reference, amount } = await start(b);
    const tx = wompi.createTransaction({ reference, amountInCents: amount, status: 'APPROVED' });
    const now = Math.floor(s.clock.now() / 1000);
    const before = await stored();
    const signed = wompi.signEvent(tx);
    const cases: [string, unknown, number][] = [
      ['another secret', wompi.signEvent(tx, { secret: 'test_events_forged' }), 401],
      ['a changed checksum', wompi.signEvent(tx, { checksum: '0'.repeat(64) }), 401],
      ['the amount changed after signing', { ...signed, data: { transaction: { ...tx, amount_in_cents: 100 } } }, 401],
      ['the timestamp changed after signing', { ...signed, timestamp: signed.timestamp + 1 }, 401],
      ['a wrong amount, signed', wompi.signEvent({ ...tx, amount_in_cents: amount + 100 }), 409],
      ['another currency, signed', wompi.signEvent({ ...tx, currency: 'USD' }), 409],
      ['31 hours old', wompi.signEvent(tx, { timestamp: now - 31 * 3600 }), 400],
      ['10 minutes ahead', wompi.signEvent(tx, { timestamp: now + 600 }), 400],
      [
        'an unknown reference',
        wompi.signEvent(
          wompi.createTransaction({ reference: 'ZZZZZZZZ-0000000000', amountInCents: amount, status: 'APPROVED' }),
        ),
        404,
      ],
      // Issue 28, item 7: the signature must cover the id, the status and the amount...
      [
        'a signature without the amount',
        wompi.signEvent(tx, { properties: ['transaction.id', 'transaction.status'] }),
        400,
      ],
      [
        'a signature without the id',
        wompi.signEvent(tx, { properties: ['transaction.status', 'transaction.amount_in_cents'] }),
        400,
      ],
      // ...and the transaction must be Wompi's: one it does not have is refused.
      ['a transaction Wompi does not have', wompi.signEvent({ ...tx, id: `${tx.id}-inventada` }), 404],
      ['no signature', { event: 'transaction.updated', data: { transaction: tx }, timestamp: now }, 400],
      [
        'a property that is not there',
        { ...signed, signature: { properties: ['transaction.nothing'], checksum: signed.signature.checksum } },
        400,
      ],
      ['not an object', 'null', 400],
    ];
    for (const [what, body, status] of cases) {
      const res = await event(wompi.postEvent(body));
      expect(res.status, what).toBe(status);
      const err = await readError(res);
      expect(err.error, what).toMatch(/^[A-ZÁÉÍÓÚ¿¡]/);
    }
    expect(await stored()).toBe(before);
    expect((await getBooking(b.id)).state).toBe('aceptada');
    // 29 hours late is within the window (Wompi's last retry): applied (as Wompi now has it).
    wompi.transactions.get(tx.id)!.status = 'DECLINED';
    const late = await event(wompi.sendEvent({ ...tx, status: 'DECLINED' }, { timestamp: now - 29 * 3600 }));
    expect(late.status).toBe(200);
    const declined = await getBooking(b.id);
    expect(declined.state).toBe('aceptada');
    expect(declined.onlinePayments[0]).toMatchObject({ status: 'DECLINED', transactionId: tx.id });
    expect(declined.payments).toEqual([]);
    // The guest tries again in the same checkout: a second transaction on that reference, approved.
    const retry = wompi.createTransaction({ reference, amountInCents: amount, status: 'APPROVED' });
    expect((await event(wompi.sendEvent(retry))).status).toBe(200);
    const paid = await getBooking(b.id);
    expect(paid.state).toBe('confirmada');
    expect(paid.onlinePayments.map((p) => [p.transactionId, p.status])).toEqual([
      [tx.id, 'DECLINED'],
      [retry.id, 'APPROVED'],
    ]);
    // Event kinds we do not use are acknowledged and ignored.
    expect((await event(wompi.sendEvent(retry, { event: 'nequi_token.updated' }))).status).toBe(200);
  });

  it("applies what Wompi's API says of an event's transaction, not what the event says (issue 28, item 7)", async () => {
    const b = await held();
    const { reference, amount } = await start(b);
    // Wompi declined it; an event signed with a leaked secret says approved.
    const tx = wompi.createTransaction({ reference, amountInCents: amount, status: 'DECLINED' });
    expect((await event(wompi.sendEvent({ ...tx, status: 'APPROVED' }))).status).toBe(200);
    const after = await getBooking(b.id);
    expect(after.state).toBe('aceptada');
    expect(after.payments).toEqual([]);
    expect(after.onlinePayments[0]).toMatchObject({ transactionId: tx.id, status: 'DECLINED' });
    // Wompi unreachable: 502, so Wompi sends the event again later; nothing changes meanwhile.
    const approved = wompi.createTransaction({ reference, amountInCents: amount, status: 'APPROVED' });
    const before = await stored();
    wompi.down = true;
    const down = await event(wompi.sendEvent(approved));
    wompi.down = false;
    expect(down.status).toBe(502);
    expect(await stored()).toBe(before);
    expect((await event(wompi.sendEvent(approved))).status).toBe(200);
    expect((await getBooking(b.id)).state).toBe('confirmada');
  });

  it("checks the return page's transaction on Wompi's API, never trusting the id", async () => {
    const a = await held();
    const b = await held();
    await start(a);
    const { reference, amount } = await start(b);
    const txB = wompi.createTransaction({ reference, amountInCents: amount, status: 'APPROVED', methodType: 'PSE' });
    const check = (booking: { code: string; t: string }, id: string) =>
      call('POST', `/reserva/${booking.code}/pago-en-linea/verificar`, { t: booking.t, id });
    const before = await stored();
    // Another booking's transaction, one Wompi does not have, a malformed id, a wrong link.
    for (const [what, res, status] of [
      ["another booking's", await check(a, txB.id), 404],
      ['unknown', await check(a, '99999-1700000000-00000'), 404],
      ['malformed', await check(a, '../../merchants'), 400],
      ['wrong link', await check({ code: a.code, t: 'A'.repeat(43) }, txB.id), 404],
    ] as const) {
      expect(res.status, what).toBe(status);
    }
    // Wompi unreachable.
    wompi.down = true;
    const down = await check(b, txB.id);
    wompi.down = false;
    expect(down.status).toBe(502);
    const err = await readError(down);
    expect(err.code).toBe('PAYMENT_UNREACHABLE');
    expect(err.error).toMatch(/^No pudimos comunicarnos con Wompi/);
    expect(await stored()).toBe(before);

    // The right one: looked up and applied as its event would be (the event has not come yet).
    const ok = await readJson(await check(b, txB.id), OnlinePaymentCheckSchema);
    expect(ok.status).toBe('APPROVED');
    expect(ok.booking.state).toBe('confirmada');
    expect(ok.booking.onlinePayments[0]).toMatchObject({ status: 'APPROVED', methodType: 'PSE' });
    // Then the event, and the page checked again: one payment.
    expect((await event(wompi.sendEvent(txB))).status).toBe(200);
    expect((await check(b, txB.id)).status).toBe(200);
    const booking = await getBooking(b.id);
    expect(booking.payments).toHaveLength(1);
    expect(booking.history.filter((h) => h.state === 'confirmada')).toHaveLength(1);
  });

  it('confirms a payment that comes after the hold lapsed while the nights are free; flags it for a refund when they are taken', async () => {
    const free = await held();
    const taken = await held();
    const freePay = await start(free);
    const takenPay = await start(taken);
    const { holdHours } = s.running.deps.store.data.settings;
    await advance((holdHours + 1) * HOUR);
    // Past the deadline, before the timers lapse it: no longer offered.
    const past = await readJson(await call('GET', `/reserva/${free.code}?t=${free.t}`), GuestBookingSchema);
    expect([past.state, past.onlinePayment.available]).toEqual(['aceptada', false]);
    await s.running.deps.bookings.runTimers();
    expect((await getBooking(free.id)).state).toBe('vencida');
    expect((await getBooking(taken.id)).state).toBe('vencida');
    // A lapsed hold offers no online payment.
    expect((await call('POST', `/reserva/${taken.code}/pago-en-linea`, { t: taken.t })).status).toBe(409);
    // Someone else takes the second one's nights.
    const other = await held(bookingDays(taken.booking.checkIn, s));

    const tx1 = wompi.createTransaction({
      reference: freePay.reference,
      amountInCents: freePay.amount,
      status: 'APPROVED',
    });
    expect((await event(wompi.sendEvent(tx1))).status).toBe(200);
    const confirmed = await getBooking(free.id);
    expect(confirmed.state).toBe('confirmada');
    expect(confirmed.history.at(-1)?.note).toMatch(/después del plazo; las noches seguían libres/);

    await s.running.deps.outbox.kick();
    const sent = smtp.messages.length;
    const tx2 = wompi.createTransaction({
      reference: takenPay.reference,
      amountInCents: takenPay.amount,
      status: 'APPROVED',
    });
    expect((await event(wompi.sendEvent(tx2))).status).toBe(200);
    const flagged = await getBooking(taken.id);
    expect(flagged.state).toBe('vencida');
    expect(flagged.onlinePayments[0]).toMatchObject({ status: 'APPROVED', refundDue: true });
    expect(flagged.payments).toHaveLength(1);
    expect(flagged.history.at(-1)?.note).toMatch(/hay que devolverlo/);
    expect((await getBooking(other.id)).state).toBe('aceptada');
    const mail = await smtp.find((m) => m.subject.startsWith(`Pago en línea por devolver: reserva ${taken.code}`));
    expect(mail.to).toEqual(['dueno@brisas.test']);
    expect(mail.text).toContain(tx2.id);
    await s.running.deps.outbox.kick();
    // Only the owner hears of it: the guest was told the hold lapsed, and is not told it is confirmed.
    expect(
      smtp.messages
        .slice(sent)
        .filter((m) => m.subject.includes(taken.code))
        .map((m) => m.to[0]),
    ).toEqual(['dueno@brisas.test']);
    const alerts = await owner('GET', '/avisos', AlertsSchema);
    expect(alerts.items).toContainEqual(
      expect.objectContaining({ id: `reembolso:${tx2.id}`, kind: 'reembolso', link: 'reservas' }),
    );

    // The owner gives it back in Wompi's dashboard and records it: the flag and the alert go.
    const deposit = flagged.paid;
    const tooMuch = await call(
      'POST',
      `/reservas/${taken.id}/reembolsos`,
      { amount: deposit + 1, date: serverToday(s) },
      admin,
    );
    expect(tooMuch.status).toBe(400);
    expect((await readError(tooMuch)).fields?.amount).toMatch(/no puede superar/);
    expect(
      (await call('POST', `/reservas/${taken.id}/reembolsos`, { amount: deposit, date: 'ayer' }, admin)).status,
    ).toBe(400);
    const refunded = await owner('POST', `/reservas/${taken.id}/reembolsos`, BookingSchema, {
      amount: deposit,
      date: serverToday(s),
      note: 'Devuelto desde el panel de Wompi',
    });
    expect(refunded.refunds).toEqual([
      expect.objectContaining({ amount: deposit, note: 'Devuelto desde el panel de Wompi' }),
    ]);
    expect(refunded.onlinePayments[0]!.refundDue).toBe(false);
    expect((await owner('GET', '/avisos', AlertsSchema)).items.some((i) => i.kind === 'reembolso')).toBe(false);
    expect((await call('POST', `/reservas/${taken.id}/reembolsos`, { amount: 1, date: serverToday(s) })).status).toBe(
      401,
    );
  });

  it("goes through the stand-in's checkout page as a browser would: Rechazar, then Aprobar, back to the return page", async () => {
    const b = await held();
    const { url } = await start(b);
    const pay = async (decision: 'APPROVED' | 'DECLINED') => {
      const form = new URLSearchParams();
      for (const name of ['reference', 'amount-in-cents', 'redirect-url', 'customer-data:email'])
        form.set(name, url.searchParams.get(name)!);
      form.set('decision', decision);
      const res = await fetch(`${wompi.url}/p/pagar`, { method: 'POST', body: form, redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(wompi.lastEvent).toBe(200);
      const back = new URL(res.headers.get('location')!);
      expect(back.origin + back.pathname).toBe(`${BUSINESS.siteUrl}/reserva/${b.code}/pago`);
      expect([back.searchParams.get('t'), back.searchParams.get('env')]).toEqual([b.t, 'test']);
      const check = await call('POST', `/reserva/${b.code}/pago-en-linea/verificar`, {
        t: b.t,
        id: back.searchParams.get('id'),
      });
      return readJson(check, OnlinePaymentCheckSchema);
    };
    const declined = await pay('DECLINED');
    expect([declined.status, declined.booking.state, declined.booking.onlinePayment.available]).toEqual([
      'DECLINED',
      'aceptada',
      true,
    ]);
    const approved = await pay('APPROVED');
    expect([approved.status, approved.booking.state]).toEqual(['APPROVED', 'confirmada']);
    expect(approved.booking.onlinePayments.map((p) => p.status)).toEqual(['DECLINED', 'APPROVED']);
  });

  it('brings a guest of the English site back to the English page', async () => {
    const b = await held(undefined, { lang: 'en' });
    const { url } = await start(b);
    expect(url.searchParams.get('redirect-url')).toBe(`${BUSINESS.siteUrl}/en/booking/${b.code}/payment?t=${b.t}`);
  });

  it('offers online payment only for a held booking with the deposit due, and says so', async () => {
    const requested = await readJson(
      await call('POST', '/reservas', await bookingRequestBody(s, (nextDay += 4), 2)),
      RequestedBookingSchema,
    );
    expect(requested.onlinePayment).toEqual({ available: false });
    const notYet = await call('POST', `/reserva/${requested.code}/pago-en-linea`, { t: requested.token });
    expect(notYet.status).toBe(409);
    expect((await readError(notYet)).error).toMatch(/aceptada/);
    const wrong = await call('POST', `/reserva/${requested.code}/pago-en-linea`, { t: 'A'.repeat(43) });
    expect(wrong.status).toBe(404);
    expect((await call('POST', `/reserva/${requested.code}/pago-en-linea`, {})).status).toBe(400);
  });

  it('tells the owner the mode and the events URL, and checks the keys against Wompi', async () => {
    expect(await owner('GET', '/pagos/wompi', PaymentsStatusSchema)).toMatchObject({
      configured: true,
      mode: 'sandbox',
      eventsUrl: `${BUSINESS.siteUrl}/api/pagos/wompi/eventos`,
    });
    expect(await owner('POST', '/pagos/wompi/probar', PaymentConnectionTestSchema)).toEqual({
      ok: true,
      mode: 'sandbox',
      merchantName: 'Cabaña de prueba',
      problems: [],
    });
    wompi.down = true;
    const down = await owner('POST', '/pagos/wompi/probar', PaymentConnectionTestSchema);
    wompi.down = false;
    expect(down).toMatchObject({ ok: false, problems: [expect.stringMatching(/^No pudimos comunicarnos con Wompi/)] });
    expect((await call('GET', '/pagos/wompi')).status).toBe(401);
    expect((await call('POST', '/pagos/wompi/probar')).status).toBe(401);
  });

  it('reads bookings stored before online payment existed', async () => {
    const { id } = await held();
    const stored = (await readStoredData(s.dataDir)).bookings.find((x) => x.id === id)!;
    const { onlinePayments: _o, refunds: _r, ...old } = stored;
    expect(BookingSchema.parse(old)).toEqual({ ...old, onlinePayments: [], refunds: [] });
  });

  it('never shows, logs or stores a secret: answers, logs, the data folder and a backup', async () => {
    const backup = path.join(s.dataDir, '..', `${path.basename(s.dataDir)}-backup.tar.gz`);
    try {
      await createBackup(s.dataDir, backup);
      const archive = gunzipSync(await readFile(backup)).toString('latin1');
      const folder = await storedText(s.dataDir);
      expect(answered.length).toBeGreaterThan(20);
      expect(logs.length).toBeGreaterThan(3);
      for (const secret of SECRETS) {
        for (const text of answered) expect(text).not.toContain(secret);
        for (const line of logs) expect(line).not.toContain(secret);
        expect(folder).not.toContain(secret);
        expect(archive).not.toContain(secret);
      }
      for (const m of smtp.messages) for (const secret of SECRETS) expect(m.text).not.toContain(secret);
    } finally {
      await rm(backup, { force: true });
    }
  });

  it('situation 3: an abandoned checkout expires, signed into the checkout, and is never shown as in progress', async () => {
    const b = await held();
    const { url, reference, amount } = await start(b);
    const expiration = url.searchParams.get('expiration-time')!;
    const attempt = (await getBooking(b.id)).onlinePayments.find((p) => p.reference === reference)!;
    expect(attempt.expiresAt).toBe(expiration);
    // Within the hour (and never after the hold's deadline), and part of the integrity signature.
    expect(Date.parse(expiration) - s.clock.now()).toBeLessThanOrEqual(60 * 60_000);
    expect(Date.parse(expiration)).toBeLessThanOrEqual(Date.parse(b.booking.depositDueAt!));
    expect(url.searchParams.get('signature:integrity')).toBe(
      integritySignature(
        { reference, amountInCents: amount, currency: 'COP', expirationTime: expiration },
        WOMPI_TEST_KEYS.WOMPI_INTEGRITY_SECRET,
      ),
    );
    const open = await readJson(await call('GET', `/reserva/${b.code}?t=${b.t}`), GuestBookingSchema);
    expect(open.onlinePayments.map((p) => p.reference)).toEqual([reference]);
    await advance(61 * 60_000);
    const later = await readJson(await call('GET', `/reserva/${b.code}?t=${b.t}`), GuestBookingSchema);
    expect(later.onlinePayments).toEqual([]);
    // The guest may try again: a new attempt, the old one still on the owner's record.
    const second = await start(b);
    expect(second.reference).not.toBe(reference);
    expect((await getBooking(b.id)).onlinePayments).toHaveLength(2);
  });

  it('a payment Wompi reports PENDING stops the hold from lapsing until its final word', async () => {
    const b = await held();
    const { reference, amount } = await start(b);
    const tx = wompi.createTransaction({ reference, amountInCents: amount, status: 'PENDING', methodType: 'PSE' });
    expect((await event(wompi.sendEvent(tx))).status).toBe(200);
    const waiting = await getBooking(b.id);
    expect(waiting.verification).toMatchObject({ reference });
    expect(waiting.history.at(-1)).toMatchObject({ by: 'pasarela', event: { kind: 'gateway-pending' } });
    const alert = await smtp.find((m) => m.subject.startsWith(`Pago en línea pendiente: reserva ${b.code}`));
    expect(alert.to).toEqual(['dueno@brisas.test']);
    // Past the deadline: still held, the guest told what is happening.
    await advance(Date.parse(b.booking.depositDueAt!) - s.clock.now() + 60_000);
    await s.running.deps.bookings.runTimers();
    expect((await getBooking(b.id)).state).toBe('aceptada');
    const page = await readJson(await call('GET', `/reserva/${b.code}?t=${b.t}`), GuestBookingSchema);
    expect(page).toMatchObject({ verifying: 'gateway', state: 'aceptada' });
    expect(page.onlinePayments).toEqual([expect.objectContaining({ reference, status: 'PENDING' })]);
    // The bank approves: confirmed, no longer in verification.
    // What Wompi's API answers is what is applied (issue 28, item 7): the bank's word first.
    wompi.transactions.get(tx.id)!.status = 'APPROVED';
    expect((await event(wompi.sendEvent({ ...tx, status: 'APPROVED' }))).status).toBe(200);
    const done = await getBooking(b.id);
    expect(done).toMatchObject({ state: 'confirmada' });
    expect(done.verification).toBeUndefined();
  });

  it('a pending payment the bank then declines ends the wait: a past deadline lapses the hold', async () => {
    const b = await held();
    const { reference, amount } = await start(b);
    const tx = wompi.createTransaction({ reference, amountInCents: amount, status: 'PENDING' });
    expect((await event(wompi.sendEvent(tx))).status).toBe(200);
    await advance(Date.parse(b.booking.depositDueAt!) - s.clock.now() + 60_000);
    await s.running.deps.bookings.runTimers();
    expect((await getBooking(b.id)).state).toBe('aceptada');
    wompi.transactions.get(tx.id)!.status = 'DECLINED';
    expect((await event(wompi.sendEvent({ ...tx, status: 'DECLINED' }))).status).toBe(200);
    expect((await getBooking(b.id)).verification).toBeUndefined();
    await s.running.deps.bookings.runTimers();
    expect((await getBooking(b.id)).state).toBe('vencida');
  });
});

describe('online payment without Wompi keys, or with wrong ones', () => {
  let wompi: WompiStandIn;
  let off: TestServer;
  let wrong: TestServer;
  beforeAll(async () => {
    wompi = await startWompiStandIn();
    off = await startTestServer({ env: { ONLINE_PAYMENTS_PER_CLIENT: '3' } });
    wrong = await startTestServer({
      env: { ...wompi.env, WOMPI_PUBLIC_KEY: 'pub_test_wrong', WOMPI_PRIVATE_KEY: 'prv_test_wrong' },
    });
  });
  afterAll(async () => {
    await off.close();
    await wrong.close();
    await wompi.close();
  });

  it('answers 404 with a Spanish message, offers nothing, and limits the attempts', async () => {
    const admin = bearer(await off.loginToken());
    const requested = await readJson(
      await json(off, 'POST', '/reservas', await bookingRequestBody(off, 30, 2)),
      RequestedBookingSchema,
    );
    const list = await readJson(await json(off, 'GET', '/reservas', undefined, admin), z.array(BookingSchema));
    await json(off, 'POST', `/reservas/${list.find((b) => b.code === requested.code)!.id}/aceptar`, {}, admin);
    const guest = await readJson(
      await json(off, 'GET', `/reserva/${requested.code}?t=${requested.token}`),
      GuestBookingSchema,
    );
    expect(guest.state).toBe('aceptada');
    expect(guest.onlinePayment).toEqual({ available: false });
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const res = await json(off, 'POST', `/reserva/${requested.code}/pago-en-linea`, { t: requested.token });
      statuses.push(res.status);
      if (res.status === 404)
        expect((await readError(res)).error).toBe('El pago en línea no está disponible para esta reserva.');
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    const ev = await json(off, 'POST', '/pagos/wompi/eventos', {
      event: 'transaction.updated',
      data: {},
      timestamp: 1,
      signature: { properties: ['a'], checksum: 'x' },
    });
    expect(ev.status).toBe(404);
    expect(await readJson(await json(off, 'GET', '/pagos/wompi', undefined, admin), PaymentsStatusSchema)).toEqual({
      configured: false,
      mode: null,
      eventsUrl: null,
      keys: ['publicKey', 'privateKey', 'eventsSecret', 'integritySecret'].map((name) => ({
        name,
        source: null,
        ending: null,
      })),
    });
    const probe = await readJson(
      await json(off, 'POST', '/pagos/wompi/probar', undefined, admin),
      PaymentConnectionTestSchema,
    );
    expect(probe).toMatchObject({ ok: false, mode: null, problems: [expect.stringMatching(/no está configurado/)] });
  });

  it('reports wrong keys in Spanish without answering them', async () => {
    const admin = bearer(await wrong.loginToken());
    const res = await json(wrong, 'POST', '/pagos/wompi/probar', undefined, admin);
    const text = await res.text();
    const probe = PaymentConnectionTestSchema.parse(JSON.parse(text));
    expect(probe).toEqual({
      ok: false,
      mode: 'sandbox',
      problems: [
        'Wompi no reconoce la llave pública en Sandbox (pruebas).',
        'Wompi rechazó la llave privada en Sandbox (pruebas).',
      ],
    });
    expect(text).not.toContain('prv_test_wrong');
  });
});

/** Days from the server's today to a date, for a booking on the same nights. */
function bookingDays(checkIn: string, s: TestServer): number {
  return Math.round((Date.parse(checkIn) - Date.parse(serverToday(s))) / 86_400_000);
}
