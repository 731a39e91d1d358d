import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { DEFAULT_SETTINGS, whatsappLink } from '@cabana/shared/domain/config/settings';
import {
  DESKTOP,
  PHONE,
  expectClean,
  interceptEmailJs,
  newPage,
  startSite,
  storedEnquiries,
  tabTo,
  withoutExpectedNetworkErrors,
  type Site,
  gotoHydrated,
} from './helpers';
import { E2E_EMAILJS } from './e2e-dist';

const SUCCESS = '¡Gracias por tu mensaje! Te responderemos muy pronto.';
const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

let site: Site;
let desktop: BrowserContext;
let phone: BrowserContext;

beforeAll(async () => {
  site = await startSite();
  [desktop, phone] = await Promise.all([site.browser.newContext(DESKTOP), site.browser.newContext(PHONE)]);
});
afterAll(async () => {
  await site?.close();
});

async function openContact(context: BrowserContext) {
  const { page, problems } = await newPage(context);
  await gotoHydrated(page, site.server.url + '/contacto');
  return { page, problems };
}

async function fillContact(page: Page, name: string, email: string, message: string) {
  await page.locator('#name').fill(name);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.locator('#message').fill(message);
  await page.getByLabel(/Acepto el tratamiento de mis datos personales/).check();
}

const alertText = (page: Page) => page.getByRole('alert').innerText().then(norm);

describe('/contacto', () => {
  it('shows the info card from the business config', async () => {
    const { page, problems } = await openContact(phone);
    const card = page.locator('.contact-info');
    expect(norm(await card.innerText())).toContain(BUSINESS.hours.display);
    expect(await card.getByRole('link', { name: BUSINESS.phoneDisplay }).getAttribute('href')).toBe(
      `tel:${BUSINESS.phoneE164}`,
    );
    expect(await card.getByRole('link', { name: BUSINESS.email }).getAttribute('href')).toBe(
      `mailto:${BUSINESS.email}`,
    );
    expect(await card.getByRole('link', { name: 'Ver en el mapa' }).getAttribute('href')).toBe(BUSINESS.mapUrl);
    expect(
      await page
        .getByRole('link', { name: /política de privacidad/ })
        .first()
        .getAttribute('href'),
    ).toBe('/privacidad');
    expectClean(problems);
    await page.close();
  });

  it('sends the message to the server and to EmailJS (one template), confirms and resets', async () => {
    const { page, problems } = await openContact(desktop);
    const emails = await interceptEmailJs(page, 200);
    await fillContact(page, 'Marta Díaz', 'marta@example.com', '¿Aceptan mascotas pequeñas?');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect.poll(() => page.getByRole('alert').count()).toBe(1);
    expect(await alertText(page)).toBe(SUCCESS);
    expect(await page.locator('#name').inputValue()).toBe('');
    expect(await page.locator('#message').inputValue()).toBe('');
    expect(await page.getByLabel(/Acepto el tratamiento/).isChecked()).toBe(false);

    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      service_id: E2E_EMAILJS.VITE_EMAILJS_SERVICE_ID,
      template_id: E2E_EMAILJS.VITE_EMAILJS_TEMPLATE_CONTACTO,
      user_id: E2E_EMAILJS.VITE_EMAILJS_PUBLIC_KEY,
      template_params: {
        name: 'Marta Díaz',
        email: 'marta@example.com',
        reply_to: 'marta@example.com',
        message: '¿Aceptan mascotas pequeñas?',
      },
    });
    // The business facts come from the settings (a fresh install's here), not from the template.
    expect(emails[0]!.template_params).toMatchObject({
      business_name: DEFAULT_SETTINGS.name,
      business_phone: DEFAULT_SETTINGS.phone,
      business_email: DEFAULT_SETTINGS.email,
      business_whatsapp_url: whatsappLink(DEFAULT_SETTINGS),
    });
    const stored = await storedEnquiries(site.server);
    expect(stored.find((e) => e.email === 'marta@example.com')).toMatchObject({
      type: 'contacto',
      name: 'Marta Díaz',
      message: '¿Aceptan mascotas pequeñas?',
      policyVersion: BUSINESS.privacyPolicyVersion,
    });
    expectClean(problems);
    await page.close();
  });

  it('still confirms (and stores) when EmailJS fails', async () => {
    const { page, problems } = await openContact(phone);
    const emails = await interceptEmailJs(page, 500);
    await fillContact(page, 'Jorge Pérez', 'jorge@example.com', 'Quiero cotizar para diciembre.');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect.poll(() => page.getByRole('alert').count()).toBe(1);
    expect(await alertText(page)).toBe(SUCCESS);
    expect(emails).toHaveLength(1);
    const stored = await storedEnquiries(site.server);
    expect(stored.some((e) => e.email === 'jorge@example.com' && e.type === 'contacto')).toBe(true);
    expectClean(withoutExpectedNetworkErrors(problems, [/status of 500/]));
    await page.close();
  });

  it('reaches the inbox, marked, when the form could not fetch its token (issue 19 item 7)', async () => {
    const { page, problems } = await openContact(phone);
    const emails = await interceptEmailJs(page, 500);
    let tokenAsked = 0;
    await page.route('**/api/consultas/token', (route) => {
      tokenAsked++;
      return route.abort('connectionreset');
    });
    await fillContact(page, 'Lucía Sin Señal', 'lucia@example.com', '¿Hay cupo el puente festivo?');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect.poll(() => page.getByRole('alert').count()).toBe(1);
    // Told it arrived only because it did: the server kept it, marked for the owner to look at.
    expect(await alertText(page)).toBe(SUCCESS);
    expect(tokenAsked).toBeGreaterThan(0);
    expect(emails).toHaveLength(1);
    const stored = await storedEnquiries(site.server);
    expect(stored.find((e) => e.email === 'lucia@example.com')).toMatchObject({
      type: 'contacto',
      name: 'Lucía Sin Señal',
      suspect: 'missing-token',
    });
    expectClean(withoutExpectedNetworkErrors(problems, [/status of 500/, /ERR_CONNECTION_RESET/]));
    await page.close();
  });

  it('when both fail: honest error, message kept, WhatsApp offered', async () => {
    const { page, problems } = await openContact(desktop);
    await interceptEmailJs(page, 500);
    await page.route('**/api/consultas', (route) =>
      route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
    );
    await fillContact(page, 'Sofía León', 'sofia@example.com', 'Hola, ¿tienen wifi?');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect.poll(() => page.getByRole('alert').count()).toBe(1);
    expect(await alertText(page)).toContain('No pudimos enviar tu mensaje');
    expect(await alertText(page)).toContain('No pudimos conectar con el servidor');
    expect(await page.locator('#message').inputValue()).toBe('Hola, ¿tienen wifi?');
    const wa = page.getByRole('alert').getByRole('link', { name: /WhatsApp/ });
    expect(new URL((await wa.getAttribute('href')) ?? '').searchParams.get('text')).toContain('Hola, ¿tienen wifi?');
    const stored = await storedEnquiries(site.server);
    expect(stored.some((e) => e.email === 'sofia@example.com')).toBe(false);
    expectClean(withoutExpectedNetworkErrors(problems, [/status of 500/, /ERR_CONNECTION_REFUSED/]));
    await page.close();
  });

  it('shows Spanish field errors and sends nothing while fields are wrong', async () => {
    const { page, problems } = await openContact(phone);
    const emails = await interceptEmailJs(page, 200);
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect.poll(() => page.getByRole('alert').count()).toBe(1);
    for (const [id, message] of [
      ['name', 'Escribe tu nombre.'],
      ['email', 'Escribe un correo electrónico válido.'],
      ['message', 'Escribe tu mensaje.'],
      ['consent-contacto', 'Debes aceptar el tratamiento de tus datos personales.'],
    ] as const) {
      expect(await page.locator(`#${id}`).getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator(`#${id}`).getAttribute('aria-describedby')).toContain(`${id}-error`);
      expect(await page.locator(`#${id}-error`).innerText()).toContain(message);
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('name');
    expect(emails).toHaveLength(0);
    expect(await storedEnquiries(site.server).then((s) => s.length)).toBeGreaterThanOrEqual(0);
    expectClean(problems);
    await page.close();
  });

  it('can be filled and sent with the keyboard alone', async () => {
    const { page, problems } = await openContact(desktop);
    const emails = await interceptEmailJs(page, 200);
    await tabTo(page, 'name');
    await page.keyboard.type('Solo Teclado');
    await page.keyboard.press('Tab');
    await page.keyboard.type('solo.teclado@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Mensaje escrito sin ratón.');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('consent-contacto');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Enviar mensaje');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('alert').count()).toBe(1);
    expect(await alertText(page)).toBe(SUCCESS);
    expect(emails).toHaveLength(1);
    const stored = await storedEnquiries(site.server);
    expect(stored.some((e) => e.email === 'solo.teclado@example.com')).toBe(true);
    expectClean(problems);
    await page.close();
  });
});
