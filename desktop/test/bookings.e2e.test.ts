import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AvailabilitySchema } from '@cabana/shared/domain/schemas/availability';
import { GuestBookingSchema, RequestedBookingSchema } from '@cabana/shared/domain/schemas/booking';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import { formatStayDate } from '@cabana/shared/domain/lib/owner-dates';
import { launchBrowser, openPage, type PageProblems } from '../../test-support/browser';
import {
  RECEIPT_PDF,
  acceptedBooking,
  bookingRequestBody,
  serverToday,
  uploadReceipt,
} from '../../test-support/bookings';
import { readJson } from '../../test-support/json';
import { setPrice, startTestServer, type TestServer } from '../../test-support/server';
import { createDesktopService } from '../electron/lib/desktop-service';
import { createFakeSafeStorage } from './helpers/fake-safe-storage';
import { serveFolder } from './helpers/static-server';
import { tempDir } from './helpers/temp';
import { desktopDir } from './helpers/build';
import { axeViolations } from './helpers/axe';
import { installTestBridge } from './helpers/test-bridge';

const distDir = path.join(desktopDir, 'dist');
const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
const cop = (n: number) => norm(formatMoney(n, 'COP'));
const PRICE = 100_000;

/**
 * The "from either host": the owner takes a guest's request to `confirmada` in the
 * desktop renderer (the shared panel, every call through the bridge and main's `api:call`).
 */
describe('desktop renderer: the booking lifecycle through the bridge', () => {
  let server: TestServer;
  let browser: Browser;
  let site: { url: string; close(): Promise<void> };
  let cleanup: () => Promise<void>;
  let page: Page;
  let problems: PageProblems;
  let bridge: Awaited<ReturnType<typeof installTestBridge>>;

  beforeAll(async () => {
    let dir: string;
    ({ dir, cleanup } = await tempDir());
    server = await startTestServer();
    await setPrice(server, PRICE);
    site = await serveFolder(distDir);
    browser = await launchBrowser();
    // A previous run of the app remembered the server and signed in.
    const safe = createFakeSafeStorage();
    const service = createDesktopService({ userDataDir: path.join(dir, 'userData'), safeStorage: safe });
    await service.init();
    await service.setServer(server.url);
    await service.login(server.admin.email, server.admin.password);
    ({ page, problems } = await openPage(await browser.newContext()));
    bridge = await installTestBridge(page, service, dir);
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.close();
    await cleanup?.();
  });

  it('a guest request accepted with another total and a note, paid, confirmed; the guest and the calendar agree', async () => {
    const body = await bookingRequestBody(server, 40, 3);
    const sent = await fetch(`${server.apiUrl}/reservas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(sent.status).toBe(201);
    const { code, token } = await readJson(sent, RequestedBookingSchema);

    await page.goto(`${site.url}/index.html`);
    await page.getByRole('heading', { name: 'Subida masiva de fotos' }).waitFor();
    await page.getByRole('button', { name: 'Panel' }).click();
    await page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: 'Reservas' }).click();
    const row = page.locator(`li[data-booking-code="${code}"]`);
    await expect.poll(() => row.innerText().then(norm)).toContain('Solicitada');

    const total = 1_100_000;
    await row.getByRole('button', { name: 'Aceptar' }).click();
    await row.getByLabel('Total ajustado (opcional, pesos)').fill('1.100.000');
    await row.getByLabel('Nota para el huésped (opcional)').fill('Descuento por estadía entre semana');
    await row.getByRole('button', { name: 'Aceptar y avisar al huésped' }).click();
    await expect.poll(() => row.innerText().then(norm)).toContain('Aceptada (esperando el anticipo)');
    expect(norm(await row.innerText())).toContain(`Total ${cop(total)} · anticipo ${cop(total / 2)}`);
    expect(await axeViolations(page)).toEqual([]);

    // The guest's transfer receipt reaches the owner through main: its bytes, downloaded.
    expect((await uploadReceipt(server, code, token)).status).toBe(201);
    await page.getByRole('button', { name: 'Actualizar' }).click();
    const receipt = row.getByRole('link', { name: 'Descargar comprobante 1 (PDF)' });
    const [download] = await Promise.all([page.waitForEvent('download'), receipt.click()]);
    // Named by its sniffed type (issue 28, item 6); the guest's own name is only text.
    expect(download.suggestedFilename()).toBe(`comprobante-${code}-1.pdf`);
    expect(norm(await row.innerText())).toContain('archivo del huésped: pago.pdf');
    expect(await readFile(await download.path(), 'utf8')).toBe(RECEIPT_PDF);

    const paidOn = serverToday(server);
    // The receipt waits for the owner's check (issue 29): confirming it records the payment.
    expect(norm(await row.innerText())).toContain('Pago por verificar');
    await row.getByRole('button', { name: 'Confirmar pago' }).click();
    // A bad amount: the message stands beside the amount, which is marked and focused.
    const amount = row.getByLabel('Monto (pesos)');
    await amount.fill('medio millón');
    await row.getByRole('button', { name: 'Guardar el pago' }).click();
    const message = 'Escribe el monto en pesos, como un número.';
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
    const described = (await amount.getAttribute('aria-describedby'))!.split(' ');
    const beside = await Promise.all(described.map((d) => page.locator(`[id="${d}"]`).innerText()));
    expect(beside).toContain(message);
    expect(await amount.evaluate((el) => el === document.activeElement)).toBe(true);
    // Beside the field only, not once more as the form's alert.
    expect(await row.getByRole('alert').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await amount.fill(String(total / 2));
    await row.getByLabel('Método').selectOption('nequi');
    // The date left empty: today at the cabin.
    expect(await row.getByLabel('Fecha del pago').inputValue()).toBe('');
    await row.getByRole('button', { name: 'Guardar el pago' }).click();
    // The state's badge comes first; the guests' registration has its own (issue 34).
    await expect.poll(() => row.locator('.adm-badge').first().innerText()).toBe('Confirmada');
    await page.getByRole('status').filter({ hasText: 'Pago de María' }).waitFor();
    await row.getByText('Historial').click();
    expect(norm(await row.innerText())).toContain(`Pago de ${cop(total / 2)} (Nequi, ${formatStayDate(paidOn)})`);
    expect(await axeViolations(page)).toEqual([]);

    // The guest's private view says the same, with the owner's note.
    const view = await readJson(await fetch(`${server.apiUrl}/reserva/${code}?t=${token}`), GuestBookingSchema);
    expect(view.state).toBe('confirmada');
    expect(view.paid).toBe(total / 2);
    expect(view.price).toMatchObject({
      total,
      adjustedTotal: total,
      adjustmentNote: 'Descuento por estadía entre semana',
      deposit: total / 2,
    });
    // And its nights are blocked for everyone.
    const availability = await readJson(
      await fetch(`${server.apiUrl}/disponibilidad?from=${body.checkIn}&to=${body.checkOut}`),
      AvailabilitySchema,
    );
    expect(availability.blocked).toContainEqual({ start: body.checkIn, end: body.checkOut });
  });

  it('issue 29: the owner repairs a lapsed booking and records a refund owed, through the bridge', async () => {
    const lapsed = await acceptedBooking(server, 70, 2);
    const cancelled = await acceptedBooking(server, 80, 2);
    // The first hold's deadline passed while nobody looked (no clock jump: the app's session stays valid).
    const live = server.running.deps.store.data.bookings.find((b) => b.id === lapsed.id)!;
    live.depositDueAt = new Date(server.clock.now() - 60_000).toISOString();
    await server.running.deps.bookings.runTimers();
    const cookie = await server.loginCookie();
    const paid = await fetch(`${server.apiUrl}/reservas/${cancelled.id}/pagos`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: cancelled.deposit, method: 'transferencia', date: serverToday(server) }),
    });
    expect(paid.status).toBe(200);
    const cancel = await fetch(`${server.apiUrl}/reserva/${cancelled.code}/cancelar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ t: cancelled.token }),
    });
    expect(cancel.status).toBe(200);

    await page.getByRole('button', { name: 'Actualizar' }).click();
    const repaired = page.locator(`li[data-booking-code="${lapsed.code}"]`);
    await expect.poll(() => repaired.locator('.adm-badge').first().innerText()).toBe('Vencida');
    await repaired.getByRole('button', { name: 'Registrar pago' }).click();
    await repaired.getByLabel('Monto (pesos)').fill(String(lapsed.deposit));
    await repaired.getByRole('button', { name: 'Guardar el pago' }).click();
    await expect.poll(() => repaired.locator('.adm-badge').first().innerText()).toBe('Confirmada');

    const refund = page.locator(`li[data-booking-code="${cancelled.code}"]`);
    await expect.poll(() => refund.innerText().then(norm)).toContain('Reembolso pendiente');
    await refund.getByRole('button', { name: 'Registrar reembolso' }).click();
    expect(await refund.getByLabel('Monto devuelto (pesos)').inputValue()).toBe(String(cancelled.deposit));
    await refund.getByRole('button', { name: 'Guardar reembolso' }).click();
    await expect.poll(() => refund.innerText().then(norm)).not.toContain('Reembolso pendiente');
    expect(await axeViolations(page)).toEqual([]);
    const stored = server.running.deps.store.data.bookings.find((b) => b.id === cancelled.id)!;
    expect(stored.refundOwed).toBeUndefined();
    expect(stored.refunds).toHaveLength(1);
  });

  it('stayed clean: no CSP violations, no console or page errors, every answer as the contract says', () => {
    expect(problems.cspViolations).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    expect(bridge.contractViolations).toEqual([]);
  });
});
