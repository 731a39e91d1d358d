import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@cabana/shared/domain/pricing/dates';
import { cabinInstant } from '@cabana/shared/domain/pricing/booking';
import { RegistrationViewSchema } from '@cabana/shared/domain/schemas/registration';
import { RegistrationStatusSchema } from '@cabana/shared/domain/schemas/sire';
import { OverviewSchema } from '@cabana/shared/domain/schemas/overview';
import { GuestBookingSchema } from '@cabana/shared/domain/schemas/booking';
import { startTestServer, type TestServer } from '../../test-support/server';
import { readError, readJson } from '../../test-support/json';
import { acceptedBooking, confirmedBooking, serverToday } from '../../test-support/bookings';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/smtp';
import { bearer, json } from './helpers/http';

const DAY = 24 * 3_600_000;

/** The main guest as the form sends it (loosely typed: the server cleans it). */
const MAIN = {
  firstNames: 'María José',
  lastNames: 'Pérez Gómez',
  documentType: 'CC',
  documentNumber: '1.020.304.050',
  nationality: 'co',
  birthDate: '1985-04-12',
  residenceCity: 'Medellín',
  originCity: 'Medellín',
};
const COMPANION = {
  firstNames: 'John',
  lastNames: 'Smith',
  documentType: 'PA',
  documentNumber: 'x1234567',
  nationality: 'US',
  birthDate: '1990-01-31',
  residenceCity: 'Miami',
  originCity: 'Bogotá',
  destinationCity: 'Cartagena',
};

/** Issue 34, part 1: the guests' registration over HTTP, with the private link's rules. */
describe('guest registration for the TRA and SIRE (issue 34)', () => {
  let s: TestServer;
  let admin: Record<string, string>;
  const path = (code: string) => `/reserva/${code}/huespedes`;

  beforeAll(async () => {
    s = await startTestServer({ env: { ENQUIRIES_PER_CLIENT: '100' } });
    s.clock.toCabinMorning();
    admin = bearer(await s.loginToken());
  });
  afterAll(async () => {
    await s.close();
  });

  it('the guest registers the party of a confirmed booking: cleaned, stored, shown to the owner', async () => {
    const b = await confirmedBooking(s, 10, 2, { numPeople: 2 });
    const before = await json(s, 'GET', `${path(b.code)}?t=${b.token}`);
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('no-store');
    expect(await readJson(before, RegistrationViewSchema)).toMatchObject({
      code: b.code,
      numPeople: 2,
      guests: [],
      complete: false,
      updatedAt: null,
    });
    const page = await readJson(await json(s, 'GET', `/reserva/${b.code}?t=${b.token}`), GuestBookingSchema);
    expect(page.registration).toEqual({ open: true, complete: false });

    const onlyMain = await json(s, 'PUT', path(b.code), { t: b.token, guests: [MAIN] });
    expect(onlyMain.status).toBe(200);
    const partial = await readJson(onlyMain, RegistrationViewSchema);
    expect(partial.complete).toBe(false);
    expect(partial.guests[0]).toMatchObject({ documentNumber: '1020304050', nationality: 'CO' });

    const both = await readJson(
      await json(s, 'PUT', path(b.code), { t: b.token, guests: [MAIN, COMPANION] }),
      RegistrationViewSchema,
    );
    expect(both.complete).toBe(true);
    expect(both.guests.map((g) => g.documentNumber)).toEqual(['1020304050', 'X1234567']);
    const after = await readJson(await json(s, 'GET', `/reserva/${b.code}?t=${b.token}`), GuestBookingSchema);
    expect(after.registration).toEqual({ open: true, complete: true });

    const owner = await json(s, 'GET', `/reservas/${b.id}/huespedes`, undefined, admin);
    expect(owner.status).toBe(200);
    expect((await readJson(owner, RegistrationViewSchema)).guests[1]).toMatchObject({
      lastNames: 'Smith',
      destinationCity: 'Cartagena',
    });
    // Stored durably on the booking.
    const stored = s.running.deps.store.view.bookings.find((x) => x.code === b.code)!;
    expect(stored.registration?.updatedBy).toBe('huesped');
    expect(stored.registration?.guests).toHaveLength(2);
  });

  it('refuses bad parties with a Spanish 400: too many, empty, bad fields, future birth, one document twice', async () => {
    const b = await confirmedBooking(s, 12, 2, { numPeople: 2 });
    const put = (guests: unknown) => json(s, 'PUT', path(b.code), { t: b.token, guests });
    const cases: [unknown, string][] = [
      [[MAIN, COMPANION, { ...COMPANION, documentNumber: 'Z999' }], 'Esta reserva es para 2 personas'],
      [[], 'Registra al menos al huésped principal.'],
      [[{ ...MAIN, documentType: 'XX' }], 'Elige el tipo de documento'],
      [[{ ...MAIN, nationality: 'Colombia' }], 'código de país de dos letras'],
      [[{ ...MAIN, birthDate: '12/04/1985' }], 'AAAA-MM-DD'],
      [[{ ...MAIN, birthDate: addDays(serverToday(s), 1) }], 'está en el futuro'],
      [[{ ...MAIN, firstNames: '   ' }], 'Escribe los nombres.'],
      [[{ ...MAIN, documentNumber: 'a b' }], 'El número de documento lleva'],
      [[MAIN, { ...COMPANION, documentType: 'CC', documentNumber: '1020304050' }], 'ya está en la lista'],
      [[{ ...MAIN, extra: 1 }], ''],
    ];
    for (const [guests, message] of cases) {
      const res = await put(guests);
      expect(res.status, JSON.stringify(guests)).toBe(400);
      expect((await readError(res)).error).toContain(message);
    }
    const nothing = s.running.deps.store.view.bookings.find((x) => x.code === b.code)!;
    expect(nothing.registration).toBeUndefined();
    // Without a body or a secret: 400, never a 500.
    expect((await json(s, 'PUT', path(b.code), { guests: [MAIN] })).status).toBe(400);
    expect((await json(s, 'PUT', path(b.code), '{"t":')).status).toBe(400);
  });

  it('follows the link rules: 404 for a wrong link, 409 unless confirmed, closed from the day of departure', async () => {
    const b = await confirmedBooking(s, 3, 2);
    const wrong = await json(s, 'GET', `${path(b.code)}?t=${'A'.repeat(43)}`);
    expect(wrong.status).toBe(404);
    expect((await readError(wrong)).error).toBe('No encontramos esa reserva. Revisa el enlace del correo.');
    expect((await json(s, 'PUT', path('ZZZZZZZZ'), { t: b.token, guests: [MAIN] })).status).toBe(404);

    const held = await acceptedBooking(s, 30, 2);
    const notYet = await json(s, 'PUT', path(held.code), { t: held.token, guests: [MAIN] });
    expect(notYet.status).toBe(409);
    expect((await readError(notYet)).error).toBe(
      'El registro de huéspedes solo está abierto para una reserva confirmada, hasta el día de salida.',
    );
    expect((await json(s, 'GET', `${path(held.code)}?t=${held.token}`)).status).toBe(409);
    // The owner cannot register an unconfirmed booking either.
    const ownerEarly = await json(s, 'PUT', `/reservas/${held.id}/huespedes`, { guests: [MAIN] }, admin);
    expect(ownerEarly.status).toBe(409);

    // The stay's last night passes: from the day of departure the guest's form is closed…
    s.clock.advance(5 * DAY);
    admin = bearer(await s.loginToken());
    const over = await json(s, 'PUT', path(b.code), { t: b.token, guests: [MAIN] });
    expect(over.status).toBe(409);
    const page = await readJson(await json(s, 'GET', `/reserva/${b.code}?t=${b.token}`), GuestBookingSchema);
    expect(page.registration.open).toBe(false);
    // …and the owner still fills it for the stay's record.
    const ownerFix = await json(s, 'PUT', `/reservas/${b.id}/huespedes`, { guests: [MAIN] }, admin);
    expect(ownerFix.status).toBe(200);
    const stored = s.running.deps.store.view.bookings.find((x) => x.code === b.code)!;
    expect(stored.registration?.updatedBy).toBe('propietario');
  });

  it("the owner's routes need the session and answer 404 for an unknown booking", async () => {
    expect((await json(s, 'GET', `/reservas/abc123/huespedes`)).status).toBe(401);
    const unknown = await json(s, 'GET', `/reservas/abc123/huespedes`, undefined, admin);
    expect(unknown.status).toBe(404);
    const b = await confirmedBooking(s, 40, 2, { numPeople: 2 });
    const bad = await json(s, 'PUT', `/reservas/${b.id}/huespedes`, { guests: 'no' }, admin);
    expect(bad.status).toBe(400);
    expect((await readError(bad)).error).toContain('huéspedes');
    const tooMany = await json(
      s,
      'PUT',
      `/reservas/${b.id}/huespedes`,
      { guests: [MAIN, COMPANION, { ...COMPANION, documentNumber: 'Q1X' }] },
      admin,
    );
    expect(tooMany.status).toBe(400);
    expect((await readError(tooMany)).error).toBe('Esta reserva es para 2 personas: registra como máximo 2 huéspedes.');
  });

  // Last in this server's run: it moves the clock past the stays above.
  it("retention (Ley 1581): purges the guests' documents the set days after check-out, keeping the count, and from the data folder", async () => {
    const setting = await json(s, 'PATCH', '/ajustes', { identityRetentionDays: 30 }, admin);
    expect(setting.status).toBe(200);
    const tooLong = await json(s, 'PATCH', '/ajustes', { identityRetentionDays: 5000 }, admin);
    expect(tooLong.status).toBe(400);
    expect((await readError(tooLong)).error).toContain('como mucho 1825 días');
    const b = await confirmedBooking(s, 3, 2, { numPeople: 2 });
    expect(
      (
        await json(s, 'PUT', `/reserva/${b.code}/huespedes`, {
          t: b.token,
          guests: [
            { ...MAIN, documentNumber: 'RET111' },
            { ...COMPANION, documentNumber: 'RET222' },
          ],
        })
      ).status,
    ).toBe(200);
    const purge = () => s.running.deps.registration.purgeIdentities();
    const stored = () => s.running.deps.store.view.bookings.find((x) => x.code === b.code)!;
    s.clock.advance(cabinInstant(addDays(stored().checkOut, 29), '10:00') - s.clock.now()); // 29 days after check-out
    await purge(); // (earlier stays of this file may go now)
    expect(stored().registration?.guests).toHaveLength(2);
    s.clock.advance(DAY);
    // A foreign guest's movements are owed to Migración until their months are marked as uploaded.
    admin = bearer(await s.loginToken());
    const owed = [...new Set([stored().checkIn.slice(0, 7), stored().checkOut.slice(0, 7)])];
    expect(await purge()).toBe(0);
    expect(stored().registration?.guests).toHaveLength(2);
    for (const month of owed)
      expect((await json(s, 'POST', '/registro/sire/subido', { month }, admin)).status).toBe(200);
    expect(await purge()).toBe(1);
    expect(stored().registration).toMatchObject({ guests: [], guestCount: 2 });
    expect(stored().registration?.purgedAt).toBeDefined();
    expect(await purge()).toBe(0);
    // The owner's view says it is complete (the count is kept) without any document.
    admin = bearer(await s.loginToken());
    const view = await readJson(
      await json(s, 'GET', `/reservas/${b.id}/huespedes`, undefined, admin),
      RegistrationViewSchema,
    );
    expect(view).toMatchObject({ guests: [], complete: true });
    // The journal is rewritten without them: no file of the data folder (what a backup copies) holds the numbers.
    await expect
      .poll(async () => (await allFiles(s.dataDir)).some((t) => t.includes('RET111') || t.includes('RET222')))
      .toBe(false);
  });
});

describe('check-in reminders 7 and 2 days before arrival (issue 34)', () => {
  let smtp: TestSmtpServer;
  let s: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    s = await startTestServer({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Brisas <reservas@brisas.test>', ENQUIRIES_PER_CLIENT: '100' },
    });
    s.clock.toCabinMorning();
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  it('reminds an incomplete registration once at 7 days and once at 2, never a complete one', async () => {
    const timers = () => s.running.deps.registration.runTimers();
    const open = await confirmedBooking(s, 10, 2, { numPeople: 2, email: 'ana@example.com', lang: 'en' });
    const done = await confirmedBooking(s, 12, 2, { numPeople: 2, email: 'luis@example.com' });
    expect(
      (await json(s, 'PUT', `/reserva/${done.code}/huespedes`, { t: done.token, guests: [MAIN, COMPANION] })).status,
    ).toBe(200);
    const reminders = () => smtp.messages.filter((m) => /Register your party|Registra a tus huéspedes/.test(m.subject));

    expect(await timers()).toBe(0); // 10 days ahead: nothing yet
    s.clock.advance(3 * DAY);
    expect(await timers()).toBe(1);
    const first = await smtp.find((m) => m.subject === `Register your party before you arrive: booking ${open.code}`);
    expect(first.to).toEqual(['ana@example.com']);
    expect(first.text).toContain(`/en/booking/${open.code}?t=${open.token}`);
    expect(await timers()).toBe(0); // once
    s.clock.advance(4 * DAY);
    expect(await timers()).toBe(0); // 3 days ahead: the second waits
    s.clock.advance(DAY);
    expect(await timers()).toBe(1);
    // The second one arrives (the predicate counts every reminder received so far).
    await smtp.find(() => reminders().filter((m) => m.to.includes('ana@example.com')).length === 2);
    s.clock.advance(DAY);
    expect(await timers()).toBe(0);
    const stored = s.running.deps.store.view.bookings.find((b) => b.code === open.code)!;
    expect(stored.reminders.registration7).toBeDefined();
    expect(stored.reminders.registration2).toBeDefined();
    const sentTo = reminders().flatMap((m) => m.to);
    expect(sentTo).not.toContain('luis@example.com');
  });
});

describe('the SIRE file for Migración Colombia (issue 34)', () => {
  let s: TestServer;
  let admin: Record<string, string>;

  beforeAll(async () => {
    s = await startTestServer({ env: { ENQUIRIES_PER_CLIENT: '100' } });
    s.clock.toCabinMorning();
    admin = bearer(await s.loginToken());
  });
  afterAll(async () => {
    await s.close();
  });

  const sire = (query: string, headers = admin) => json(s, 'GET', `/registro/sire${query}`, undefined, headers);
  const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  /** The file parsed back: lines by CRLF (the last one ends too), columns by tab. */
  const parse = (text: string) => {
    expect(text === '' || text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    return text
      .split('\r\n')
      .slice(0, -1)
      .map((l) => l.split('\t'));
  };

  it("writes one line per entry and exit of each foreign guest, from the settings' codes; Colombians never; unknown codes listed, not guessed", async () => {
    // Until the lodging's SIRE codes are set, no file (409, in Spanish).
    const early = await sire('?desde=2026-01-01&hasta=2026-01-31');
    expect(early.status).toBe(409);
    expect((await readError(early)).error).toContain('código del establecimiento en el SIRE');
    const patch = await json(s, 'PATCH', '/ajustes', { sireHotelCode: '123456', sireCityCode: '70820' }, admin);
    expect(patch.status).toBe(200);
    expect(
      (await readError(await json(s, 'PATCH', '/ajustes', { sireCityCode: 'Tolú' }, admin))).fields?.sireCityCode,
    ).toContain('5 dígitos');

    // A party of three: a Colombian (main guest), an American and a German whose origin the server cannot code.
    const b = await confirmedBooking(s, 20, 3, { numPeople: 3 });
    const GERMAN = {
      ...COMPANION,
      firstNames: 'Anna Lena',
      lastNames: 'Müller Schmidt',
      documentNumber: 'C01X00T47',
      nationality: 'DE',
      birthDate: '1992-07-09',
      originCity: 'Múnich',
      destinationCity: 'Santa Marta',
    };
    expect(
      (await json(s, 'PUT', `/reserva/${b.code}/huespedes`, { t: b.token, guests: [MAIN, COMPANION, GERMAN] })).status,
    ).toBe(200);
    // Another stay the same days: a South Sudanese guest (no SIRE code we could source).
    const other = await confirmedBooking(s, 23, 1, { numPeople: 2 });
    admin = bearer(await s.loginToken()); // (booking helpers sign in anew)
    const SOUTH_SUDAN = {
      ...COMPANION,
      firstNames: 'Deng',
      lastNames: 'Garang',
      documentNumber: 'R0012345',
      nationality: 'SS',
    };
    expect(
      (await json(s, 'PUT', `/reserva/${other.code}/huespedes`, { t: other.token, guests: [SOUTH_SUDAN] })).status,
    ).toBe(200);

    const stay = s.running.deps.store.view.bookings.find((x) => x.code === b.code)!;
    const range = `?desde=${stay.checkIn}&hasta=${stay.checkOut}`;
    const first = await sire(range);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(first.headers.get('content-disposition')).toBe(
      `attachment; filename="sire-123456-${stay.checkIn}-${stay.checkOut}.txt"`,
    );
    expect(first.headers.get('x-sire-problemas')).toBe('3'); // the German's two movements, the South Sudanese's entry
    const american = (kind: 'E' | 'S', date: string) => [
      '123456',
      '70820',
      '3',
      'X1234567',
      '249',
      'SMITH',
      '',
      'JOHN',
      kind,
      dmy(date),
      '11001',
      '13001',
      '31/01/1990',
    ];
    expect(parse(await first.text())).toEqual([american('E', stay.checkIn), american('S', stay.checkOut)]);
    const status = await readJson(await json(s, 'GET', '/registro', undefined, admin), RegistrationStatusSchema);
    expect(status).toMatchObject({ traConfigured: false, sireConfigured: true });
    const problems = status.months.flatMap((m) => m.problems);
    expect(problems.filter((p) => p.code === other.code).map((p) => p.text)).toEqual([
      'la nacionalidad SS no tiene código SIRE conocido: elige el país en el portal del SIRE al reportarlo a mano',
      'la nacionalidad SS no tiene código SIRE conocido: elige el país en el portal del SIRE al reportarlo a mano',
    ]);
    expect(problems.find((p) => p.code === b.code)).toMatchObject({
      guest: 'Anna Lena Müller Schmidt',
      movement: 'E',
      text: 'falta el código SIRE del lugar de procedencia («Múnich»): escríbelo en el registro de la reserva',
    });

    // The owner codes the German's origin in the panel (SIRE's Alemania, 23): her lines appear, surnames apart.
    const fixed = await json(
      s,
      'PUT',
      `/reservas/${b.id}/huespedes`,
      { guests: [MAIN, COMPANION, { ...GERMAN, originCode: '23' }] },
      admin,
    );
    expect(fixed.status).toBe(200);
    const second = await sire(range);
    expect(second.headers.get('x-sire-problemas')).toBe('1');
    const german = (kind: 'E' | 'S', date: string) => [
      '123456',
      '70820',
      '3',
      'C01X00T47',
      '23',
      'MÜLLER',
      'SCHMIDT',
      'ANNA LENA',
      kind,
      dmy(date),
      '23',
      '47001',
      '09/07/1992',
    ];
    expect(parse(await second.text())).toEqual([
      american('E', stay.checkIn),
      german('E', stay.checkIn),
      american('S', stay.checkOut),
      german('S', stay.checkOut),
    ]);
    // The guest saves the registration again from the private page (a typo fixed): the code the
    // owner typed stays with her person; the file does not change.
    const resaved = await json(s, 'PUT', `/reserva/${b.code}/huespedes`, {
      t: b.token,
      guests: [MAIN, COMPANION, { ...GERMAN, residenceCity: GERMAN.residenceCity + ' ' }],
    });
    expect(resaved.status, await resaved.clone().text()).toBe(200);
    expect(parse(await (await sire(range)).text())).toHaveLength(4);
    // The month of arrival in the panel carries the same file as the range of that month.
    const month = stay.checkIn.slice(0, 7);
    const listed = (
      await readJson(await json(s, 'GET', '/registro', undefined, admin), RegistrationStatusSchema)
    ).months.find((m) => m.month === month)!;
    const ofMonth = await sire(`?desde=${listed.desde}&hasta=${listed.hasta}`);
    expect(listed.text).toBe(await ofMonth.text());
    expect(
      parse(listed.text).every((l) => l.length === 13 && l[9]!.slice(3) === `${month.slice(5)}/${month.slice(0, 4)}`),
    ).toBe(true);
    // A range without foreign guests: an empty file, not an error.
    expect(await (await sire('?desde=2020-01-01&hasta=2020-01-31')).text()).toBe('');
  });

  it('refuses a bad range with a Spanish 400, and anyone but the owner', async () => {
    admin = bearer(await s.loginToken());
    const cases: [string, string][] = [
      ['', 'Indica desde qué fecha'],
      ['?desde=2026-13-01&hasta=2026-12-31', 'La fecha «desde» va como AAAA-MM-DD.'],
      ['?desde=2026-12-01&hasta=31/12/2026', 'La fecha «hasta» va como AAAA-MM-DD.'],
      ['?desde=2026-12-10&hasta=2026-12-01', 'no puede ser anterior'],
      ['?desde=2025-01-01&hasta=2026-12-31', 'como mucho un año'],
    ];
    for (const [query, message] of cases) {
      const res = await sire(query);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(await readError(res)), query).toContain(message);
    }
    expect((await sire('?desde=2026-12-01&hasta=2026-12-31', {})).status).toBe(401);
    const bad = await json(s, 'POST', '/registro/sire/subido', { month: '2026-13' }, admin);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await readError(bad))).toContain('El mes va como AAAA-MM.');
  });

  it('"Qué hacer hoy" reminds of movements already happened until the month is marked as uploaded', async () => {
    admin = bearer(await s.loginToken());
    const stay = s.running.deps.store.view.bookings.find((x) => x.registration?.guests.length === 3)!;
    const month = stay.checkIn.slice(0, 7);
    const sireItems = async () => {
      const res = await json(s, 'GET', '/resumen', undefined, admin);
      if (res.status !== 200) throw new Error(await res.text());
      const overview = await readJson(res, OverviewSchema);
      return overview.attention.find((g) => g.key === 'registro')!.items.filter((i) => i.id.startsWith('sire:'));
    };
    expect(await sireItems()).toEqual([]); // nothing happened yet
    s.clock.advance(cabinInstant(stay.checkIn, '16:00') - s.clock.now());
    admin = bearer(await s.loginToken()); // (the session of weeks ago expired)
    const items = await sireItems();
    expect(items.map((i) => i.id)).toContain(`sire:${month}`);
    expect(items.find((i) => i.id === `sire:${month}`)!.title).toMatch(
      /^SIRE de \p{L}+ de \d{4}: 2 movimientos sin marcar como subidos$/u,
    );
    const markedFrom = s.clock.now();
    const marked = await readJson(
      await json(s, 'POST', '/registro/sire/subido', { month }, admin),
      RegistrationStatusSchema,
    );
    const markedMonth = marked.months.find((m) => m.month === month)!;
    expect(markedMonth.uploadedMovements).toBe(markedMonth.movements);
    expect(Date.parse(markedMonth.uploadedAt!)).toBeGreaterThanOrEqual(markedFrom);
    expect(Date.parse(markedMonth.uploadedAt!)).toBeLessThanOrEqual(s.clock.now());
    expect((await sireItems()).map((i) => i.id)).not.toContain(`sire:${month}`);
  });
});

async function allFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await allFiles(p)));
    else if (entry.isFile()) out.push(await readFile(p, 'latin1'));
  }
  return out;
}
