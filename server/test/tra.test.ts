import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingSchema } from '@cabana/shared/domain/schemas/booking';
import { OverviewSchema } from '@cabana/shared/domain/schemas/overview';
import { startTestServer, type TestServer } from '../../test-support/server';
import { readError, readJson } from '../../test-support/json';
import { startMincitStandIn, type MincitStandIn } from '../../test-support/mincit';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/smtp';
import { confirmedBooking } from '../../test-support/bookings';
import { cabinInstant } from '@cabana/shared/domain/pricing/booking';
import { TraFiler } from '../src/registration/tra';
import { bearer, json } from './helpers/http';

const HOUR = 3_600_000;
const MAIN = {
  firstNames: 'María José',
  lastNames: 'Pérez Gómez',
  documentType: 'CC',
  documentNumber: '1020304050',
  nationality: 'CO',
  birthDate: '1985-04-12',
  residenceCity: 'Medellín',
  originCity: 'Bogotá',
};
const COMPANION = {
  firstNames: 'John',
  lastNames: 'Smith',
  documentType: 'PA',
  documentNumber: 'X1234567',
  nationality: 'US',
  birthDate: '1990-01-31',
  residenceCity: 'Miami',
  originCity: 'Bogotá',
  destinationCity: 'Cartagena',
};

/** Every file under `dir`, read as text. */
function allText(dir: string): string {
  return readdirSync(dir)
    .map((name) => path.join(dir, name))
    .map((p) => (statSync(p).isDirectory() ? allText(p) : statSync(p).isFile() ? readFileSync(p, 'latin1') : ''))
    .join('\n');
}

/** Issue 34, part 3: the party filed with MinCIT's PMS API (a local stand-in) on the day of arrival. */
describe("the TRA filed with MinCIT's PMS API", () => {
  let mincit: MincitStandIn;
  let smtp: TestSmtpServer;
  let s: TestServer;
  let admin: Record<string, string>;
  const filer = () => s.running.deps.tra;
  const register = async (code: string, t: string, guests: unknown[]) => {
    const res = await json(s, 'PUT', `/reserva/${code}/huespedes`, { t, guests });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const stored = (code: string) => s.running.deps.store.view.bookings.find((b) => b.code === code)!;
  /** Moves the clock to 16:00 at the cabin on the booking's day of arrival (check-in is from 15:00). */
  const toArrivalAfternoon = (code: string) =>
    s.clock.advance(cabinInstant(stored(code).checkIn, '16:00') - s.clock.now());

  beforeAll(async () => {
    mincit = await startMincitStandIn();
    smtp = await startSmtpServer();
    s = await startTestServer({
      env: {
        TRA_API_URL: `${mincit.url}/`,
        TRA_TOKEN: mincit.token,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Brisas <reservas@brisas.test>',
        ENQUIRIES_PER_CLIENT: '100',
      },
    });
    s.clock.toCabinMorning();
    admin = bearer(await s.loginToken());
    const rnt = await json(s, 'PATCH', '/ajustes', { rnt: '123456' }, admin);
    expect(rnt.status).toBe(200);
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
    await mincit.close();
  });

  it('files the main guest then each companion with padre, from check-in time on the day of arrival, once', async () => {
    const b = await confirmedBooking(s, 2, 3, { numPeople: 2 });
    await register(b.code, b.token, [MAIN, COMPANION]);
    expect(await filer().run()).toBe(0); // two days before arrival
    expect(mincit.calls).toHaveLength(0);
    s.clock.advance(48 * HOUR); // 10:00 on the day of arrival: check-in is later
    expect(await filer().run()).toBe(0);
    s.clock.advance(6 * HOUR); // 16:00
    expect(await filer().run()).toBe(2);
    expect(mincit.calls.map((c) => c.path)).toEqual(['/one/', '/two/']);
    expect(mincit.calls.every((c) => c.authorization === `token ${mincit.token}`)).toBe(true);
    const [one, two] = mincit.calls;
    const booking = stored(b.code);
    expect(one!.body).toEqual({
      tipo_identificacion: 'CC',
      numero_identificacion: '1020304050',
      nombres: 'María José',
      apellidos: 'Pérez Gómez',
      cuidad_residencia: 'Medellín',
      cuidad_procedencia: 'Bogotá',
      numero_habitacion: '1',
      motivo: 'Turismo',
      numero_acompanantes: '1',
      check_in: booking.checkIn,
      check_out: booking.checkOut,
      tipo_acomodacion: 'Vivienda turística',
      costo: String(booking.price.total),
      nombre_establecimiento: s.running.deps.store.view.settings.name,
      rnt_establecimiento: '123456',
    });
    expect(two!.body).toMatchObject({ tipo_identificacion: 'PA', numero_identificacion: 'X1234567', padre: one!.code });
    expect(booking.tra).toMatchObject({ mainCode: one!.code, companionCodes: [two!.code], attempts: 0 });
    expect(booking.tra?.filedAt).toBeDefined();
    // The owner reads MinCIT's codes on the booking.
    admin = bearer(await s.loginToken());
    const owner = await readJson(await json(s, 'GET', `/reservas/${b.id}`, undefined, admin), BookingSchema);
    expect(owner.tra?.mainCode).toBe(one!.code);
    // A filed guest keeps their place and document (MinCIT's codes go by place): removing the
    // companion or changing the main guest's document is a 409, and nothing changes.
    for (const guests of [[MAIN], [{ ...MAIN, documentNumber: '999888777' }, COMPANION], [COMPANION, MAIN]]) {
      const refused = await json(s, 'PUT', `/reserva/${b.code}/huespedes`, { t: b.token, guests });
      expect(refused.status).toBe(409);
      expect((await readError(refused)).error).toContain('ya está registrado ante MinCIT');
    }
    expect(stored(b.code).registration?.guests.map((g) => g.documentNumber)).toEqual(['1020304050', 'X1234567']);
    // A typo in a filed guest's name is still the guest's to correct (their document is the same).
    await register(b.code, b.token, [{ ...MAIN, firstNames: 'María Josefa' }, COMPANION]);
    // Never twice: later runs, a correction of the registration, a restart's recovery send nothing.
    s.clock.advance(HOUR);
    expect(await filer().run()).toBe(0);
    expect(await filer().recover()).toBe(0);
    expect(mincit.calls).toHaveLength(2);
    // The secret is nowhere in the data folder.
    expect(allText(s.dataDir)).not.toContain(mincit.token);
  });

  it('retries with back-off while MinCIT fails, tells the owner once, and never resends a filed main guest', async () => {
    const b = await confirmedBooking(s, 5, 2, { numPeople: 2 });
    await register(b.code, b.token, [MAIN]);
    toArrivalAfternoon(b.code);
    const before = mincit.calls.length;
    mincit.failNext = 4;
    expect(await filer().run()).toBe(0);
    expect(stored(b.code).tra).toMatchObject({ attempts: 1 });
    expect(stored(b.code).tra?.lastError).toContain('HTTP 503');
    expect(await filer().run()).toBe(0); // waiting for its back-off: no call
    expect(mincit.calls.length - before).toBe(1);
    for (let i = 0; i < 3; i++) {
      s.clock.advance(HOUR);
      await filer().run();
    }
    expect(stored(b.code).tra?.attempts).toBe(4);
    const alert = await smtp.find((m) => m.subject.startsWith(`Registro TRA sin enviar: reserva ${b.code}`));
    expect(alert.text).toContain('falló 4 veces seguidas');
    // And it waits in "Qué hacer hoy" until it goes through.
    admin = bearer(await s.loginToken());
    const overview = async () =>
      readJson(await json(s, 'GET', '/resumen', undefined, admin), OverviewSchema).then(
        // (the SIRE reminders of the same group have their own test: huespedes.test.ts)
        (o) => o.attention.find((g) => g.key === 'registro')!.items.filter((i) => i.id.endsWith(':tra')),
      );
    expect((await overview()).map((i) => i.id)).toEqual([`${b.id}:tra`]);
    expect((await overview())[0]!.detail).toContain('HTTP 503');
    s.clock.advance(HOUR);
    expect(await filer().run()).toBe(1);
    const main = stored(b.code).tra!.mainCode!;
    expect(await overview()).toEqual([]);
    // The companion registers later that day: only the companion goes, with the same padre.
    await register(b.code, b.token, [MAIN, COMPANION]);
    await expect.poll(() => stored(b.code).tra?.companionCodes[0] ?? null).not.toBeNull();
    const sent = mincit.calls.slice(before).filter((c) => c.code !== undefined);
    expect(sent.map((c) => c.path)).toEqual(['/one/', '/two/']);
    expect(sent[1]!.body.padre).toBe(main);
  });

  it('a wrong token is an error for the panel; without a token nothing is ever sent', async () => {
    const b = await confirmedBooking(s, 5, 2, { numPeople: 2 });
    await register(b.code, b.token, [MAIN]);
    toArrivalAfternoon(b.code);
    const booking = s.running.deps.store.data.bookings.find((x) => x.code === b.code)!;
    const log = { info: () => undefined, error: () => undefined };
    const before = mincit.calls.length;
    const none = new TraFiler({
      store: s.running.deps.store,
      apiUrl: mincit.url,
      token: undefined,
      log,
      now: () => s.clock.now(),
    });
    expect(none.configured).toBe(false);
    expect(await none.run()).toBe(0);
    expect(mincit.calls.length).toBe(before);
    const wrong = new TraFiler({
      store: s.running.deps.store,
      apiUrl: mincit.url,
      token: 'otro',
      log,
      now: () => s.clock.now(),
    });
    // The server's own filer may have sent it already when the registration was saved; reset to test the refusal.
    delete booking.tra;
    await s.running.deps.store.save();
    expect(await wrong.run()).toBe(0);
    expect(stored(b.code).tra?.lastError).toBe('MinCIT rechazó el token (HTTP 401).');
    expect(mincit.calls.at(-1)!.authorization).toBe('token otro');
  });
});
