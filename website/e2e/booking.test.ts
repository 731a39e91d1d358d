import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import { formatMonth } from '@cabana/shared/domain/lib/owner-dates';
import {
  DESKTOP,
  daysFromToday,
  expectClean,
  interceptEmailJs,
  newPage,
  runAxe,
  patchSettings,
  setPrice,
  startSite,
  type Site,
  gotoHydrated,
  landedOnBooking,
  waitForHydration,
} from './helpers';
import { adminPage, openAdminPage, openSection } from './admin-helpers';
import { confirmedBooking } from '../../test-support/bookings';
import { readFile } from 'node:fs/promises';
import { classesWithoutTheirStyles } from './public-pages';

const PRICE = 100_000;
const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
const cop = (n: number) => norm(formatMoney(n, 'COP'));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let site: Site;
let guest: BrowserContext;
let owner: BrowserContext;

beforeAll(async () => {
  site = await startSite();
  await setPrice(site.server, PRICE);
  await patchSettings(site.server, {
    bankAccount: 'Bancolombia ahorros 123-456789-01 a nombre de Ana Gómez',
    nequiNumber: '3005550142',
    hostName: 'Ana Gómez',
    directionsTolu: 'Desde el parque de Tolú, 6 km por la vía a Coveñas.\nGira en el letrero azul.',
    checkInSteps: 'Llámanos al llegar a la portería.',
  });
  [guest, owner] = await Promise.all([site.browser.newContext(DESKTOP), site.browser.newContext(DESKTOP)]);
});
afterAll(async () => {
  await site?.close();
});

async function requestOnPlans(page: Page, checkIn: string, checkOut: string) {
  await gotoHydrated(page, site.server.url + '/planes');
  await page.getByLabel('Nombre completo').fill('Ana María Pérez');
  await page.getByLabel('Correo electrónico').fill('ana.perez@example.com');
  await page.getByLabel('Teléfono o celular').fill('+57 301 222 3344');
  await page.getByLabel('Número de personas').selectOption('4');
  await page.getByLabel('Fecha de llegada').fill(checkIn);
  await page.getByLabel('Fecha de salida').fill(checkOut);
  await page.getByLabel(/Acepto el tratamiento de mis datos personales/).check();
  await page.getByRole('button', { name: 'Enviar reserva' }).click();
}

/** The booking's row in the panel's Reservas section. */
const row = (page: Page, code: string) => page.locator(`li[data-booking-code="${code}"]`);

describe('the booking lifecycle in the browser', () => {
  let link = '';
  let code = '';

  it('/planes shows the policy before sending, sends a request, says "Solicitud recibida" and only then e-mails', async () => {
    const { page, problems } = await newPage(guest);
    const emails = await interceptEmailJs(page, 200);
    await gotoHydrated(page, site.server.url + '/planes');
    const form = page.locator('form.form');
    expect(norm(await form.innerText())).toContain('Política de cancelación: Moderada');
    expect(await form.getByRole('link', { name: 'condiciones de la estadía' }).getAttribute('href')).toBe(
      '/condiciones',
    );
    await requestOnPlans(page, daysFromToday(30), daysFromToday(33));
    // The guest lands on the booking's own page (issue 32).
    ({ code, link } = await landedOnBooking(page));
    expect(link).toMatch(new RegExp(`^/reserva/${code}\\?t=[A-Za-z0-9_-]{43}$`));
    expect(norm(await page.locator('main').innerText())).toContain('Estado: Solicitud recibida');
    // The server took it: EmailJS goes too (owner and guest templates).
    await expect.poll(() => emails.length).toBe(2);
    expectClean(problems);
    await page.close();
  });

  it('never e-mails after the server refused the request (409: the nights are taken)', async () => {
    // The owner holds the first request: its nights are taken from then on.
    const { page: panel } = await adminPage(owner, site.server);
    await openSection(panel, 'Reservas');
    await row(panel, code).getByRole('button', { name: 'Aceptar' }).click();
    await row(panel, code)
      .getByLabel('Nota para el huésped (opcional)')
      .fill('Les dejamos <b>leña</b> para la fogata.');
    await row(panel, code).getByRole('button', { name: 'Aceptar y avisar al huésped' }).click();
    await expect.poll(() => row(panel, code).innerText().then(norm)).toContain('Aceptada (esperando el anticipo)');
    expect(norm(await row(panel, code).innerText())).toMatch(
      // 24 h, or to 09:00 the next morning when that falls at night at the cabin (issue 29).
      /El plazo del anticipo vence en (2[3-9]|3[0-6]) h \d+ min\./,
    );
    expect(await runAxe(panel)).toEqual([]);
    await panel.close();

    const { page } = await newPage(guest);
    const emails = await interceptEmailJs(page, 200);
    await requestOnPlans(page, daysFromToday(31), daysFromToday(32));
    await expect.poll(() => page.getByRole('alert').first().innerText().then(norm)).toContain('ocupadas');
    expect(emails).toHaveLength(0);
    await page.close();
  });

  it('the private page: payment instructions, a receipt, then confirmed once the owner records the payment', async () => {
    const { page, problems } = await newPage(guest);
    await gotoHydrated(page, site.server.url + link);
    const main = page.locator('main');
    expect(norm(await main.innerText())).toContain('Estado: Aceptada: esperando el anticipo');
    expect(norm(await main.innerText())).toContain('Nequi: 3005550142');
    expect(norm(await main.innerText())).toContain('Bancolombia ahorros 123-456789-01');
    const total = 4 * 3 * PRICE;
    expect(norm(await main.innerText())).toContain(cop(total));
    // Issue 32: the owner's note is a message of its own, as text (never HTML), not in the price.
    const message = page.getByRole('region', { name: 'Mensaje de Ana Gómez' });
    expect(await message.locator('p').innerText()).toBe('Les dejamos <b>leña</b> para la fogata.');
    expect(norm(await page.locator('.booking__facts').innerText())).not.toContain('leña');
    // Before the stay is confirmed: no itinerary.
    expect(await page.getByRole('region', { name: 'Tu itinerario' }).count()).toBe(0);
    expect(await runAxe(page)).toEqual([]);

    await page.getByLabel(/Comprobante de la transferencia/).setInputFiles({
      name: 'pago.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await page.getByRole('button', { name: 'Enviar comprobante' }).click();
    await expect.poll(() => page.getByRole('alert').innerText().then(norm)).toContain('Recibimos tu comprobante');
    expect(norm(await main.innerText())).toContain('pago.pdf');

    // A file that is neither an image nor a PDF: a Spanish 415 message.
    await page.getByLabel(/Comprobante de la transferencia/).setInputFiles({
      name: 'pago.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('no soy un pdf'),
    });
    await page.getByRole('button', { name: 'Enviar comprobante' }).click();
    await expect.poll(() => page.getByRole('alert').innerText().then(norm)).toContain('no es una imagen ni un PDF');
    expectClean({ ...problems, consoleErrors: problems.consoleErrors.filter((e) => !/415/.test(e)) });

    // Still signed in from before.
    const { page: panel } = await openAdminPage(owner);
    await panel.goto(`${site.server.url}/admin/reservas`);
    const r = row(panel, code);
    const download = r.getByRole('link', { name: 'Descargar comprobante 1 (PDF)' });
    await expect.poll(() => download.count()).toBe(1);
    // Issue 28, item 6: saved under the name of its sniffed type; the guest's file name is only text.
    expect(norm(await r.innerText())).toContain('archivo del huésped: pago.pdf');
    const [saved] = await Promise.all([panel.waitForEvent('download'), download.click()]);
    expect(saved.suggestedFilename()).toBe(`comprobante-${code}-1.pdf`);
    await r.getByRole('button', { name: 'Confirmar pago' }).click();
    await r.getByLabel('Monto (pesos)').fill(String(total / 2));
    await r.getByRole('button', { name: 'Guardar el pago' }).click();
    await expect.poll(() => r.innerText().then(norm)).toContain('Confirmada');
    await panel.close();

    const scripts: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(r.url())));
    await page.reload();
    await waitForHydration(page);
    expect(norm(await main.innerText())).toContain('Estado: Confirmada');
    expect(norm(await main.innerText())).toContain('Ha quedado confirmada');
    // Issue 32: the itinerary, server markup inside the page's <main>, the owner's lines kept.
    const itinerary = main.getByRole('region', { name: 'Tu itinerario' });
    expect(await itinerary.getByRole('heading', { name: 'Cómo llegar desde Tolú' }).count()).toBe(1);
    expect(await itinerary.locator('p', { hasText: 'Desde el parque' }).innerText()).toBe(
      'Desde el parque de Tolú, 6 km por la vía a Coveñas.\nGira en el letrero azul.',
    );
    const text = norm(await itinerary.innerText());
    expect(text).toContain('Llegada: desde las 15:00 Llámanos al llegar a la portería.');
    expect(text).toContain('Tu anfitrión Ana Gómez · Llamar o escribir al');
    expect(await itinerary.getByRole('link', { name: 'Ver en el mapa' }).getAttribute('href')).toMatch(/^https:\/\//);
    const calendar = itinerary.getByRole('link', { name: 'Añadir al calendario' });
    const href = (await calendar.getAttribute('href'))!;
    expect(href).toBe(`/api/reserva/${code}/calendario.ics?t=${new URL(site.server.url + link).searchParams.get('t')}`);
    const ics = await fetch(site.server.url + href);
    expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(await ics.text()).toContain(`SUMMARY:Estadía en `);

    // Issue 34: the online check-in of the confirmed booking, at 390 px; its form's code loads on demand.
    await page.setViewportSize({ width: 390, height: 844 });
    const checkin = page.getByRole('region', { name: 'Registro de huéspedes (check-in en línea)' });
    expect(norm(await checkin.innerText())).toContain('Registro pendiente');
    expect(scripts.some((u) => u.includes('checkin-form'))).toBe(false);
    await checkin.getByRole('button', { name: 'Registrar huéspedes' }).click();
    const mainGuest = checkin.getByRole('group', { name: 'Huésped principal' });
    await mainGuest.getByLabel('Nombres').fill('Ana María');
    expect(scripts.some((u) => u.includes('checkin-form'))).toBe(true);
    await mainGuest.getByLabel('Apellidos').fill('Pérez Gómez');
    await mainGuest.getByLabel('Tipo de documento').selectOption('CC');
    await mainGuest.getByLabel('Número de documento').fill('1020304050');
    await mainGuest.getByLabel('Nacionalidad').selectOption('CO');
    await mainGuest.getByLabel('Fecha de nacimiento').fill('1985-04-12');
    await mainGuest.getByLabel('Ciudad de residencia').fill('Medellín');
    await mainGuest.getByLabel('Ciudad de procedencia (de dónde viaja)').fill('Medellín');
    // Why each field is asked, and how long it is kept (Ley 1581).
    expect(norm(await mainGuest.innerText())).toContain(
      'Migración Colombia exige reportar a los huéspedes extranjeros',
    );
    expect(norm(await checkin.innerText())).toContain('180 días después de la salida');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await runAxe(page)).toEqual([]);
    await checkin.getByRole('button', { name: 'Guardar registro' }).click();
    await expect.poll(() => checkin.innerText().then(norm)).toContain('Marca la autorización');
    await checkin.getByLabel('Autorizo el tratamiento de estos datos').check();
    await checkin.getByRole('button', { name: 'Guardar registro' }).click();
    await expect.poll(() => checkin.innerText().then(norm)).toContain('Registro guardado.');
    expect(norm(await checkin.innerText())).toContain('Registro pendiente'); // 1 of 4
    expect(await runAxe(page)).toEqual([]);
    // The check-in's styles come with the private page (issue 31: pages carry only their own).
    expect(await classesWithoutTheirStyles(page)).toEqual([]);
    await page.close();
  });

  it('the private page is no-store and noindex; a wrong or missing token is a Spanish 404', async () => {
    const res = await fetch(site.server.url + link);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    expect(res.headers.get('etag')).toBeNull();
    // Issue 28, item 4: no Referer leaves the page with its link's secret (header and <meta>).
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain('<meta name="referrer" content="no-referrer" />');
    for (const wrong of [`/reserva/${code}?t=${'A'.repeat(43)}`, `/reserva/${code}`, '/reserva/ZZZZZZZZ?t=x']) {
      const r = await fetch(site.server.url + wrong);
      expect(r.status, wrong).toBe(404);
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.headers.get('referrer-policy')).toBe('no-referrer');
      expect(await r.text()).toContain('No encontramos esa reserva');
    }
  });

  it('the guest cancels from the private page, seeing the refund first in a dialog', async () => {
    const { page, problems } = await newPage(guest);
    await interceptEmailJs(page, 200);
    await requestOnPlans(page, daysFromToday(60), daysFromToday(62));
    await landedOnBooking(page);
    await page.getByRole('button', { name: 'Cancelar reserva' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(norm(await dialog.innerText())).toContain(`te devolvemos ${cop(0)}`);
    await dialog.getByRole('button', { name: 'Sí, cancelar la reserva' }).click();
    await expect.poll(() => page.locator('main').innerText().then(norm)).toContain('Estado: Cancelada');
    expect(await page.getByRole('button', { name: 'Cancelar reserva' }).count()).toBe(0);
    // The history (a part whose words load when the guest acts: issue 31) follows the booking.
    await expect.poll(() => page.locator('.booking__history').innerText()).toContain('Reserva cancelada');
    expectClean(problems);
    await page.close();
  });

  it('/condiciones states the stay terms, hours, house rules and the policy; axe finds nothing', async () => {
    const { page, problems } = await newPage(guest);
    await gotoHydrated(page, site.server.url + '/condiciones');
    const text = norm(await page.locator('main').innerText());
    expect(text).toContain('contrato de hospedaje');
    expect(text).toContain('desde las 15:00');
    expect(text).toContain('hasta las 11:00');
    expect(text).toContain('No se permite fumar dentro de la cabaña.');
    expect(text).toContain('Política de cancelación: Moderada');
    expect(await page.locator('footer').getByRole('link', { name: 'Condiciones de la estadía' }).count()).toBe(1);
    expect(await runAxe(page)).toEqual([]);
    expectClean(problems);
    const sitemap = await (await fetch(site.server.url + '/sitemap.xml')).text();
    expect(sitemap).toContain('/condiciones');
    await page.close();
  });

  it('in English: /en/plans sends lang, the private page is /en/booking/<code> in English, /en/terms too', async () => {
    const { page, problems } = await newPage(guest);
    await interceptEmailJs(page, 200);
    await gotoHydrated(page, site.server.url + '/en/plans');
    const form = page.locator('form.form');
    expect(norm(await form.innerText())).toContain('Cancellation policy: Moderate');
    expect(await form.getByRole('link', { name: 'terms of your stay' }).getAttribute('href')).toBe('/en/terms');
    await page.getByLabel('Full name').fill('John Smith');
    await page.getByLabel('Email').fill('john.smith@example.com');
    await page.getByLabel('Phone or mobile').fill('+1 212 555 0100');
    await page.getByLabel('Number of people').selectOption('4');
    await page.getByLabel('Check-in date').fill(daysFromToday(90));
    await page.getByLabel('Check-out date').fill(daysFromToday(92));
    await page.getByLabel(/I agree to the processing of my personal data/).check();
    await page.getByRole('button', { name: 'Send booking' }).click();
    const { code: enCode, link: enLink } = await landedOnBooking(page);
    expect(enLink).toMatch(new RegExp(`^/en/booking/${enCode}\\?t=[A-Za-z0-9_-]{43}$`));
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    const main = norm(await page.locator('main').innerText());
    expect(main).toContain(`Your booking ${enCode}`);
    expect(main).toContain('Status: Request received');
    expect(main).toContain('Cancellation policy: Moderate');
    expect(await page.locator('main').getByRole('link', { name: 'terms of your stay' }).getAttribute('href')).toBe(
      '/en/terms',
    );
    expect(await runAxe(page)).toEqual([]);
    expectClean(problems);
    const res = await fetch(site.server.url + enLink);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toContain('<meta name="robots" content="noindex, nofollow" />');
    const wrong = await fetch(`${site.server.url}/en/booking/${enCode}?t=${'A'.repeat(43)}`);
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toContain('We could not find that booking');

    await gotoHydrated(page, site.server.url + '/en/terms');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    const terms = norm(await page.locator('main').innerText());
    expect(terms).toContain('lodging contract');
    expect(terms).toContain('Check-in: from 15:00');
    expect(terms).toContain('Cancellation policy: Moderate');
    // A fresh install's house rules come in English too (issue 32): nothing Spanish to mark.
    expect(await page.locator('main li', { hasText: 'No smoking inside the cabin.' }).count()).toBe(1);
    expect(await page.locator('main ul[lang="es"]').count()).toBe(0);
    expect(await page.locator('footer').getByRole('link', { name: 'Terms of your stay' }).getAttribute('href')).toBe(
      '/en/terms',
    );
    expect(await runAxe(page)).toEqual([]);
    await page.close();

    const sitemap = await (await fetch(site.server.url + '/sitemap.xml')).text();
    expect(sitemap).toContain('<loc>' + 'https://');
    expect(sitemap).toMatch(/<loc>[^<]*\/en\/terms<\/loc>/);
    expect(sitemap).toMatch(/hreflang="es" href="[^"]*\/condiciones"/);
    expect(sitemap).not.toContain('/reserva');
    expect(sitemap).not.toContain('/en/booking');
  });

  let english: { id: string; code: string };
  it('in English at 390 px: the check-in form, prefilled with the party saved, and the privacy policy on retention', async () => {
    const b = await confirmedBooking(site.server, 10, 2, { numPeople: 2, lang: 'en' });
    english = b;
    const put = await fetch(`${site.server.apiUrl}/reserva/${b.code}/huespedes`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: site.server.url },
      body: JSON.stringify({ t: b.token, guests: [ANN] }),
    });
    expect(put.status).toBe(200);
    const { page, problems } = await newPage(guest);
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, site.server.url + b.path);
    const checkin = page.getByRole('region', { name: 'Guest registration (online check-in)' });
    expect(norm(await checkin.innerText())).toContain('Registration pending');
    await checkin.getByRole('button', { name: 'Register your party' }).click();
    const mainGuest = checkin.getByRole('group', { name: 'Main guest' });
    await expect.poll(() => mainGuest.getByLabel('First names').inputValue()).toBe('Ann');
    expect(await mainGuest.getByLabel('Nationality').inputValue()).toBe('GB');
    expect(norm(await checkin.innerText())).toContain('180 days after check-out');
    expect(norm(await checkin.innerText())).not.toContain('Huésped');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkin.getByRole('button', { name: 'Save registration' }).click();
    await expect.poll(() => checkin.innerText().then(norm)).toContain('Registration saved.');
    expect(await runAxe(page)).toEqual([]);
    expectClean(problems);
    await page.close();
    // The privacy policy states the retention of identity documents (server HTML, both languages).
    expect(await (await fetch(`${site.server.url}/privacidad`)).text()).toContain(
      'Borramos estos datos de nuestro servidor y de las copias de seguridad siguientes 180 días después de la salida',
    );
    expect(await (await fetch(`${site.server.url}/en/privacy`)).text()).toContain(
      'from the following backups 180 days after check-out',
    );
  });

  it("Reservas: each booking's registration and MinCIT's codes, how to get the token, the owner completes a party, the SIRE file by month", async () => {
    await patchSettings(site.server, { sireHotelCode: '123456', sireCityCode: '70820' });
    // MinCIT's codes as the filing stores them (registration/tra.ts; filed against its stand-in in server/test/tra.test.ts).
    const store = site.server.running.deps.store;
    store.data.bookings.find((x) => x.code === english.code)!.tra = {
      mainCode: 5000,
      companionCodes: [],
      attempts: 0,
      filedAt: new Date().toISOString(),
    };
    await store.save();
    // Still signed in from before.
    const { page, problems } = await openAdminPage(owner);
    await page.goto(`${site.server.url}/admin/reservas`);
    const box = page.getByRole('region', { name: 'Registro de huéspedes: TRA y SIRE' });
    await expect.poll(() => box.innerText().then(norm)).toContain('TRA sin token');
    expect(norm(await box.innerText())).toContain('pms.mincit.gov.co/token/ con el número de RNT');
    expect(norm(await box.innerText())).toContain('TRA_TOKEN');
    const spanish = page.getByRole('region', { name: `Registro de huéspedes de ${code}` });
    expect(norm(await spanish.innerText())).toContain('Pendiente 1 de 4 huéspedes');
    expect(norm(await spanish.innerText())).toContain(
      'Principal: Ana María Pérez Gómez · Cédula de ciudadanía 1020304050 · CO',
    );
    const en = page.getByRole('region', { name: `Registro de huéspedes de ${english.code}` });
    expect(norm(await en.innerText())).toContain('Códigos de MinCIT: 5000');

    // The owner completes the English party: the companion, with the same fields as the guest's form.
    await en.getByText('Completar o corregir el registro').click();
    const companion = en.getByRole('group', { name: 'Acompañante 1' });
    await companion.getByLabel('Nombres').fill('Tom');
    await companion.getByLabel('Apellidos').fill('Lee Hart');
    await companion.getByLabel('Tipo de documento').selectOption('PA');
    await companion.getByLabel('Número de documento').fill('P112233');
    await companion.getByLabel('Nacionalidad').selectOption('GB');
    await companion.getByLabel('Fecha de nacimiento').fill('1981-03-04');
    await companion.getByLabel('Ciudad de residencia').fill('London');
    await companion.getByLabel('Ciudad de procedencia').fill('Bogotá');
    await companion.getByLabel('Ciudad de destino (opcional)').fill('Cartagena');
    await en.getByRole('button', { name: 'Guardar registro' }).click();
    await expect
      .poll(() => en.innerText().then(norm))
      .toContain('Registro guardado: todos los huéspedes quedaron registrados.');
    await expect.poll(() => en.innerText().then(norm)).toContain('Completo 2 de 2 huéspedes');

    // The SIRE file of the stay's month: downloaded, both British guests' entries in it; then marked as uploaded.
    const stay = store.view.bookings.find((x) => x.code === english.code)!;
    const month = box.getByRole('listitem', { name: `SIRE de ${formatMonth(stay.checkIn.slice(0, 7))}`, exact: true });
    const download = month.getByRole('link', { name: /^Descargar archivo de / });
    await expect.poll(() => download.count()).toBe(1);
    const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(saved.suggestedFilename()).toMatch(/^sire-123456-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.txt$/);
    const text = await readFile(await saved.path(), 'utf8');
    const lines = text
      .split('\r\n')
      .filter(Boolean)
      .map((l) => l.split('\t'));
    expect(lines.filter((l) => l[4] === '628' && l[8] === 'E').map((l) => l[3])).toEqual(['P998877', 'P112233']);
    await month.getByRole('button', { name: /como subido$/ }).click();
    await expect.poll(() => month.innerText().then(norm)).toContain('marcado como subido');
    expectClean(problems);
    await page.close();
  });
});

const ANN = {
  firstNames: 'Ann',
  lastNames: 'Lee',
  documentType: 'PA',
  documentNumber: 'P998877',
  nationality: 'GB',
  birthDate: '1979-06-01',
  residenceCity: 'London',
  originCity: 'Bogotá',
  destinationCity: 'Cartagena',
};
