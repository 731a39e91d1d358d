import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import { DESKTOP, expectClean, newPage, runAxe, setPrice, startSite, type Site } from './helpers';
import { adminPage, openAdminPage } from './admin-helpers';
import { acceptedBooking, serverToday, uploadReceipt } from '../../test-support/bookings';

/**
 * Issue 29 in Chromium: the owner confirms a receipt that kept a hold past its deadline, repairs
 * a lapsed booking, records a refund owed; "Qué hacer hoy" lists each, the header's badge opens
 * it; the guest's pages say what is happening, in Spanish and in English.
 */
const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
const cop = (n: number, lang: 'es' | 'en' = 'es') => norm(formatMoney(n, 'COP', undefined, lang));
const HOUR = 3_600_000;

let site: Site;
let owner: BrowserContext;
let guest: BrowserContext;

const row = (page: Page, code: string) => page.locator(`li[data-booking-code="${code}"]`);
const api = async (method: string, path: string, body?: unknown) => {
  const cookie = await site.server.loginCookie();
  const res = await fetch(`${site.server.apiUrl}${path}`, {
    method,
    headers: { cookie, origin: site.server.url, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBe(200);
  return res.json() as Promise<unknown>;
};

beforeAll(async () => {
  site = await startSite({ ENQUIRIES_PER_CLIENT: '100' });
  site.server.clock.toCabinMorning();
  await setPrice(site.server, 100_000);
  await api('PATCH', '/ajustes', { bankAccount: 'Bancolombia ahorros 123', nequiNumber: '3005550142' });
  [owner, guest] = await Promise.all([site.browser.newContext(DESKTOP), site.browser.newContext(DESKTOP)]);
});
afterAll(async () => {
  await site?.close();
});

describe('no paid guest loses a booking, in the browser', () => {
  let receipt: Awaited<ReturnType<typeof acceptedBooking>>;
  let lapsed: Awaited<ReturnType<typeof acceptedBooking>>;
  let cancelled: Awaited<ReturnType<typeof acceptedBooking>>;
  let english: Awaited<ReturnType<typeof acceptedBooking>>;

  beforeAll(async () => {
    receipt = await acceptedBooking(site.server, 30, 2);
    lapsed = await acceptedBooking(site.server, 40, 2);
    cancelled = await acceptedBooking(site.server, 90, 2);
    english = await acceptedBooking(site.server, 95, 2, { lang: 'en' });
    expect((await uploadReceipt(site.server, receipt.code, receipt.token)).status).toBe(201);
    // A day passes: the receipt's hold waits for the owner; the other lapses.
    site.server.clock.advance(25 * HOUR);
    await site.server.running.deps.bookings.runTimers();
    for (const b of [cancelled, english]) {
      await api('POST', `/reservas/${b.id}/pagos`, {
        amount: b.deposit,
        method: 'transferencia',
        date: serverToday(site.server),
      });
    }
    for (const b of [cancelled, english]) {
      const res = await fetch(`${site.server.apiUrl}/reserva/${b.code}/cancelar`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.server.url },
        body: JSON.stringify({ t: b.token }),
      });
      expect(res.status).toBe(200);
    }
  });

  it('"Qué hacer hoy" lists the receipt to verify, the lapsed booking and the refunds; the badge opens it', async () => {
    const { page, problems } = await adminPage(owner, site.server);
    await page.goto(`${site.server.url}/admin/reservas`, { waitUntil: 'networkidle' });
    const badge = page.getByRole('link', { name: /avisos?: ver qué hacer hoy/ });
    await badge.waitFor();
    await badge.click();
    await page.waitForURL(/\/admin\/resumen$/);
    const money = page.locator('section[aria-labelledby="adm-att-dinero"]');
    await expect.poll(() => money.innerText().then(norm)).toContain('Comprobante de María <b>Pérez</b> por verificar');
    const text = norm(await money.innerText());
    expect(text).toContain(`Reembolso pendiente a María <b>Pérez</b>: ${norm(formatMoney(cancelled.deposit, 'COP'))}`);
    expect(await runAxe(page)).toEqual([]);
    expectClean(problems);
    await page.close();
  });

  it('the owner confirms a receipt that kept the hold past its deadline', async () => {
    const { page, problems } = await openAdminPage(owner);
    await page.goto(`${site.server.url}/admin/reservas`, { waitUntil: 'networkidle' });
    const r = row(page, receipt.code);
    await expect.poll(() => r.innerText().then(norm)).toContain('Pago por verificar');
    expect(norm(await r.innerText())).toContain('Aceptada (esperando el anticipo)');
    await r.getByRole('button', { name: 'Confirmar pago' }).click();
    await r.getByLabel('Monto (pesos)').fill(String(receipt.deposit));
    await r.getByRole('button', { name: 'Guardar el pago' }).click();
    await expect.poll(() => r.innerText().then(norm)).toContain('Confirmada');
    expect(norm(await r.innerText())).not.toContain('Pago por verificar');
    expectClean(problems);
    await page.close();
  });

  it('the owner repairs a lapsed booking by recording the payment that came in time', async () => {
    const { page, problems } = await openAdminPage(owner);
    await page.goto(`${site.server.url}/admin/reservas`, { waitUntil: 'networkidle' });
    const r = row(page, lapsed.code);
    await expect.poll(() => r.innerText().then(norm)).toContain('Vencida');
    expect(await r.getByRole('button', { name: 'Reabrir con nuevo plazo' }).count()).toBe(1);
    await r.getByRole('button', { name: 'Registrar pago' }).click();
    expect(norm(await r.innerText())).toContain('si sus noches siguen libres');
    await r.getByLabel('Monto (pesos)').fill(String(lapsed.deposit));
    await r.getByRole('button', { name: 'Guardar el pago' }).click();
    await expect.poll(() => r.innerText().then(norm)).toContain('Confirmada');
    expectClean(problems);
    await page.close();
  });

  it('the owner records a refund owed; the form proposes the amount; the flag clears', async () => {
    const { page, problems } = await openAdminPage(owner);
    await page.goto(`${site.server.url}/admin/reservas`, { waitUntil: 'networkidle' });
    const r = row(page, cancelled.code);
    await expect.poll(() => r.innerText().then(norm)).toContain('Reembolso pendiente');
    await r.getByRole('button', { name: 'Registrar reembolso' }).click();
    expect(await r.getByLabel('Monto devuelto (pesos)').inputValue()).toBe(String(cancelled.deposit));
    await r.getByRole('button', { name: 'Guardar reembolso' }).click();
    await expect.poll(() => r.innerText().then(norm)).not.toContain('Reembolso pendiente');
    expect(await r.getByRole('button', { name: 'Registrar reembolso' }).count()).toBe(0);
    expectClean(problems);
    await page.close();
  });

  it('the Spanish guest page of a cancelled paid booking states the refund and nothing to pay', async () => {
    const { page, problems } = await newPage(guest);
    await page.goto(site.server.url + cancelled.path, { waitUntil: 'networkidle' });
    const text = norm(await page.locator('main').innerText());
    expect(text).toContain('Estado: Cancelada');
    expect(text).toContain('No tienes nada más que pagar por esta reserva.');
    expect(text).not.toContain('Por pagar');
    expect(text).toContain('Historial');
    expect(text).toContain(`Reembolso de ${cop(cancelled.deposit)} hecho`);
    expect(text).toContain('Política de cancelación: Moderada');
    expect(await runAxe(page)).toEqual([]);
    expectClean(problems);
    await page.close();
  });

  it('the English guest page: the refund owed, its method and time, the history in English only', async () => {
    const { page, problems } = await newPage(guest);
    await page.goto(site.server.url + english.path, { waitUntil: 'networkidle' });
    const text = norm(await page.locator('main').innerText());
    expect(text).toContain(
      `We will refund ${cop(english.deposit, 'en')} by bank transfer to the account you give us, within 10 business days.`,
    );
    expect(text).toContain('You have nothing more to pay for this booking.');
    expect(text).not.toContain('Still to pay');
    expect(text).toContain('History');
    expect(text).toContain('Request sent');
    expect(text).toContain('Booking cancelled');
    for (const spanish of ['Solicitud', 'Reserva aceptada', 'Pago de', 'Plazo', 'cancelada', 'Moderada']) {
      expect(text, spanish).not.toContain(spanish);
    }
    expect(await runAxe(page)).toEqual([]);
    expectClean(problems);
    await page.close();
  });

  it('the Spanish guest page of a receipt being checked says so and offers no payment', async () => {
    const b = await acceptedBooking(site.server, 120, 2);
    expect((await uploadReceipt(site.server, b.code, b.token)).status).toBe(201);
    const { page, problems } = await newPage(guest);
    await page.goto(site.server.url + b.path, { waitUntil: 'networkidle' });
    const text = norm(await page.locator('main').innerText());
    expect(text).toContain('Recibimos tu comprobante y lo estamos revisando.');
    expect(text).not.toContain('Cómo pagar');
    expectClean(problems);
    await page.close();
  });
});
