import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import { acceptedBooking } from '../../test-support/bookings';
import { closedPort } from '../../test-support/ports';
import { WOMPI_TEST_KEYS, startWompiStandIn, type WompiStandIn } from '../../test-support/wompi';
import { DESKTOP, expectClean, newPage, runAxe, setPrice, startSite, type Site, gotoHydrated } from './helpers';
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

  it('/privacidad does not name Wompi while online payment is off (issue 35)', async () => {
    for (const path of ['/privacidad', '/en/privacy']) {
      const html = await (await fetch(site.server.url + path)).text();
      expect(html, path).not.toContain('Wompi');
      // The e2e build sends with EmailJS; no SMTP server is set here.
      expect(html, path).toContain('EmailJS');
      expect(html, path).toMatch(/Ningún servidor de correo|No mail server/);
    }
  });

  it('the private page offers only the transfer; the panel says online payment is not configured', async () => {
    const b = await acceptedBooking(site.server, 40, 2);
    const { page, problems } = await newPage(guest);
    await gotoHydrated(page, site.server.url + b.path);
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
    expect(norm(await received.innerText())).toContain(`${cop(300_000)} Transferencia Recibido —`);
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

describe('with the Wompi stand-in', () => {
  let wompi: WompiStandIn;
  let site: Site;
  let guest: BrowserContext;
  let owner: BrowserContext;

  beforeAll(async () => {
    wompi = await startWompiStandIn();
    // Wompi sends the guest back to PUBLIC_URL: the server's own address, known before it starts.
    const port = await closedPort();
    site = await startSite({ ...wompi.env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
    wompi.connect(site.server);
    await setPrice(site.server, PRICE);
    [guest, owner] = await Promise.all([site.browser.newContext(DESKTOP), site.browser.newContext(DESKTOP)]);
    const signing = await owner.newPage();
    await signIn(signing, site.server);
    await signing.close();
  });
  afterAll(async () => {
    await site?.close();
    await wompi?.close();
  });

  it('/privacidad names Wompi, which receives the guest’s name and e-mail (issue 35)', async () => {
    const es = await (await fetch(`${site.server.url}/privacidad`)).text();
    expect(es).toContain('<strong>Wompi</strong> (Bancolombia), si pagas en línea: recibe tu nombre y tu correo');
    const en = await (await fetch(`${site.server.url}/en/privacy`)).text();
    expect(en).toContain(
      '<strong>Wompi</strong> (Bancolombia), if you pay online: it receives your name and your e-mail',
    );
  });

  /** From the private page through the stand-in's checkout ("Aprobar" or "Rechazar") back to the return page. */
  async function payOnline(page: Page, path: string, button: string, decision: string, returnPath: RegExp) {
    await gotoHydrated(page, site.server.url + path);
    await page.getByRole('button', { name: button }).click();
    await page.waitForURL((u) => u.origin === wompi.url);
    await page.getByRole('button', { name: decision }).click();
    await page.waitForURL((u) => returnPath.test(u.pathname));
    return new URL(page.url()).searchParams.get('id')!;
  }

  it('Aprobar: the return page says the payment arrived and the booking is confirmada, on the page and in the panel', async () => {
    const b = await acceptedBooking(site.server, 30, 3);
    const { page, problems } = await newPage(guest);
    await gotoHydrated(page, site.server.url + b.path);
    const main = page.locator('main');
    const pay = page.getByRole('button', { name: 'Pagar anticipo en línea' });
    // What Wompi accepts is said beside the button (its description), and the transfer stays.
    const hint = await page.locator(`[id="${await pay.getAttribute('aria-describedby')}"]`).innerText();
    expect(hint).toMatch(/PSE.*Nequi.*tarjeta.*Bancolombia/);
    expect(norm(await main.innerText())).toContain('O paga por transferencia:');
    expect(await runAxe(page)).toEqual([]);

    const id = await payOnline(
      page,
      b.path,
      'Pagar anticipo en línea',
      'Aprobar',
      new RegExp(`^/reserva/${b.code}/pago$`),
    );
    const status = page.getByRole('status');
    await expect.poll(() => status.innerText().then(norm)).toBe('¡Pago recibido! Tu reserva está confirmada.');
    expect(await page.title()).toContain('Tu pago');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    expect(await runAxe(page)).toEqual([]);
    expectClean(problems);

    // Back to the booking: confirmed, the online attempt in words.
    await page.getByRole('link', { name: 'Volver a mi reserva' }).click();
    await page.waitForURL((u) => u.pathname === `/reserva/${b.code}`);
    expect(norm(await main.innerText())).toContain('Estado: Confirmada');
    expect(norm(await main.innerText())).toMatch(/Pagos en línea .*tarjeta: aprobado/);
    expect(await page.getByRole('button', { name: 'Pagar anticipo en línea' }).count()).toBe(0);
    await page.close();

    const { page: panel, problems: panelProblems } = await openAdminPage(owner);
    await panel.goto(`${site.server.url}/admin/reservas`);
    const r = row(panel, b.code);
    await expect.poll(() => r.innerText().then(norm)).toContain('Confirmada');
    const received = norm(await r.getByRole('table', { name: 'Pagos recibidos' }).innerText());
    expect(received).toContain(`Wompi (en línea) Aprobado ${id}`);
    const attempts = norm(await r.getByRole('table', { name: 'Intentos de pago en línea (Wompi)' }).innerText());
    expect(attempts).toContain(`Aprobado Tarjeta ${id}`);
    expect(await runAxe(panel)).toEqual([]);
    expectClean(panelProblems);
    await panel.close();
  });

  it('Rechazar: the return page says so, offers to try again, and the booking still waits for the deposit', async () => {
    const b = await acceptedBooking(site.server, 60, 2);
    const { page, problems } = await newPage(guest);
    await payOnline(page, b.path, 'Pagar anticipo en línea', 'Rechazar', new RegExp(`^/reserva/${b.code}/pago$`));
    const status = page.getByRole('status');
    await expect.poll(() => status.innerText().then(norm)).toBe('El pago fue rechazado.');
    expect(norm(await page.locator('main').innerText())).toContain('No recibimos dinero');
    expect(await runAxe(page)).toEqual([]);
    // Trying again starts a new attempt on Wompi's checkout.
    await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await page.waitForURL((u) => u.origin === wompi.url);
    await gotoHydrated(page, site.server.url + b.path);
    const text = norm(await page.locator('main').innerText());
    expect(text).toContain('Estado: Aceptada: esperando el anticipo');
    expect(text).toMatch(/tarjeta: rechazado/);
    expectClean(problems);
    await page.close();
  });

  it('while Wompi says PENDING the return page keeps checking, and shows the outcome once it changes', async () => {
    const b = await acceptedBooking(site.server, 270, 2);
    const started = await fetch(`${site.server.apiUrl}/reserva/${b.code}/pago-en-linea`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.server.url },
      body: JSON.stringify({ t: b.token }),
    });
    const checkout = new URL(((await started.json()) as { checkoutUrl: string }).checkoutUrl);
    const tx = wompi.createTransaction({
      reference: checkout.searchParams.get('reference')!,
      amountInCents: Number(checkout.searchParams.get('amount-in-cents')),
      status: 'PENDING',
      methodType: 'PSE',
    });
    const { page, problems } = await newPage(guest);
    const checks: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/pago-en-linea/verificar')) checks.push(r.url());
    });
    // The first look-up answered (the server asked the stand-in) before Wompi's answer changes.
    const first = page.waitForResponse((r) => r.url().endsWith('/pago-en-linea/verificar'));
    await page.goto(`${site.server.url}/reserva/${b.code}/pago?t=${b.token}&id=${tx.id}&env=test`);
    expect(((await (await first).json()) as { status: string }).status).toBe('PENDING');
    expect(norm(await page.getByRole('status').innerText())).toBe('Verificando el pago…');
    // Wompi's answer changes (the bank took its time): the next look-up shows it.
    wompi.transactions.get(tx.id)!.status = 'APPROVED';
    await expect
      .poll(() => page.getByRole('status').innerText().then(norm))
      .toBe('¡Pago recibido! Tu reserva está confirmada.');
    expect(checks.length).toBeGreaterThanOrEqual(2);
    expectClean(problems);
    await page.close();
  });

  it('a forged return query never shows success: the page shows what the server found', async () => {
    const b = await acceptedBooking(site.server, 90, 2);
    const other = await acceptedBooking(site.server, 120, 2);
    // A transaction Wompi approved, for another booking.
    const foreign = wompi.createTransaction({ reference: `${other.code}-x`, amountInCents: 100, status: 'APPROVED' });
    const { page, problems } = await newPage(guest);
    const base = `${site.server.url}/reserva/${b.code}/pago?t=${b.token}`;
    for (const query of ['&id=no-existe&status=APPROVED', `&id=${foreign.id}&status=APPROVED`]) {
      await gotoHydrated(page, base + query);
      const status = page.getByRole('status');
      await expect.poll(() => status.innerText().then(norm)).toBe('No pudimos verificar el pago.');
      expect(norm(await page.locator('main').innerText())).not.toContain('Pago recibido');
    }
    expect(await runAxe(page)).toEqual([]);
    // No id at all: nothing to check.
    await gotoHydrated(page, base);
    await expect.poll(() => page.locator('main').innerText().then(norm)).toContain('no dice qué pago verificar');
    // A wrong link secret: the page found no booking (404).
    const wrong = await fetch(`${site.server.url}/reserva/${b.code}/pago?t=${'A'.repeat(43)}&id=x`);
    expect(wrong.status).toBe(404);
    expect(wrong.headers.get('cache-control')).toBe('no-store');
    expect(await wrong.text()).toContain('No encontramos esa reserva');
    expectCleanExcept(problems, [404]);
    await page.close();
    // Still waiting for its deposit.
    const res = await fetch(`${site.server.apiUrl}/reserva/${b.code}?t=${b.token}`);
    expect(((await res.json()) as { state: string }).state).toBe('aceptada');
  });

  it('the return page is private like the booking page: no-store, noindex', async () => {
    const b = await acceptedBooking(site.server, 150, 2);
    const res = await fetch(`${site.server.url}/reserva/${b.code}/pago?t=${b.token}&id=x`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    // The server renders "checking"; only the browser's look-up may say more.
    expect(html).toContain('Verificando el pago…');
  });

  it('a refusal of the button is announced (the deposit was paid meanwhile: 409)', async () => {
    const b = await acceptedBooking(site.server, 180, 2);
    const { page, problems } = await newPage(guest);
    await gotoHydrated(page, site.server.url + b.path);
    await recordPayment(site, b.id, b.deposit);
    await page.getByRole('button', { name: 'Pagar anticipo en línea' }).click();
    await expect.poll(() => page.getByRole('alert').innerText().then(norm)).not.toBe('');
    expect(page.url()).toContain(`/reserva/${b.code}`);
    expectCleanExcept(problems, [409]);
    await page.close();
  });

  it('an English booking pays through /en/booking/<code>/payment, in English', async () => {
    const b = await acceptedBooking(site.server, 210, 2, { lang: 'en' });
    expect(b.path).toMatch(/^\/en\/booking\//);
    const { page, problems } = await newPage(guest);
    await payOnline(page, b.path, 'Pay the deposit online', 'Aprobar', new RegExp(`^/en/booking/${b.code}/payment$`));
    const status = page.getByRole('status');
    await expect.poll(() => status.innerText().then(norm)).toBe('Payment received! Your booking is confirmed.');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByRole('link', { name: 'Back to my booking' }).getAttribute('href')).toBe(b.path);
    expect(await runAxe(page)).toEqual([]);
    expectClean(problems);
    await page.close();
  });

  it('Ajustes › Pagos en línea: sandbox, the events URL to paste, and "Probar conexión" answers ok', async () => {
    const { page, problems } = await openAdminPage(owner);
    await page.goto(`${site.server.url}/admin/ajustes`);
    const section = page.getByRole('region', { name: 'Pagos en línea (Wompi)' });
    await expect.poll(() => section.innerText().then(norm)).toContain('Configurado');
    expect(norm(await section.innerText())).toContain('Pruebas (sandbox)');
    const events = section.getByLabel(/URL de eventos/);
    expect(await events.inputValue()).toBe(`${site.server.url}/api/pagos/wompi/eventos`);
    expect(await section.getByRole('button', { name: 'Copiar' }).count()).toBe(1);
    // The environment's keys win: said so, not editable here, only their last 4 characters.
    expect(norm(await section.innerText())).toContain(
      `Definida en el servidor (WOMPI_PRIVATE_KEY), termina en ${WOMPI_TEST_KEYS.WOMPI_PRIVATE_KEY.slice(-4)}`,
    );
    expect(await section.getByLabel('Llave privada').isDisabled()).toBe(true);
    expect(await section.getByRole('button', { name: 'Guardar llaves' }).count()).toBe(0);
    await section.getByRole('button', { name: 'Probar conexión' }).click();
    await expect
      .poll(() => section.getByRole('status').last().innerText().then(norm))
      .toContain('Conexión correcta con el comercio «Cabaña de prueba» (pruebas).');
    // No key reaches the page.
    const html = await page.content();
    for (const secret of Object.values(WOMPI_TEST_KEYS).filter((k) => !k.startsWith('pub_')))
      expect(html).not.toContain(secret);
    expect(await runAxe(page)).toEqual([]);
    expectClean(problems);
    await page.close();
  });

  // Last in this block: it moves the server's clock past the holds.
  it('a payment approved after the hold lapsed and the nights were taken: flagged to the owner, who records the refund', async () => {
    const taken = await acceptedBooking(site.server, 240, 2);
    const view = (await (await fetch(`${site.server.apiUrl}/reserva/${taken.code}?t=${taken.token}`)).json()) as {
      checkIn: string;
      checkOut: string;
      depositDueAt: string;
    };
    const started = await fetch(`${site.server.apiUrl}/reserva/${taken.code}/pago-en-linea`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.server.url },
      body: JSON.stringify({ t: taken.token }),
    });
    const checkout = new URL(((await started.json()) as { checkoutUrl: string }).checkoutUrl);
    // Past the hold's deadline (24 h, or the next 09:00 when that falls at night at the cabin).
    site.server.clock.advance(Date.parse(view.depositDueAt) - site.server.clock.now() + 3_600_000);
    await site.server.running.deps.bookings.runTimers();
    // Someone else takes the nights, then Wompi approves the first guest's payment.
    await acceptedBooking(site.server, 0, 0, { checkIn: view.checkIn, checkOut: view.checkOut });
    const tx = wompi.createTransaction({
      reference: checkout.searchParams.get('reference')!,
      amountInCents: Number(checkout.searchParams.get('amount-in-cents')),
      status: 'APPROVED',
    });
    expect((await wompi.sendEvent(tx)).status).toBe(200);

    // The guest coming back is told the truth: paid, not confirmed, the money will be returned.
    const { page, problems } = await newPage(guest);
    await page.goto(`${site.server.url}/reserva/${taken.code}/pago?t=${taken.token}&id=${tx.id}`);
    await expect.poll(() => page.getByRole('status').innerText().then(norm)).toContain('Te devolveremos el dinero');
    expectClean(problems);
    await page.close();

    const context = await site.browser.newContext(DESKTOP);
    const { page: panel, problems: panelProblems } = await openAdminPage(context);
    await signIn(panel, site.server);
    await panel.goto(`${site.server.url}/admin/reservas`);
    const r = row(panel, taken.code);
    const owed = cop(Number(checkout.searchParams.get('amount-in-cents')) / 100);
    await expect.poll(() => r.innerText().then(norm)).toContain(`Reembolso pendiente Devuelve ${owed} al huésped`);
    expect(norm(await r.getByRole('table', { name: 'Intentos de pago en línea (Wompi)' }).innerText())).toContain(
      `Aprobado · reembolso pendiente Tarjeta ${tx.id}`,
    );
    expect(await runAxe(panel)).toEqual([]);
    await r.getByRole('button', { name: 'Registrar reembolso' }).click();
    const form = r.getByRole('form', { name: /Registrar reembolso de/ });
    // The amount owed is filled in.
    expect(cop(Number(await form.getByLabel('Monto devuelto (pesos)').inputValue()))).toBe(owed);
    await form.getByLabel('Nota (opcional)').fill('Devuelto desde el panel de Wompi');
    await form.getByRole('button', { name: 'Guardar reembolso' }).click();
    await expect
      .poll(() => r.getByRole('list', { name: 'Reembolsos registrados' }).innerText().then(norm))
      .toContain(`Reembolso de ${owed}`);
    expect(norm(await r.innerText())).not.toContain('Reembolso pendiente');
    expectClean(panelProblems);
    await context.close();
  });
});

describe('with wrong Wompi keys', () => {
  it('the owner pastes the keys in Ajustes (a field error first), they show masked, and "Probar conexión" lists the problems', async () => {
    const wompi = await startWompiStandIn();
    // No keys in the environment: only where the stand-in answers.
    const site = await startSite({
      WOMPI_API_URL: wompi.env.WOMPI_API_URL!,
      WOMPI_CHECKOUT_URL: wompi.env.WOMPI_CHECKOUT_URL!,
    });
    try {
      const context = await site.browser.newContext(DESKTOP);
      const signing = await context.newPage();
      await signIn(signing, site.server);
      await signing.goto(`${site.server.url}/admin/ajustes`);
      const section = signing.getByRole('region', { name: 'Pagos en línea (Wompi)' });
      await expect.poll(() => section.innerText().then(norm)).toContain('No configurado');
      const privacy = async () => (await fetch(`${site.server.url}/privacidad`)).text();
      expect(await privacy()).not.toContain('Wompi');
      const wrongPrivate = 'prv_test_NotTheRightKey000000000000000';
      await section.getByLabel('Llave pública').fill(WOMPI_TEST_KEYS.WOMPI_PUBLIC_KEY);
      await section.getByLabel('Llave privada').fill('prv_prod_OtherEnvironment00000000000');
      await section.getByLabel('Secreto de eventos').fill(WOMPI_TEST_KEYS.WOMPI_EVENTS_SECRET);
      await section.getByLabel('Secreto de integridad').fill(WOMPI_TEST_KEYS.WOMPI_INTEGRITY_SECRET);
      await section.getByRole('button', { name: 'Guardar llaves' }).click();
      const privateField = section.getByLabel('Llave privada');
      await expect.poll(() => privateField.getAttribute('aria-invalid')).toBe('true');
      expect(norm(await section.innerText())).toContain('mismo ambiente');
      await privateField.fill(wrongPrivate);
      await section.getByRole('button', { name: 'Guardar llaves' }).click();
      await expect.poll(() => section.innerText().then(norm)).toContain('Llaves guardadas');
      // The public pages follow at once: /privacidad now names Wompi among the processors.
      expect(await privacy()).toContain('Wompi');
      // Masked: the fields are emptied, each says how it ends; no key whole in the page.
      expect(norm(await section.innerText())).toContain('Guardada, termina en 0000.');
      expect(await privateField.inputValue()).toBe('');
      const html = await signing.content();
      for (const key of [wrongPrivate, WOMPI_TEST_KEYS.WOMPI_EVENTS_SECRET, WOMPI_TEST_KEYS.WOMPI_INTEGRITY_SECRET])
        expect(html).not.toContain(key);
      // In force at once: the test reaches the stand-in with them.
      await section.getByRole('button', { name: 'Probar conexión' }).click();
      const alert = section.getByRole('alert').filter({ hasText: 'La conexión con Wompi falló' });
      await expect.poll(() => alert.count()).toBe(1);
      expect(norm(await alert.innerText())).toContain('rechazó la llave privada');
      expect(await runAxe(signing)).toEqual([]);
    } finally {
      await site.close();
      await wompi.close();
    }
  });
});
