import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
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

    await page.reload();
    await waitForHydration(page);
    expect(norm(await main.innerText())).toContain('Estado: Confirmada');
    expect(norm(await main.innerText())).toContain('Ha quedado confirmada');
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
    // The owner's house rules are Spanish only: marked so.
    expect(await page.locator('main ul[lang="es"] li', { hasText: 'No se permite fumar' }).count()).toBe(1);
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
});
