import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import { launchBrowser, openPage, type PageProblems } from '../../test-support/browser';
import { acceptedBooking } from '../../test-support/bookings';
import { closedPort } from '../../test-support/ports';
import { startTestServer, type TestServer } from '../../test-support/server';
import { startWompiStandIn, type WompiStandIn } from '../../test-support/wompi';
import { createDesktopService, type DesktopService } from '../electron/lib/desktop-service';
import { createFakeSafeStorage } from './helpers/fake-safe-storage';
import { serveFolder } from './helpers/static-server';
import { tempDir } from './helpers/temp';
import { desktopDir } from './helpers/build';
import { axeViolations } from './helpers/axe';
import { installTestBridge } from './helpers/test-bridge';

const eventually = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout, interval: 100 });
const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
const cop = (n: number) => norm(formatMoney(n, 'COP'));

/**
 * Online payment (issue 22) as the owner sees it in the desktop app: the renderer in headless
 * Chromium, bridged to main's real code and the real server, which talks to the Wompi stand-in.
 */
describe('desktop panel: online payments through the bridge', () => {
  let wompi: WompiStandIn;
  let server: TestServer;
  let browser: Browser;
  let site: { url: string; close(): Promise<void> };
  let cleanup: () => Promise<void>;
  let service: DesktopService;
  let page: Page;
  let problems: PageProblems;
  let bridge: Awaited<ReturnType<typeof installTestBridge>>;

  beforeAll(async () => {
    let dir: string;
    ({ dir, cleanup } = await tempDir());
    wompi = await startWompiStandIn();
    const port = await closedPort();
    server = await startTestServer({
      env: { ...wompi.env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    });
    wompi.connect(server);
    site = await serveFolder(path.join(desktopDir, 'dist'));
    browser = await launchBrowser();
    service = createDesktopService({
      userDataDir: path.join(dir, 'userData'),
      safeStorage: createFakeSafeStorage(),
      pickPaths: () => Promise.resolve([]),
      onQueueChange: () => undefined,
      onImageUploadProgress: () => undefined,
      onUploadThumbnail: () => undefined,
      writeClipboard: () => undefined,
    });
    await service.init();
    ({ page, problems } = await openPage(await browser.newContext()));
    bridge = await installTestBridge(page, service, dir);
    await page.goto(`${site.url}/index.html`);
    await page.getByLabel('Dirección del servidor').fill(server.url);
    await page.getByRole('button', { name: 'Conectar' }).click();
    await page.getByLabel('Correo electrónico').fill(server.admin.email);
    await page.getByLabel('Contraseña').fill(server.admin.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('button', { name: 'Panel' }).click();
    await page.getByRole('heading', { name: 'Panel de administración' }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.close();
    await wompi?.close();
    await cleanup?.();
  });

  const section = (label: string) =>
    page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: label }).click();

  it('a deposit Wompi approved shows the booking confirmada with its transaction; the owner records a refund', async () => {
    const b = await acceptedBooking(server, 30, 2);
    // The guest's side, as the website does it: the checkout, then "Aprobar" on the stand-in.
    const started = await fetch(`${server.apiUrl}/reserva/${b.code}/pago-en-linea`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ t: b.token }),
    });
    expect(started.status).toBe(200);
    const { checkoutUrl } = (await started.json()) as { checkoutUrl: string };
    const guest = await openPage(await browser.newContext());
    await guest.page.goto(checkoutUrl);
    await guest.page.getByRole('button', { name: 'Aprobar' }).click();
    await guest.page.waitForURL((u) => u.pathname === `/reserva/${b.code}/pago`);
    const id = new URL(guest.page.url()).searchParams.get('id')!;
    await guest.page.context().close();
    expect(wompi.lastEvent).toBe(200);

    await section('Reservas');
    const row = page.locator(`li[data-booking-code="${b.code}"]`);
    await eventually(() => row.innerText().then(norm)).toContain('Confirmada');
    const received = norm(await row.getByRole('table', { name: 'Pagos recibidos' }).innerText());
    expect(received).toContain(`${cop(b.deposit)} Wompi (en línea) Aprobado ${id}`);
    expect(norm(await row.getByRole('table', { name: 'Intentos de pago en línea (Wompi)' }).innerText())).toContain(
      `Aprobado Tarjeta ${id}`,
    );
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('button', { name: 'Registrar reembolso' }).click();
    const form = row.getByRole('form', { name: /Registrar reembolso de/ });
    const amount = form.getByLabel('Monto devuelto (pesos)');
    await amount.fill(String(b.deposit + 1));
    await form.getByRole('button', { name: 'Guardar reembolso' }).click();
    // The server's refusal crosses main and the bridge and lands beside the field.
    await eventually(() => amount.getAttribute('aria-invalid')).toBe('true');
    expect(norm(await form.innerText())).toContain('no puede superar lo pagado');
    await amount.fill(String(b.deposit));
    await form.getByRole('button', { name: 'Guardar reembolso' }).click();
    await eventually(() => row.getByRole('list', { name: 'Reembolsos registrados' }).innerText().then(norm)).toContain(
      `Reembolso de ${cop(b.deposit)}`,
    );
    expect(await axeViolations(page)).toEqual([]);
  });

  it('Ajustes › Pagos en línea: configured in sandbox, the events URL, and "Probar conexión" ok', async () => {
    await section('Ajustes');
    const payments = page.getByRole('region', { name: 'Pagos en línea (Wompi)' });
    await eventually(() => payments.innerText().then(norm)).toContain('Pruebas (sandbox)');
    expect(await payments.getByLabel(/URL de eventos/).inputValue()).toBe(`${server.url}/api/pagos/wompi/eventos`);
    await payments.getByRole('button', { name: 'Probar conexión' }).click();
    await eventually(() => payments.getByRole('status').last().innerText()).toContain('Conexión correcta');
    expect(await axeViolations(page)).toEqual([]);
    expect(bridge.contractViolations).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.cspViolations).toEqual([]);
  });
});
