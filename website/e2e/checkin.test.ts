import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedBooking } from '../../test-support/bookings';
import { DESKTOP, expectClean, gotoHydrated, newPage, PHONE, runAxe, setPrice, startSite, type Site } from './helpers';
import { openAdminPage, signIn } from './admin-helpers';

const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

/** Issue 34, part 2: the online check-in on the private page, both languages, at 390 px, with axe. */
describe('online check-in on the private booking page', () => {
  let site: Site;
  let phone: BrowserContext;

  beforeAll(async () => {
    site = await startSite();
    await setPrice(site.server, 100_000);
    phone = await site.browser.newContext(PHONE);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('Spanish: the form loads on demand, explains each field, needs consent and saves the party', async () => {
    const b = await confirmedBooking(site.server, 20, 2, { numPeople: 2 });
    const { page, problems } = await newPage(phone);
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await gotoHydrated(page, site.server.url + b.path);
    const section = page.getByRole('region', { name: 'Registro de huéspedes (check-in en línea)' });
    expect(norm(await section.innerText())).toContain('Registro pendiente');
    // The form's code is not part of the first visit.
    expect(scripts.some((u) => u.includes('checkin-form'))).toBe(false);
    await section.getByRole('button', { name: 'Registrar huéspedes' }).click();
    const main = section.getByRole('group', { name: 'Huésped principal' });
    await main.getByLabel('Nombres').fill('María José');
    expect(scripts.some((u) => u.includes('checkin-form'))).toBe(true);
    await main.getByLabel('Apellidos').fill('Pérez Gómez');
    await main.getByLabel('Tipo de documento').selectOption('CC');
    await main.getByLabel('Número de documento').fill('1020304050');
    await main.getByLabel('Nacionalidad').selectOption('CO');
    await main.getByLabel('Fecha de nacimiento').fill('1985-04-12');
    await main.getByLabel('Ciudad de residencia').fill('Medellín');
    await main.getByLabel('Ciudad de procedencia (de dónde viaja)').fill('Medellín');
    // Why each field is asked, and how long it is kept.
    expect(norm(await main.innerText())).toContain('Migración Colombia exige reportar a los huéspedes extranjeros');
    expect(norm(await section.innerText())).toContain('180 días después de la salida');
    // No horizontal scroll at 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await runAxe(page)).toEqual([]);

    await section.getByRole('button', { name: 'Guardar registro' }).click();
    await expect.poll(() => section.innerText().then(norm)).toContain('Marca la autorización');
    await section.getByLabel('Autorizo el tratamiento de estos datos').check();
    await section.getByRole('button', { name: 'Guardar registro' }).click();
    await expect.poll(() => section.innerText().then(norm)).toContain('Registro guardado.');
    expect(norm(await section.innerText())).toContain('Registro pendiente');

    const companion = section.getByRole('group', { name: 'Acompañante 1' });
    await companion.getByLabel('Nombres').fill('John');
    await companion.getByLabel('Apellidos').fill('Smith');
    await companion.getByLabel('Tipo de documento').selectOption('PA');
    await companion.getByLabel('Número de documento').fill('X1234567');
    await companion.getByLabel('Nacionalidad').selectOption('US');
    await companion.getByLabel('Fecha de nacimiento').fill('1990-01-31');
    await companion.getByLabel('Ciudad de residencia').fill('Miami');
    await companion.getByLabel('Ciudad de procedencia (de dónde viaja)').fill('Bogotá');
    await companion.getByLabel('Ciudad de destino (a dónde va después) (opcional)').fill('Cartagena');
    await section.getByRole('button', { name: 'Guardar registro' }).click();
    await expect.poll(() => section.innerText().then(norm)).toContain('todos los huéspedes quedaron registrados');
    expect(norm(await section.innerText())).toContain('Registro completo');
    const stored = site.server.running.deps.store.view.bookings.find((x) => x.code === b.code)!;
    expect(stored.registration?.guests.map((g) => g.nationality)).toEqual(['CO', 'US']);
    expect(await runAxe(page)).toEqual([]);
    expectClean(problems);
    await page.close();
  });

  it('English: the same form in English, and the saved party is shown back', async () => {
    const b = await confirmedBooking(site.server, 30, 2, { numPeople: 2, lang: 'en' });
    const put = await fetch(`${site.server.apiUrl}/reserva/${b.code}/huespedes`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: site.server.url },
      body: JSON.stringify({
        t: b.token,
        guests: [
          {
            firstNames: 'Ann',
            lastNames: 'Lee',
            documentType: 'PA',
            documentNumber: 'P998877',
            nationality: 'GB',
            birthDate: '1979-06-01',
            residenceCity: 'London',
            originCity: 'Bogotá',
          },
        ],
      }),
    });
    expect(put.status).toBe(200);
    const { page, problems } = await newPage(phone);
    await gotoHydrated(page, site.server.url + b.path);
    const section = page.getByRole('region', { name: 'Guest registration (online check-in)' });
    expect(norm(await section.innerText())).toContain('Registration pending');
    await section.getByRole('button', { name: 'Register your party' }).click();
    const main = section.getByRole('group', { name: 'Main guest' });
    await expect.poll(() => main.getByLabel('First names').inputValue()).toBe('Ann');
    expect(await main.getByLabel('Nationality').inputValue()).toBe('GB');
    expect(norm(await section.innerText())).toContain('180 days after check-out');
    expect(norm(await section.innerText())).not.toContain('Huésped');
    await section.getByRole('button', { name: 'Save registration' }).click();
    await expect.poll(() => section.innerText().then(norm)).toContain('Registration saved.');
    expect(await runAxe(page)).toEqual([]);
    expectClean(problems);
    await page.close();
  });

  it('the privacy policy states the retention of identity documents, in both languages (server HTML)', async () => {
    const es = await (await fetch(`${site.server.url}/privacidad`)).text();
    expect(es).toContain(
      'Borramos estos datos de nuestro servidor y de las copias de seguridad siguientes 180 días después de la salida',
    );
    const en = await (await fetch(`${site.server.url}/en/privacy`)).text();
    expect(en).toContain('from the following backups 180 days after check-out');
  });

  it("the owner sees each booking's registration status and party in Reservas", async () => {
    const done = await confirmedBooking(site.server, 60, 2, { numPeople: 2 });
    const pending = await confirmedBooking(site.server, 70, 2, { numPeople: 3 });
    const guest = {
      firstNames: 'Luis',
      lastNames: 'Mora',
      documentType: 'CC',
      documentNumber: '7788990',
      nationality: 'CO',
      birthDate: '1970-02-02',
      residenceCity: 'Cali',
      originCity: 'Cali',
    };
    const put = (code: string, t: string, guests: unknown[]) =>
      fetch(`${site.server.apiUrl}/reserva/${code}/huespedes`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', origin: site.server.url },
        body: JSON.stringify({ t, guests }),
      });
    expect(
      (await put(done.code, done.token, [guest, { ...guest, firstNames: 'Eva', documentNumber: '5566' }])).status,
    ).toBe(200);
    expect((await put(pending.code, pending.token, [guest])).status).toBe(200);
    // MinCIT's codes as the filing stores them (registration/tra.ts; filed against its stand-in in server/test/tra.test.ts).
    const store = site.server.running.deps.store;
    store.data.bookings.find((x) => x.code === done.code)!.tra = {
      mainCode: 5000,
      companionCodes: [5001],
      attempts: 0,
      filedAt: new Date().toISOString(),
    };
    await store.save();
    const owner = await site.browser.newContext(DESKTOP);
    const signing = await owner.newPage();
    await signIn(signing, site.server);
    await signing.close();
    const { page, problems } = await openAdminPage(owner);
    await page.goto(`${site.server.url}/admin/reservas`);
    const doneBox = page.getByRole('region', { name: `Registro de huéspedes de ${done.code}` });
    await expect.poll(() => doneBox.innerText().then(norm)).toContain('Completo 2 de 2 huéspedes');
    expect(norm(await doneBox.innerText())).toContain('Principal: Luis Mora · Cédula de ciudadanía 7788990 · CO');
    const pendingBox = page.getByRole('region', { name: `Registro de huéspedes de ${pending.code}` });
    expect(norm(await pendingBox.innerText())).toContain('Pendiente 1 de 3 huéspedes');
    expect(norm(await doneBox.innerText())).toContain('TRA (MinCIT): enviado. Códigos de MinCIT: 5000, 5001');
    expect(norm(await pendingBox.innerText())).toContain('pms.mincit.gov.co/token/');
    expect(await runAxe(page)).toEqual([]);
    expectClean(problems);
    await owner.close();
  });
});
