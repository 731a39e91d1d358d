import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { DEFAULT_SETTINGS, whatsappLink } from '@cabana/shared/domain/config/settings';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import {
  DESKTOP,
  PHONE,
  daysFromToday,
  expectClean,
  interceptEmailJs,
  newPage,
  setPrice,
  startSite,
  storedBookings,
  tabTo,
  typeDate,
  withoutExpectedNetworkErrors,
  type Site,
  gotoHydrated,
  landedOnBooking,
} from './helpers';
import { E2E_EMAILJS } from './e2e-dist';

const PRICE = 95_000;
/** The server took the request: it says so, with the reference code, and never "confirmed". */
const SUCCESS = /^Solicitud recibida\. Código de reserva: [A-Z2-9]{8}\./;
/** The server could not be reached: the request went by e-mail alone. */
const EMAILED = /^Solicitud enviada por correo\./;
const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
const money = (cop: number, c: 'COP' | 'USD', rate: number = BUSINESS.copPerUsd) => norm(formatMoney(cop, c, rate));

let site: Site;
let desktop: BrowserContext;
let phone: BrowserContext;

beforeAll(async () => {
  site = await startSite();
  await setPrice(site.server, PRICE);
  [desktop, phone] = await Promise.all([site.browser.newContext(DESKTOP), site.browser.newContext(PHONE)]);
});
afterAll(async () => {
  await site?.close();
});

async function openPlans(context: BrowserContext) {
  const { page, problems } = await newPage(context);
  await gotoHydrated(page, site.server.url + '/planes');
  return { page, problems };
}

async function fillReservation(
  page: Page,
  data: {
    name: string;
    email: string;
    phone: string;
    people: number;
    checkIn: string;
    checkOut: string;
    message?: string;
  },
) {
  await page.getByLabel('Nombre completo').fill(data.name);
  await page.getByLabel('Correo electrónico').fill(data.email);
  await page.getByLabel('Teléfono o celular').fill(data.phone);
  await page.getByLabel('Número de personas').selectOption(String(data.people));
  await page.getByLabel('Fecha de llegada').fill(data.checkIn);
  await page.getByLabel('Fecha de salida').fill(data.checkOut);
  if (data.message) await page.getByLabel('Mensaje o servicios adicionales').fill(data.message);
  await page.getByLabel(/Acepto el tratamiento de mis datos personales/).check();
}

const alertText = (page: Page) => page.getByRole('alert').innerText().then(norm);

describe('/planes: price, currency and totals', () => {
  it('shows the price from the API, totals per night and for the stay, in COP and USD', async () => {
    const { page, problems } = await openPlans(phone);
    const perPerson = page.getByTestId('precio-persona');
    await expect.poll(() => perPerson.innerText().then(norm)).toBe(money(PRICE, 'COP'));
    expect(money(PRICE, 'COP')).toBe('$ 95.000');
    // Default: 2 people, COP, no dates yet.
    expect(norm(await page.getByTestId('total-noche').innerText())).toBe(money(2 * PRICE, 'COP'));
    expect(await page.getByTestId('total-estadia').count()).toBe(0);
    expect(norm(await page.locator('.summary').innerText())).toContain('Elige las fechas');

    await page.getByLabel('Número de personas').selectOption('7');
    // The form's and the summary's code load with the visitor's first interaction (issue 31): the
    // totals follow once it is here, with what was chosen before.
    await expect.poll(() => page.getByTestId('total-noche').innerText().then(norm)).toBe(money(7 * PRICE, 'COP'));

    await page.getByLabel('Fecha de llegada').fill(daysFromToday(10));
    await page.getByLabel('Fecha de salida').fill(daysFromToday(13));
    expect(await page.getByTestId('noches').innerText()).toBe('3');
    expect(norm(await page.getByTestId('total-estadia').innerText())).toBe(money(7 * PRICE * 3, 'COP'));
    expect(money(7 * PRICE * 3, 'COP')).toBe('$ 1.995.000');

    const cop = page.getByRole('radio', { name: 'Pesos (COP)' });
    const usd = page.getByRole('radio', { name: 'Dólares (USD)' });
    expect(await cop.isChecked()).toBe(true);
    await usd.check();
    expect(await usd.isChecked()).toBe(true);
    expect(norm(await perPerson.innerText())).toBe(money(PRICE, 'USD'));
    expect(money(PRICE, 'USD')).toBe('USD 23.63');
    // Dollars from the price converted once (issue 32): 7 × 23.63 a night, 3 nights, rows that add up
    // (converting the pesos' total would give USD 496.15).
    expect(norm(await page.getByTestId('total-noche').innerText())).toBe('USD 165.41');
    expect(norm(await page.getByTestId('total-estadia').innerText())).toBe('USD 496.23');
    expect(norm(await page.getByTestId('total-a-pagar').innerText())).toBe('USD 496.23');

    // Back to COP with the keyboard (a radio group).
    await usd.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await cop.isChecked()).toBe(true);
    expect(norm(await page.getByTestId('total-estadia').innerText())).toBe(money(7 * PRICE * 3, 'COP'));

    // Check-out before check-in: no nights, no stay total.
    await page.getByLabel('Fecha de salida').fill(daysFromToday(9));
    expect(await page.getByTestId('total-estadia').count()).toBe(0);
    expectClean(problems);
    await page.close();
  });

  it('"Consultar por WhatsApp" carries dates, people, nights and total', async () => {
    const { page, problems } = await openPlans(desktop);
    await expect.poll(() => page.getByTestId('precio-persona').count()).toBe(1);
    await page.getByLabel('Número de personas').selectOption('5');
    // The summary's code loads with this first interaction (issue 31).
    await expect.poll(() => page.getByTestId('resumen-personas').innerText()).toBe('5');
    await page.getByLabel('Fecha de llegada').fill(daysFromToday(20));
    await page.getByLabel('Fecha de salida').fill(daysFromToday(22));
    const href = (await page.getByRole('link', { name: 'Consultar por WhatsApp' }).getAttribute('href')) ?? '';
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe(`https://wa.me/${BUSINESS.whatsappNumber}`);
    const message = norm(url.searchParams.get('text'));
    expect(message).toContain('Personas: 5');
    expect(message).toContain('Noches: 2');
    expect(message).toContain(`Total por noche: ${money(5 * PRICE, 'COP')}`);
    expect(message).toContain(`Total de la estadía: ${money(5 * PRICE * 2, 'COP')}`);
    expect(message).toMatch(/Llegada: .+ Salida: .+/);
    const year = daysFromToday(20).slice(0, 4);
    expect(message).toContain(year);
    expectClean(problems);
    await page.close();
  });
});

describe('/planes: reservation form', () => {
  it('sends to the server and to EmailJS (two templates), confirms, and resets', async () => {
    const { page, problems } = await openPlans(desktop);
    const emails = await interceptEmailJs(page, 200);
    const checkIn = daysFromToday(30);
    const checkOut = daysFromToday(34);
    await fillReservation(page, {
      name: 'Ana María Pérez',
      email: 'ana.perez@example.com',
      phone: '+57 301 222 3344',
      people: 6,
      checkIn,
      checkOut,
      message: 'Llegamos tarde, hacia las 9 p. m.',
    });
    await page.getByRole('button', { name: 'Enviar reserva' }).click();
    // The guest lands on the booking's own page: its code, the stay and the next step; no form
    // left to send twice (issue 32).
    const { code } = await landedOnBooking(page);
    const main = norm(await page.locator('main').innerText());
    expect(main).toContain(`Tu reserva ${code}`);
    expect(main).toContain('Estado: Solicitud recibida');
    expect(main).toContain('Tu estadía');
    expect(await page.getByRole('button', { name: 'Enviar reserva' }).count()).toBe(0);

    // EmailJS: one to the owner, one confirmation to the guest, with the test ids.
    expect(emails).toHaveLength(2);
    expect(emails.map((e) => e.template_id).sort()).toEqual(
      [E2E_EMAILJS.VITE_EMAILJS_TEMPLATE_RESERVA, E2E_EMAILJS.VITE_EMAILJS_TEMPLATE_RESERVA_CLIENTE].sort(),
    );
    for (const e of emails) {
      expect(e.service_id).toBe(E2E_EMAILJS.VITE_EMAILJS_SERVICE_ID);
      expect(e.user_id).toBe(E2E_EMAILJS.VITE_EMAILJS_PUBLIC_KEY);
      expect(e.template_params).toMatchObject({
        name: 'Ana María Pérez',
        email: 'ana.perez@example.com',
        reply_to: 'ana.perez@example.com',
        phone: '+57 301 222 3344',
        numPeople: 6,
        nights: 4,
        total: formatMoney(6 * PRICE * 4, 'COP'),
        message: 'Llegamos tarde, hacia las 9 p. m.',
      });
      // The business facts come from the settings (a fresh install's here), not from the template.
      expect(e.template_params).toMatchObject({
        business_name: DEFAULT_SETTINGS.name,
        business_phone: DEFAULT_SETTINGS.phone,
        business_email: DEFAULT_SETTINGS.email,
        business_whatsapp_url: whatsappLink(DEFAULT_SETTINGS),
      });
      // No bot-trap fields or tokens in the e-mail.
      expect(e.template_params).not.toHaveProperty('formToken');
    }
    const guest = emails.find((e) => e.template_id === E2E_EMAILJS.VITE_EMAILJS_TEMPLATE_RESERVA_CLIENTE);
    expect(guest?.template_params).toMatchObject({ to_email: 'ana.perez@example.com', to_name: 'Ana María Pérez' });

    // Stored on the server, with consent and policy version.
    const stored = await storedBookings(site.server);
    const mine = stored.find((e) => e.email === 'ana.perez@example.com');
    expect(mine).toMatchObject({
      name: 'Ana María Pérez',
      phone: '+57 301 222 3344',
      checkIn,
      checkOut,
      numPeople: 6,
      message: 'Llegamos tarde, hacia las 9 p. m.',
      state: 'solicitada',
      policyVersion: BUSINESS.privacyPolicyVersion,
    });
    expect(typeof mine?.consentAt).toBe('string');
    expectClean(problems);
    await page.close();
  });

  it('still confirms (and stores) when EmailJS fails', async () => {
    const { page, problems } = await openPlans(phone);
    const emails = await interceptEmailJs(page, 503);
    await fillReservation(page, {
      name: 'Carlos Ruiz',
      email: 'carlos.ruiz@example.com',
      phone: '3005551234',
      people: 3,
      checkIn: daysFromToday(5),
      checkOut: daysFromToday(7),
    });
    await page.getByRole('button', { name: 'Enviar reserva' }).click();
    await landedOnBooking(page);
    expect(norm(await page.locator('main').innerText())).toContain('Estado: Solicitud recibida');
    expect(emails.length).toBeGreaterThanOrEqual(1);
    const stored = await storedBookings(site.server);
    expect(stored.some((e) => e.email === 'carlos.ruiz@example.com' && e.numPeople === 3)).toBe(true);
    expectClean(withoutExpectedNetworkErrors(problems, [/status of 503/]));
    await page.close();
  });

  it('when the server cannot be reached, EmailJS carries the request and the page says only that', async () => {
    const { page, problems } = await openPlans(desktop);
    const emails = await interceptEmailJs(page, 200);
    await page.route('**/api/reservas', (route) =>
      route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
    );
    await fillReservation(page, {
      name: 'Sin Red',
      email: 'sinred@example.com',
      phone: '3105550001',
      people: 2,
      checkIn: daysFromToday(90),
      checkOut: daysFromToday(92),
    });
    await page.getByRole('button', { name: 'Enviar reserva' }).click();
    await expect.poll(() => page.getByRole('alert').count()).toBe(1);
    expect(await alertText(page)).toMatch(EMAILED);
    expect(emails).toHaveLength(2);
    expectClean(withoutExpectedNetworkErrors(problems, [/ERR_CONNECTION_REFUSED/, /ERR_FAILED/]));
    await page.close();
  });

  it('when both the server and EmailJS fail: honest error, data kept, WhatsApp offered', async () => {
    const { page, problems } = await openPlans(desktop);
    const emails = await interceptEmailJs(page, 500);
    let posts = 0;
    await page.route('**/api/reservas', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts++;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Servicio no disponible.', code: 'UNAVAILABLE' }),
      });
    });
    await fillReservation(page, {
      name: 'Lucía Gómez',
      email: 'lucia@example.com',
      phone: '3105550000',
      people: 4,
      checkIn: daysFromToday(12),
      checkOut: daysFromToday(15),
    });
    await page.getByRole('button', { name: 'Enviar reserva' }).click();
    await expect.poll(() => page.getByRole('alert').count()).toBe(1);
    const alert = await alertText(page);
    expect(alert).toContain('No pudimos enviar tu reserva');
    expect(alert).not.toContain('confirmada');
    // The server's own explanation is passed on.
    expect(alert).toContain('Servicio no disponible.');
    expect(posts).toBe(1);
    expect(emails.length).toBeGreaterThanOrEqual(1);
    // The form keeps what was typed.
    expect(await page.getByLabel('Nombre completo').inputValue()).toBe('Lucía Gómez');
    expect(await page.getByLabel('Número de personas').inputValue()).toBe('4');
    expect(await page.getByLabel('Fecha de llegada').inputValue()).toBe(daysFromToday(12));
    expect(await page.getByLabel(/Acepto el tratamiento/).isChecked()).toBe(true);
    // WhatsApp offered with the reservation in the message.
    const wa = page.getByRole('alert').getByRole('link', { name: /WhatsApp/ });
    const text = norm(new URL((await wa.getAttribute('href')) ?? '').searchParams.get('text'));
    expect(text).toContain('Nombre: Lucía Gómez');
    expect(text).toContain('Personas: 4');
    expect(text).toContain('Noches: 3');
    // Nothing stored.
    const stored = await storedBookings(site.server);
    expect(stored.some((e) => e.email === 'lucia@example.com')).toBe(false);
    expectClean(withoutExpectedNetworkErrors(problems, [/status of 503/, /status of 500/]));
    await page.close();
  });

  it('shows Spanish field errors next to each field and sends nothing', async () => {
    const { page, problems } = await openPlans(phone);
    const emails = await interceptEmailJs(page, 200);
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/reservas')) posts++;
    });
    await page.getByRole('button', { name: 'Enviar reserva' }).click();
    await expect.poll(() => page.getByRole('alert').count()).toBe(1);
    expect(await alertText(page)).toContain('Revisa los campos marcados');
    const expected: [string, string][] = [
      ['name', 'Escribe tu nombre.'],
      ['email', 'Escribe un correo electrónico válido.'],
      ['phone', 'Escribe un teléfono válido'],
      ['checkIn', 'Elige la fecha de llegada.'],
      ['checkOut', 'Elige la fecha de salida.'],
      ['consent-reserva', 'Debes aceptar el tratamiento de tus datos personales.'],
    ];
    for (const [id, message] of expected) {
      const field = page.locator(`#${id}`);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
      expect(describedBy).toContain(`${id}-error`);
      expect(await page.locator(`#${id}-error`).innerText()).toContain(message);
    }
    // Focus goes to the first field in error.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('name');
    // "Today" comes from the visitor's visit, not from the day the HTML was built.
    const html = await (await fetch(site.server.url + '/planes')).text();
    expect(html).not.toMatch(/id="checkIn"[^>]*min=/);
    expect(await page.locator('#checkIn').getAttribute('min')).toBe(daysFromToday(0));

    // Date rules: not in the past, check-out after check-in.
    await page.getByLabel('Fecha de llegada').fill(daysFromToday(-1));
    await expect.poll(() => page.locator('#checkIn-error').innerText()).toContain('no puede estar en el pasado');
    await page.getByLabel('Fecha de llegada').fill(daysFromToday(8));
    await page.getByLabel('Fecha de salida').fill(daysFromToday(8));
    await expect
      .poll(() => page.locator('#checkOut-error').innerText())
      .toContain('La salida debe ser posterior a la llegada.');
    // Errors clear as the visitor fixes them.
    await page.getByLabel('Nombre completo').fill('Pedro');
    await expect.poll(() => page.locator('#name-error').count()).toBe(0);
    await page.getByLabel('Correo electrónico').fill('no-es-un-correo');
    await page.getByRole('button', { name: 'Enviar reserva' }).click();
    expect(await page.locator('#email-error').innerText()).toContain('Escribe un correo electrónico válido.');
    expect(posts).toBe(0);
    expect(emails).toHaveLength(0);
    expectClean(problems);
    await page.close();
  });

  it('refuses nights already taken with the server message beside the dates, and sends no e-mail', async () => {
    const admin = await site.server.loginToken();
    const checkIn = daysFromToday(60);
    const checkOut = daysFromToday(63);
    const block = await fetch(`${site.server.apiUrl}/calendario/bloqueos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ start: daysFromToday(61), end: daysFromToday(62), note: 'Mantenimiento' }),
    });
    expect(block.status).toBe(201);
    const before = (await storedBookings(site.server)).length;
    const { page, problems } = await openPlans(desktop);
    const emails = await interceptEmailJs(page, 200);
    await fillReservation(page, {
      name: 'Luis Gómez',
      email: 'luis@example.com',
      phone: '+57 300 111 2233',
      people: 2,
      checkIn,
      checkOut,
    });
    await page.getByRole('button', { name: 'Enviar reserva' }).click();
    await expect.poll(() => page.locator('#checkIn-error').count()).toBe(1);
    expect(await page.locator('#checkIn-error').innerText()).toContain('ya están ocupadas');
    expect(await alertText(page)).not.toMatch(SUCCESS);
    expect(emails).toHaveLength(0);
    expect(await storedBookings(site.server)).toHaveLength(before);
    // The form keeps what the visitor typed.
    expect(await page.getByLabel('Nombre completo').inputValue()).toBe('Luis Gómez');
    // The browser logs the refused request itself; nothing else may go wrong.
    expectClean(withoutExpectedNetworkErrors(problems, [/status of 409/]));
    await page.close();
  });

  it('can be filled and sent with the keyboard alone', async () => {
    const { page, problems } = await openPlans(desktop);
    const emails = await interceptEmailJs(page, 200);
    await tabTo(page, 'name');
    await page.keyboard.type('Teclado Solo');
    await page.keyboard.press('Tab');
    await page.keyboard.type('teclado@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('3001112233');
    await page.keyboard.press('Tab');
    // A loaded machine may run the assertion before the browser has moved the focus: poll.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('numPeople');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel('Número de personas').inputValue()).toBe('4');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('checkIn');
    await typeDate(page, daysFromToday(40));
    await page.keyboard.press('Tab');
    // Some Chromium builds stop on the date picker button; move on to the next field.
    await tabTo(page, 'checkOut', 3);
    await typeDate(page, daysFromToday(42));
    await tabTo(page, 'message', 3);
    await page.keyboard.type('Reservado solo con el teclado.');
    await tabTo(page, 'consent-reserva', 3);
    await page.keyboard.press('Space');
    expect(await page.getByLabel(/Acepto el tratamiento/).isChecked()).toBe(true);
    // Past the privacy link and the terms link, then the submit button.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Enviar reserva');
    await page.keyboard.press('Enter');
    await landedOnBooking(page);
    expect(emails).toHaveLength(2);
    const stored = await storedBookings(site.server);
    expect(stored.find((e) => e.email === 'teclado@example.com')).toMatchObject({
      numPeople: 4,
      checkIn: daysFromToday(40),
      checkOut: daysFromToday(42),
      message: 'Reservado solo con el teclado.',
    });
    expectClean(problems);
    await page.close();
  });
});
