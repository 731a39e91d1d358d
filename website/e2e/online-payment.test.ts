import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import { acceptedBooking } from '../../test-support/bookings';
import { DESKTOP, expectClean, newPage, runAxe, setPrice, startSite, type Site } from './helpers';
import { expectCleanExcept, openAdminPage, signIn } from './admin-helpers';

const PRICE = 100_000;
const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
const cop = (n: number) => norm(formatMoney(n, 'COP'));
/** The booking's row in the panel's Reservas section. */
const row = (page: Page, code: string) => page.locator(`li[data-booking-code="${code}"]`);

/** The owner records a payment through the API (a transfer the guest made). */
async function recordPayment(site: Site, id: string, amount: number) {
  const cookie = await site.server.loginCookie();
  const res = await fetch(`${site.server.apiUrl}/reservas/${id}/pagos`, {
    method: 'POST',
    headers: { cookie, origin: site.server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ amount, method: 'transferencia', date: '2026-11-20' }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('without Wompi keys', () => {
  let site: Site;
  let guest: BrowserContext;
  let owner: BrowserContext;

  beforeAll(async () => {
    site = await startSite();
    await setPrice(site.server, PRICE);
    [guest, owner] = await Promise.all([site.browser.newContext(DESKTOP), site.browser.newContext(DESKTOP)]);
    // The owner signs in once; each test opens the panel in that context.
    const signing = await owner.newPage();
    await signIn(signing, site.server);
    await signing.close();
  });
  afterAll(async () => {
    await site?.close();
  });

  it('the private page offers only the transfer; the panel says online payment is not configured', async () => {
    const b = await acceptedBooking(site.server, 40, 2);
    const { page, problems } = await newPage(guest);
    await page.goto(site.server.url + b.path, { waitUntil: 'networkidle' });
    expect(norm(await page.locator('main').innerText())).toContain('Cómo pagar');
    expect(await page.getByRole('button', { name: 'Pagar anticipo en línea' }).count()).toBe(0);
    expect(norm(await page.locator('main').innerText())).not.toContain('transferencia:');
    expectClean(problems);
    await page.close();

    const { page: panel, problems: panelProblems } = await openAdminPage(owner);
    await panel.goto(`${site.server.url}/admin/ajustes`);
    const section = panel.getByRole('region', { name: 'Pagos en línea (Wompi)' });
    await expect.poll(() => section.innerText().then(norm)).toContain('No configurado');
    expect(norm(await section.innerText())).toContain('solo ven el pago por transferencia');
    expect(await section.getByRole('button', { name: 'Probar conexión' }).count()).toBe(0);
    expect(await runAxe(panel)).toEqual([]);
    expectClean(panelProblems);
    await panel.close();
  });

  it('the owner records a refund: the field error stands beside the amount, then it is listed', async () => {
    const b = await acceptedBooking(site.server, 50, 2);
    await recordPayment(site, b.id, 300_000);
    const { page, problems } = await openAdminPage(owner);
    await page.goto(`${site.server.url}/admin/reservas`);
    const r = row(page, b.code);
    await expect.poll(() => r.innerText().then(norm)).toContain('Pagos recibidos');
    const received = r.getByRole('table', { name: 'Pagos recibidos' });
    expect(norm(await received.innerText())).toContain(`Transferencia — Recibido ${cop(300_000)}`);
    await r.getByRole('button', { name: 'Registrar reembolso' }).click();
    const form = r.getByRole('form', { name: /Registrar reembolso de/ });
    const amount = form.getByLabel('Monto devuelto (pesos)');
    await amount.fill('900.000');
    await form.getByRole('button', { name: 'Guardar reembolso' }).click();
    // Beyond what was paid: the server's message beside the field, which gets the focus.
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
    const described = await amount.getAttribute('aria-describedby');
    const errorId = described!.split(' ').find((x) => x.endsWith('-error'))!;
    expect(norm(await page.locator(`[id="${errorId}"]`).innerText())).toContain('no puede superar lo pagado');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    expect(await runAxe(page)).toEqual([]);

    await amount.fill('100.000');
    await form.getByLabel('Nota (opcional)').fill('Devuelto por transferencia');
    await form.getByRole('button', { name: 'Guardar reembolso' }).click();
    await expect
      .poll(() => r.getByRole('status').last().innerText().then(norm))
      .toContain(`Reembolso de ${cop(100_000)}`);
    const refunds = r.getByRole('list', { name: 'Reembolsos registrados' });
    expect(norm(await refunds.innerText())).toContain(`Reembolso de ${cop(100_000)} (`);
    expect(norm(await refunds.innerText())).toContain('Devuelto por transferencia');
    expect(await runAxe(page)).toEqual([]);
    expectCleanExcept(problems, [400]);
    await page.close();
  });
});
