import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { zoneOffsetMs } from '@cabana/shared/domain/pricing/dates';
import { BookingSchema, GuestBookingSchema, type Booking } from '@cabana/shared/domain/schemas/booking';
import { startTestServer, TEST_ADMIN, type TestServer } from '../../test-support/server';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/smtp';
import { readError, readJson } from '../../test-support/json';
import { acceptedBooking, serverToday, uploadReceipt } from '../../test-support/bookings';
import { bearer, json } from './helpers/http';

const HOUR = 3_600_000;

/** The cabin's wall-clock hour of an ISO instant. */
const cabinHour = (iso: string) => {
  const ms = Date.parse(iso);
  return new Date(ms + zoneOffsetMs(ms, BUSINESS.timeZone)).getUTCHours();
};

/**
 * Issue 29 over HTTP: payments in verification, the owner's repairs, refunds owed and the
 * deadlines at reasonable hours, on the injected clock, with real e-mail.
 */
describe('no paid guest loses a booking (issue 29)', () => {
  let smtp: TestSmtpServer;
  let s: TestServer;
  let admin: Record<string, string>;
  const owner = async (method: string, path: string, body?: unknown): Promise<Booking> => {
    const res = await json(s, method, path, body, admin);
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(await res.json())}`);
    return readJson(res, BookingSchema);
  };
  const guest = async (code: string, t: string) =>
    readJson(await json(s, 'GET', `/reserva/${code}?t=${t}`), GuestBookingSchema);
  const timers = () => s.running.deps.bookings.runTimers();
  const advance = async (ms: number) => {
    s.clock.advance(ms);
    admin = bearer(await s.loginToken());
  };
  const held = (inDays: number, nights = 2, over: Record<string, unknown> = {}) =>
    acceptedBooking(s, inDays, nights, over);
  const mailTo = (subject: string) => smtp.find((m) => m.subject === subject);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    s = await startTestServer({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Brisas <reservas@brisas.test>', ENQUIRIES_PER_CLIENT: '100' },
    });
    s.clock.toCabinMorning();
    admin = bearer(await s.loginToken());
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  it('situation 5: owner alerts go to the admin account, then to the notification address, never to the public e-mail', async () => {
    const first = await held(20);
    const request = await smtp.find((m) => m.subject.startsWith(`Nueva solicitud ${first.code}`));
    // A fresh install: the public contact e-mail is the built-in sample; the alert goes to the admin's account.
    expect(request.to).toEqual([TEST_ADMIN.email]);
    expect(request.to).not.toEqual([BUSINESS.email]);
    const settings = await json(
      s,
      'PATCH',
      '/ajustes',
      { email: 'contacto@brisas.test', notificationEmail: 'dueno@brisas.test', bankAccount: 'Bancolombia 123' },
      admin,
    );
    expect(settings.status).toBe(200);
    const bad = await json(s, 'PATCH', '/ajustes', { notificationEmail: 'no es un correo' }, admin);
    expect(bad.status).toBe(400);
    expect((await readError(bad)).fields?.notificationEmail).toBe(
      'Escribe un correo electrónico válido, o déjalo vacío.',
    );
    // Private: the public settings do not carry it.
    const pub = (await (await json(s, 'GET', '/ajustes')).json()) as Record<string, unknown>;
    expect(pub.notificationEmail).toBeUndefined();
  });

  it('situation 2: a booking keeps its own terms when the site changes its policy, rules and hours', async () => {
    const b = await held(80);
    const before = await guest(b.code, b.token);
    expect(before.terms).toMatchObject({ cancellationPolicy: { id: 'moderada' }, source: 'request' });
    // The English house rules are frozen with the Spanish ones (issue 32): a fresh install's.
    expect(before.terms!.houseRulesEn).toMatch(/^No smoking inside the cabin\./);
    const changed = await json(
      s,
      'PATCH',
      '/ajustes',
      {
        cancellationPolicy: 'estricta',
        houseRules: 'Nada de música.',
        houseRulesEn: 'No music.',
        checkInTime: '17:00',
        depositPercent: 80,
      },
      admin,
    );
    expect(changed.status).toBe(200);
    const after = await guest(b.code, b.token);
    expect(after.terms).toEqual(before.terms);
    expect(after.terms!.cancellationPolicy.words.es.name).toBe('Moderada');
    expect(after.terms!.cancellationPolicy.words.en.name).toBe('Moderate');
    expect(after.terms!.houseRules).not.toContain('Nada de música.');
    expect(after.terms!.houseRulesEn).not.toContain('No music.');
    expect(after.checkInTime).toBe('15:00');
    // The dialog's refund comes from the same frozen policy (nothing paid yet, nothing to give back).
    expect(after.refundIfCancelledNow).toBe(0);
    const back = await json(
      s,
      'PATCH',
      '/ajustes',
      { cancellationPolicy: 'moderada', checkInTime: '15:00', depositPercent: 50 },
      admin,
    );
    expect(back.status).toBe(200);
  });

  it("migration: a booking stored before terms were frozen gets today's settings once, recorded as such", async () => {
    const b = await held(85);
    const store = s.running.deps.store;
    const live = store.data.bookings.find((x) => x.id === b.id)!;
    delete live.terms;
    await store.save();
    expect(await s.running.deps.bookings.freezeMissingTerms()).toBe(1);
    const migrated = await owner('GET', `/reservas/${b.id}`);
    expect(migrated.terms).toMatchObject({ source: 'migration', cancellationPolicy: { id: 'moderada' } });
    expect(migrated.history.at(-1)).toMatchObject({ by: 'sistema', event: { kind: 'terms-frozen' } });
    // Once: a second run finds nothing to do.
    expect(await s.running.deps.bookings.freezeMissingTerms()).toBe(0);
  });

  it('situation 1: a receipt stops the hold from lapsing; the owner is told and confirms the payment', async () => {
    const b = await held(30);
    const up = await uploadReceipt(s, b.code, b.token);
    expect(up.status).toBe(201);
    const waiting = readJson(up, GuestBookingSchema);
    expect((await waiting).verifying).toBe('receipt');
    const alert = await mailTo(`Comprobante recibido: reserva ${b.code} (María <b>Pérez</b>)`);
    expect(alert.to).toEqual(['dueno@brisas.test']);
    expect(alert.text).toContain('Mientras lo revisas, la reserva no vence.');

    // The 24 h hold passes: the booking waits for the owner's decision, its nights still held.
    await advance(30 * HOUR);
    await timers();
    const still = await owner('GET', `/reservas/${b.id}`);
    expect(still.state).toBe('aceptada');
    expect(still.verification?.receiptId).toBe(still.receipts[0]!.id);
    const page = await guest(b.code, b.token);
    expect(page).toMatchObject({ state: 'aceptada', verifying: 'receipt', canUploadReceipt: false });
    expect(smtp.messages.some((m) => m.subject === `Tu reserva ${b.code} venció`)).toBe(false);

    // The owner confirms: the payment is recorded against the receipt and the booking confirmed.
    const confirmed = await owner('POST', `/reservas/${b.id}/pagos`, {
      amount: b.deposit,
      method: 'transferencia',
      date: serverToday(s),
      receiptId: still.receipts[0]!.id,
    });
    expect(confirmed).toMatchObject({ state: 'confirmada', paid: b.deposit });
    expect(confirmed.verification).toBeUndefined();
    expect(confirmed.history.at(-1)!.event).toEqual({
      kind: 'confirmed',
      data: { amount: b.deposit, method: 'transferencia' },
    });
  });

  it('the owner rejects a receipt with a reason: a new deadline in the day, the guest told, then it can lapse', async () => {
    const b = await held(40);
    await uploadReceipt(s, b.code, b.token);
    await advance(26 * HOUR);
    await timers();
    const rejected = await owner('POST', `/reservas/${b.id}/comprobante-rechazado`, {
      reason: 'El comprobante no muestra el monto',
      hours: 12,
    });
    expect(rejected.state).toBe('aceptada');
    expect(rejected.verification).toBeUndefined();
    const due = rejected.depositDueAt!;
    expect(Date.parse(due)).toBeGreaterThanOrEqual(s.clock.now() + 12 * HOUR - 1000);
    const hour = cabinHour(due);
    expect(hour >= 8 && hour < 21).toBe(true);
    const mail = await mailTo(`Revisamos tu comprobante (reserva ${b.code})`);
    expect(mail.text).toContain('Motivo: El comprobante no muestra el monto');
    expect(mail.text).toContain('(hora de Colombia)');
    // The guest may send another receipt.
    expect((await guest(b.code, b.token)).canUploadReceipt).toBe(true);
    // Without a payment, the new deadline lapses the hold.
    await advance(Date.parse(due) - s.clock.now() + 1000);
    await timers();
    expect((await owner('GET', `/reservas/${b.id}`)).state).toBe('vencida');
  });

  it('refuses to reject what is not waiting (409), a rejection without a reason (400), and a stranger (401)', async () => {
    const b = await held(45);
    const none = await json(s, 'POST', `/reservas/${b.id}/comprobante-rechazado`, { reason: 'No llegó' }, admin);
    expect(none.status).toBe(409);
    expect((await readError(none)).error).toBe('Esta reserva no tiene un comprobante esperando tu revisión.');
    await uploadReceipt(s, b.code, b.token);
    const bad = await json(s, 'POST', `/reservas/${b.id}/comprobante-rechazado`, { reason: '' }, admin);
    expect(bad.status).toBe(400);
    expect((await readError(bad)).fields?.reason).toBe('Escribe el motivo.');
    const hours = await json(s, 'POST', `/reservas/${b.id}/comprobante-rechazado`, { reason: 'No', hours: 500 }, admin);
    expect(hours.status).toBe(400);
    const anon = await json(s, 'POST', `/reservas/${b.id}/comprobante-rechazado`, { reason: 'No llegó' });
    expect(anon.status).toBe(401);
  });

  it('repair: a payment on a lapsed booking confirms it while its nights are free', async () => {
    const b = await held(50);
    await advance(25 * HOUR);
    await timers();
    expect((await owner('GET', `/reservas/${b.id}`)).state).toBe('vencida');
    const repaired = await owner('POST', `/reservas/${b.id}/pagos`, {
      amount: b.deposit,
      method: 'nequi',
      date: serverToday(s),
    });
    expect(repaired).toMatchObject({ state: 'confirmada', paid: b.deposit, depositDueAt: null });
    expect(repaired.refundOwed).toBeUndefined();
    await mailTo(`Reserva confirmada ${b.code}`);
  });

  it('repair: a payment on a lapsed booking whose nights were taken is recorded with a refund owed', async () => {
    const b = await held(60);
    await advance(25 * HOUR);
    await timers();
    const other = await held(60);
    expect(other.id).not.toBe(b.id);
    const recorded = await owner('POST', `/reservas/${b.id}/pagos`, {
      amount: b.deposit,
      method: 'transferencia',
      date: serverToday(s),
    });
    expect(recorded).toMatchObject({ state: 'vencida', paid: b.deposit, refundOwed: b.deposit });
    const mail = await mailTo(`Recibimos tu pago, pero tu reserva ${b.code} ya había vencido`);
    expect(mail.text).toContain('por transferencia a la cuenta que nos indiques, en un plazo de 10 días hábiles');
    // Reopening is refused: its nights are someone else's now.
    const reopen = await json(s, 'POST', `/reservas/${b.id}/reabrir`, {}, admin);
    expect(reopen.status).toBe(409);
    expect((await readError(reopen)).error).toBe(
      'Algunas de las noches de esta reserva ya están ocupadas por otra reserva o un bloqueo.',
    );
    const page = await guest(b.code, b.token);
    expect(page).toMatchObject({ due: 0, refundOwed: b.deposit });
    // The owner records the refund: the flag clears, the guest is told.
    const refunded = await owner('POST', `/reservas/${b.id}/reembolsos`, {
      amount: b.deposit,
      date: serverToday(s),
    });
    expect(refunded.refundOwed).toBeUndefined();
    await mailTo(`Te devolvimos dinero (reserva ${b.code})`);
  });

  it('repair: the owner reopens a lapsed booking with a new deadline; 409 on a booking that is not lapsed', async () => {
    const b = await held(70);
    const early = await json(s, 'POST', `/reservas/${b.id}/reabrir`, {}, admin);
    expect(early.status).toBe(409);
    expect((await readError(early)).error).toBe('Solo se puede reabrir una reserva vencida.');
    await advance(25 * HOUR);
    await timers();
    const before = smtp.messages.length;
    const reopened = await owner('POST', `/reservas/${b.id}/reabrir`, { hours: 48 });
    expect(reopened.state).toBe('aceptada');
    expect(Date.parse(reopened.depositDueAt!)).toBeGreaterThanOrEqual(s.clock.now() + 48 * HOUR - 1000);
    expect(reopened.history.at(-1)!.event?.kind).toBe('reopened');
    // The guest gets the new deadline (a second "accepted" message for this booking).
    await smtp.find(
      (m) => smtp.messages.indexOf(m) >= before && m.subject.startsWith('Reserva aceptada') && m.text.includes(b.code),
    );
    const page = await guest(b.code, b.token);
    expect(page.canUploadReceipt).toBe(true);
  });

  it('a cancelled paid booking carries the refund owed by its own policy until the owner records it', async () => {
    const b = await held(90);
    await owner('POST', `/reservas/${b.id}/pagos`, {
      amount: b.deposit,
      method: 'transferencia',
      date: serverToday(s),
    });
    const cancel = await json(s, 'POST', `/reserva/${b.code}/cancelar`, { t: b.token });
    expect(cancel.status).toBe(200);
    const page = await readJson(cancel, GuestBookingSchema);
    // Moderada, 90 days ahead: everything paid comes back; nothing is still to pay.
    expect(page).toMatchObject({ state: 'cancelada', due: 0, refundOwed: b.deposit, canCancel: false });
    expect(page.cancellation?.refund).toBe(b.deposit);
    const mail = await mailTo(`Reserva cancelada ${b.code}`);
    expect(mail.text).toContain('por transferencia a la cuenta que nos indiques, en un plazo de 10 días hábiles');
    expect(mail.text).toContain('No tienes nada más que pagar por esta reserva.');
    const stored = await owner('GET', `/reservas/${b.id}`);
    expect(stored.refundOwed).toBe(b.deposit);
    // Beyond what was paid: 400, the flag stays.
    const over = await json(
      s,
      'POST',
      `/reservas/${b.id}/reembolsos`,
      { amount: b.deposit + 1, date: serverToday(s) },
      admin,
    );
    expect(over.status).toBe(400);
    const part = await owner('POST', `/reservas/${b.id}/reembolsos`, { amount: 1000, date: serverToday(s) });
    expect(part.refundOwed).toBe(b.deposit - 1000);
    const rest = await owner('POST', `/reservas/${b.id}/reembolsos`, {
      amount: b.deposit - 1000,
      date: serverToday(s),
    });
    expect(rest.refundOwed).toBeUndefined();
    // Nothing left to give back: the table refuses another refund.
    const again = await json(s, 'POST', `/reservas/${b.id}/reembolsos`, { amount: 1, date: serverToday(s) }, admin);
    expect(again.status).toBe(409);
    expect((await readError(again)).error).toBe('Esta reserva no tiene pagos que devolver.');
  });

  it('recordRefund is refused on a request that was never paid (409)', async () => {
    const b = await held(100);
    const refused = await json(s, 'POST', `/reservas/${b.id}/reembolsos`, { amount: 1, date: serverToday(s) }, admin);
    expect(refused.status).toBe(409);
  });

  it('situation 8: a hold accepted late ends at 09:00 the next morning, and the e-mail names the time zone', async () => {
    // 22:30 at the cabin: the 24 h hold would end at 22:30 the next day.
    const now = s.clock.now();
    const local = new Date(now + zoneOffsetMs(now, BUSINESS.timeZone));
    const target = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 22, 30);
    await advance(target - zoneOffsetMs(target, BUSINESS.timeZone) - now);
    const b = await held(120);
    const stored = await owner('GET', `/reservas/${b.id}`);
    expect(cabinHour(stored.depositDueAt!)).toBe(9);
    expect(Date.parse(stored.depositDueAt!) - s.clock.now()).toBeGreaterThan(24 * HOUR);
    await smtp.find((m) => m.subject.startsWith('Reserva aceptada') && m.text.includes(b.code));
    const accepted = smtp.messages.filter((m) => m.subject.startsWith('Reserva aceptada') && m.text.includes(b.code));
    expect(accepted.at(-1)!.subject).toMatch(/9:00.*\(hora de Colombia\)/);
  });
});
