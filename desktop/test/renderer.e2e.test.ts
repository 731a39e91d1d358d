import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type PageProblems } from '../../test-support/browser';
import { createDesktopService, type DesktopService } from '../electron/lib/desktop-service';
import { IPC, IPC_EVENTS } from '../contract/ipc';
import { createDesktopApiClient } from '../electron/lib/api-client';
import { createFakeSafeStorage } from './helpers/fake-safe-storage';
import { makePhoto } from './helpers/photos';
import { startTestServer, type TestServer } from '../../test-support/server';
import { serveFolder } from './helpers/static-server';
import { tempDir } from './helpers/temp';
import { closedPort } from '../../test-support/ports';
import { desktopDir } from './helpers/build';
import { axeViolations } from './helpers/axe';
import { installTestBridge } from './helpers/test-bridge';
import { day, feedFixture, startFeedServer } from '../../test-support/ical-feeds';
import { seedOverviewData } from '../../test-support/overview-data';
import { acceptedBooking, uploadReceipt } from '../../test-support/bookings';
import { chartLabels, overflow } from '../../test-support/panel-layout';
import { storeOldReservation } from '../../test-support/old-reservations';

const distDir = path.join(desktopDir, 'dist');

/** Polls until the assertion holds; generous, since this machine is shared and the server hashes passwords. */
const eventually = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout, interval: 100 });

describe('desktop renderer in headless Chromium, bridged to the real main-process code and server', () => {
  let server: TestServer;
  let browser: Browser;
  let site: { url: string; close(): Promise<void> };
  let dir: string;
  let cleanup: () => Promise<void>;
  let service: DesktopService;
  let page: Page;
  let problems: PageProblems;
  const safe = createFakeSafeStorage();
  let pickResult: string[] = [];
  /** Set by a test to revoke the session right after a run has started. */
  let revokeDuringRun: (() => Promise<void>) | null = null;
  let testBridge: Awaited<ReturnType<typeof installTestBridge>>;
  /** What main put on the system clipboard. */
  const clipboard: string[] = [];

  beforeAll(async () => {
    ({ dir, cleanup } = await tempDir());
    // Feeds come from a local server standing in for Airbnb.
    server = await startTestServer({ env: { ICAL_ALLOW_PRIVATE_HOSTS: 'true', ICAL_SYNC_MINUTES: '0' } });
    site = await serveFolder(distDir);
    browser = await launchBrowser();
    const emitter: { emit(channel: string, payload: unknown): void } = { emit: () => undefined };
    service = createDesktopService({
      userDataDir: path.join(dir, 'userData'),
      safeStorage: safe,
      pickPaths: () => Promise.resolve(pickResult),
      onQueueChange: (s) => emitter.emit(IPC_EVENTS.uploadsChanged.channel, s),
      onImageUploadProgress: (p) => emitter.emit(IPC_EVENTS.imageUploadProgress.channel, p),
      onUploadThumbnail: (t) => emitter.emit(IPC_EVENTS.uploadThumbnail.channel, t),
      pushIntervalMs: 50,
      writeClipboard: (text) => clipboard.push(text),
    });
    await service.init();
    const context = await browser.newContext();
    ({ page, problems } = await openPage(context));
    testBridge = await installTestBridge(page, service, path.join(dir, 'soltados'), async (channel) => {
      // The run has started (its session check passed) and three uploads are on their way:
      // revoke now, so the other seven meet a dead token.
      if (channel === IPC.startUploads.channel && revokeDuringRun) {
        const revoke = revokeDuringRun;
        revokeDuringRun = null;
        await revoke();
      }
    });
    emitter.emit = (channel, payload) => testBridge.emit(channel, payload);
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await server?.close();
    await cleanup?.();
  });

  it('builds a CSP-locked page and a single CommonJS preload', async () => {
    const html = (await readFile(path.join(distDir, 'index.html'), 'utf8')).replaceAll('&#39;', "'");
    expect(html).toContain("script-src 'self'");
    expect(html).toContain("connect-src 'none'");
    // Images come from the app, data:/blob: previews and main's cabana-media: protocol, never the network.
    expect(html).toMatch(/img-src 'self' data: blob: cabana-media:;/);
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    const preload = await readFile(path.join(desktopDir, 'dist-electron', 'preload.cjs'), 'utf8');
    const requires = [...preload.matchAll(/require\(["'`]([^"'`]+)["'`]\)/g)].map((m) => m[1]);
    expect(new Set(requires)).toEqual(new Set(['electron']));
    expect(preload).not.toMatch(/^\s*(import|export)\s/m);
    // The preload is built from the contract; the renderer imports it as types only, so no
    // channel (nor the schemas beside it) reaches the renderer's bundle.
    const assets = await readdir(path.join(distDir, 'assets'));
    const renderer = (
      await Promise.all(
        assets.filter((f) => f.endsWith('.js')).map((f) => readFile(path.join(distDir, 'assets', f), 'utf8')),
      )
    ).join('\n');
    for (const { channel } of [...Object.values(IPC), ...Object.values(IPC_EVENTS)]) {
      expect(preload).toContain(channel);
      expect(renderer).not.toContain(channel);
    }
  });

  it('first run: server address, clear errors, sign-in', async () => {
    await page.goto(`${site.url}/index.html`);
    await page.getByRole('heading', { name: 'Conectar con el sitio web' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(
      await page.evaluate(() => [
        typeof (window as { require?: unknown }).require,
        typeof (window as { process?: unknown }).process,
      ]),
    ).toEqual(['undefined', 'undefined']);

    const address = page.getByLabel('Dirección del servidor');
    const port = await closedPort();
    await address.fill(`http://127.0.0.1:${port}`);
    await page.getByRole('button', { name: 'Conectar' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toContain(
      `No pudimos conectar con http://127.0.0.1:${port}`,
    );

    await address.fill('http://brisasdelgolfo.co');
    await page.getByRole('button', { name: 'Conectar' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toContain('Usa https://');

    await address.fill(server.url);
    await page.getByRole('button', { name: 'Conectar' }).click();
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();

    await page.getByLabel('Correo electrónico').fill(server.admin.email);
    await page.getByLabel('Contraseña').fill('no es la clave');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toContain('Credenciales incorrectas');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Contraseña').fill(server.admin.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: 'Subida masiva de fotos' }).waitFor();
    // The token stayed in "main": nothing in the page's storage or DOM.
    const stored = JSON.parse(await readFile(path.join(dir, 'userData', 'session.bin'), 'utf8')) as {
      encrypted: string;
    };
    const token = (JSON.parse(safe.decryptString(Buffer.from(stored.encrypted, 'base64'))) as { token: string }).token;
    const pageText = await page.evaluate(
      () => document.documentElement.outerHTML + JSON.stringify(localStorage) + JSON.stringify(sessionStorage),
    );
    expect(pageText).not.toContain(token);
  });

  it(
    'drop a folder and a stray file: queue with thumbnails, editable titles, a failure, retry, summary',
    { timeout: 180_000 },
    async () => {
      const dropDir = path.join(dir, 'soltados');
      const album = path.join(dropDir, 'album');
      await mkdir(path.join(album, 'noche'), { recursive: true });
      for (let i = 0; i < 6; i++) {
        const sub = i < 4 ? album : path.join(album, 'noche');
        await writeFile(path.join(sub, `foto_${i}.jpg`), await makePhoto({ width: 640, height: 480, seed: 20 + i }));
      }
      const broken = path.join(album, 'cortada.jpg');
      await writeFile(broken, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 1)]));
      await writeFile(path.join(dropDir, 'notas.txt'), 'no es una foto');

      await page.evaluate(() => {
        const zone = document.querySelector('[data-testid="dropzone"]')!;
        const data = new DataTransfer();
        data.items.add(new File([''], 'album'));
        data.items.add(new File(['no es una foto'], 'notas.txt', { type: 'text/plain' }));
        zone.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: data }));
        zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
      });
      const items = page.getByTestId('queue-item');
      await eventually(() => items.count()).toBe(7);
      await eventually(() => page.getByTestId('skipped-item').textContent()).toBe(
        'notas.txt: No es una imagen admitida (JPEG, PNG, WebP, AVIF o HEIC).',
      );
      await eventually(() => page.locator('img.thumb').count()).toBe(6);
      expect(await page.locator('img.thumb').first().getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);

      const title = page.getByLabel('Título de foto_0.jpg');
      expect(await title.inputValue()).toBe('foto 0');
      await title.fill('Piscina al amanecer');
      await title.press('Enter');
      await eventually(() => service.getUploads().items.find((i) => i.name === 'foto_0.jpg')?.title).toBe(
        'Piscina al amanecer',
      );

      await page.getByRole('button', { name: 'Subir 7 fotos' }).click();
      const summary = page.getByTestId('summary');
      await eventually(() => summary.textContent(), 120_000).toMatch(
        /^Subida terminada: 6 subidas, 1 fallida, 0 canceladas, 1 omitida\./,
      );
      await eventually(() => page.getByLabel(/Progreso total/).getAttribute('value')).toBe('1');
      expect(await page.locator('.queue-item.state-failed').textContent()).toContain('cortada.jpg');

      await writeFile(broken, await makePhoto({ width: 640, height: 480, seed: 77 }));
      await page.getByRole('button', { name: 'Reintentar fallidas (1)' }).click();
      await eventually(() => summary.textContent(), 60_000).toMatch(/^Subida terminada: 7 subidas, 0 fallidas/);
      expect(await axeViolations(page)).toEqual([]);

      const titles = (await createDesktopApiClient({ apiUrl: server.apiUrl, getToken: () => null }).listImages()).map(
        (i) => i.title,
      );
      expect(titles).toEqual(expect.arrayContaining(['Piscina al amanecer', 'foto 5', 'cortada']));
    },
  );

  it('mounts the shared admin panel through the bridge, with server images', { timeout: 60_000 }, async () => {
    await page.getByRole('button', { name: 'Panel' }).click();
    await page.getByRole('heading', { name: 'Panel de administración' }).waitFor();
    // The panel opens on its overview; the photos are a section of their own.
    await page.getByRole('heading', { level: 2, name: 'Resumen' }).waitFor();
    await page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: 'Fotos' }).click();
    await page.getByText('Piscina al amanecer').first().waitFor();
    const src = await page.locator('.adm-panel img').first().getAttribute('src');
    expect(src).toMatch(/^cabana-media:\/\/server\/[A-Za-z0-9_-]{16}\/\d+\.jpg$/);
    await eventually(() =>
      page
        .locator('.adm-panel img')
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    // The same photo straight from the server is refused by the built page's CSP (in a page of
    // its own, so this deliberate violation stays out of the record of the one under test).
    const direct = `${server.url}/media/${src!.split('/').slice(3).join('/')}`;
    expect((await fetch(direct)).status).toBe(200);
    const other = await openPage(await browser.newContext());
    try {
      await other.page.goto(`${site.url}/index.html`);
      expect(
        await other.page.evaluate(
          (url) =>
            new Promise((resolve) => {
              const img = new Image();
              img.onload = () => resolve('loaded');
              img.onerror = () => resolve('blocked');
              img.src = url;
            }),
          direct,
        ),
      ).toBe('blocked');
      await eventually(() => other.problems.cspViolations).toContain(
        `Content Security Policy violation: img-src ${direct}`,
      );
    } finally {
      await other.page.context().close();
    }

    // The panel's own upload form goes through the bridge too (bytes to main, downscaled there).
    const photo = await makePhoto({ width: 3000, height: 2000, seed: 31 });
    await page.getByLabel('Elegir fotos').setInputFiles({ name: 'muelle.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByLabel('Título de la foto 1').fill('Muelle desde el panel');
    await page.getByRole('button', { name: 'Subir', exact: true }).click();
    await page.locator('.adm-card-title', { hasText: 'Muelle desde el panel' }).waitFor({ timeout: 60_000 });
    const uploaded = (await createDesktopApiClient({ apiUrl: server.apiUrl, getToken: () => null }).listImages()).find(
      (i) => i.title === 'Muelle desde el panel',
    );
    expect(uploaded && [uploaded.width, uploaded.height]).toEqual([2560, 1707]);

    // The panel's sections are routes of the app's in-memory router: a link shows its section and
    // marks itself; the app's two screens are routes too, and the panel opens on its overview.
    const sections = page.getByRole('navigation', { name: 'Secciones del panel' });
    await sections.getByRole('link', { name: 'Precio' }).click();
    await page.getByTestId('adm-current-price').waitFor();
    expect(await sections.getByRole('link', { name: 'Precio' }).getAttribute('aria-current')).toBe('page');
    expect(await sections.getByRole('link', { name: 'Fotos' }).getAttribute('aria-current')).toBeNull();
    await page.getByRole('button', { name: 'Subida masiva' }).click();
    await page.getByRole('heading', { name: 'Subida masiva de fotos' }).waitFor();
    expect(await page.getByRole('button', { name: 'Subida masiva' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Panel' }).click();
    await page.getByRole('heading', { level: 2, name: 'Resumen' }).waitFor();
  });

  it('edits the settings and the photo order through the bridge', { timeout: 60_000 }, async () => {
    const client = createDesktopApiClient({ apiUrl: server.apiUrl, getToken: () => null });
    await page.getByRole('link', { name: 'Ajustes' }).click();
    const settings = page.locator('#adm-ajustes');
    const whatsapp = settings.getByLabel('Número de WhatsApp');
    await eventually(() => whatsapp.inputValue()).toBe((await client.getSettings()).whatsappNumber);
    await whatsapp.fill('+57 300');
    await settings.getByRole('button', { name: 'Guardar ajustes' }).click();
    // The server's message for the field comes back through main and the bridge, beside the field.
    await settings
      .getByText('Escribe solo dígitos, con el indicativo del país y sin +, p. ej. 573005550142.', { exact: true })
      .waitFor();
    await eventually(() => whatsapp.getAttribute('aria-invalid')).toBe('true');
    // The top bar and the window's title carry the business's name as the server has it.
    const brand = page.locator('.topbar .brand');
    const name = (await client.getSettings()).name;
    await eventually(() => brand.innerText()).toBe(`${name} · Administración`);
    expect(await page.title()).toBe(`${name} · Administración`);
    await whatsapp.fill('573209998877');
    await settings.getByLabel('Pesos por dólar').fill('4100');
    await settings.getByLabel('Nombre del negocio').fill('Cabaña Mar Azul');
    await settings.getByRole('button', { name: 'Guardar ajustes' }).click();
    await settings.getByRole('status').filter({ hasText: 'Ajustes guardados' }).waitFor();
    expect(await client.getSettings()).toMatchObject({
      whatsappNumber: '573209998877',
      copPerUsd: 4100,
      name: 'Cabaña Mar Azul',
    });
    // A save shows at once, without reading the settings again.
    await eventually(() => brand.innerText()).toBe('Cabaña Mar Azul · Administración');
    expect(await page.title()).toBe('Cabaña Mar Azul · Administración');
    // Issue 32: the itinerary's form, through the bridge too.
    const stay = settings.getByRole('region', { name: 'Itinerario y llegada' });
    await stay.getByLabel('Nombre del anfitrión').fill('Marta Julio');
    await stay.getByLabel('Pasos de la salida (check-out) (inglés, opcional)').fill('Leave the keys in the kitchen.');
    await stay.getByRole('button', { name: 'Guardar itinerario' }).click();
    await stay.getByRole('status').filter({ hasText: 'Itinerario guardado' }).waitFor();
    const owned = await fetch(`${server.apiUrl}/ajustes/completos`, {
      headers: { cookie: await server.loginCookie() },
    });
    expect(await owned.json()).toMatchObject({
      hostName: 'Marta Julio',
      checkOutStepsEn: 'Leave the keys in the kitchen.',
    });

    const before = (await client.listImages()).map((i) => i.title);
    expect(before.length).toBeGreaterThan(1);
    const last = before[before.length - 1]!;
    // The photo order lives in the Fotos section, a route of its own.
    await page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: 'Fotos' }).click();
    await page.getByRole('button', { name: `Más acciones para «${last}»` }).click();
    await page.getByRole('menuitem', { name: 'Usar como portada' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `«${last}» es ahora la portada` })
      .waitFor();
    await eventually(async () => (await client.listImages()).map((i) => i.title)).toEqual([
      last,
      ...before.slice(0, -1),
    ]);
    await eventually(() => page.locator('.adm-grid > li').first().innerText()).toContain('Portada');
  });

  it(
    'the Calendario section works through the bridge: block, feed sync, copy, confirm',
    { timeout: 60_000 },
    async () => {
      const channels = await startFeedServer();
      try {
        channels.set('/airbnb.ics', { body: feedFixture('airbnb') });
        const sections = page.getByRole('navigation', { name: 'Secciones del panel' });
        await sections.getByRole('link', { name: 'Calendario' }).click();
        const section = page.locator('#adm-calendario');
        await section.getByRole('heading', { name: 'Calendario', level: 2 }).waitFor();
        const blocked = async () => {
          const res = await fetch(`${server.apiUrl}/disponibilidad?from=${day(0)}&to=${day(200)}`);
          return ((await res.json()) as { blocked: { start: string; end: string }[] }).blocked;
        };

        // A manual block, with the server's message beside the date first.
        await page.getByLabel('Primera noche bloqueada').fill(day(60));
        await page.getByLabel('Fin del bloqueo').fill(day(58));
        await page.getByRole('button', { name: 'Bloquear fechas' }).click();
        await section.getByText('El bloqueo debe terminar después de su inicio.').waitFor();
        await page.getByLabel('Fin del bloqueo').fill(day(63));
        await page.getByRole('button', { name: 'Bloquear fechas' }).click();
        await section.getByRole('status').filter({ hasText: 'Bloqueo guardado' }).waitFor();
        expect(await blocked()).toContainEqual({ start: day(60), end: day(63) });

        // A feed, synced now: its nights show under its name.
        await page.getByLabel('Nombre del canal').fill('Airbnb');
        await page.getByLabel('Dirección iCal del canal').fill(`${channels.url}/airbnb.ics`);
        await page.getByRole('button', { name: 'Agregar calendario' }).click();
        await page.getByRole('button', { name: 'Sincronizar ahora Airbnb' }).click();
        await section.getByRole('status').filter({ hasText: 'Airbnb: calendario sincronizado.' }).waitFor();
        const months = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7));
        for (let i = months(day(0)); i < months(day(21)); i += 1) {
          await page.getByRole('button', { name: 'Mes siguiente' }).click();
        }
        await eventually(() => section.locator(`td[data-date="${day(21)}"]`).innerText()).toContain('Airbnb');

        // The renderer has no clipboard of its own (every permission is denied): main writes it.
        const feed = page
          .getByRole('list', { name: 'Fuentes de calendario' })
          .getByRole('listitem', { name: 'Airbnb' });
        const exportUrl = await feed.getByLabel('Dirección para pegar en Airbnb').inputValue();
        expect(exportUrl).toMatch(/\/calendario\/ical\/[\w-]{43}\.ics$/);
        await feed.getByRole('button', { name: 'Copiar' }).click();
        await feed.getByRole('status').filter({ hasText: 'Dirección copiada.' }).waitFor();
        expect(clipboard).toEqual([exportUrl]);
        expect(await axeViolations(page)).toEqual([]);

        // An archived request of the old reservation form (issue 33), confirmed from the inbox, blocks its nights.
        await storeOldReservation(server, { name: 'Marta Gómez', checkIn: day(70), checkOut: day(73) });
        await sections.getByRole('link', { name: 'Consultas' }).click();
        await page.getByRole('button', { name: 'Confirmar reserva de Marta Gómez' }).click();
        await page
          .getByRole('list', { name: 'Consultas' })
          .getByRole('listitem')
          .filter({ hasText: 'Marta Gómez' })
          .getByText('Confirmada', { exact: true })
          .waitFor();
        expect(await blocked()).toContainEqual({ start: day(70), end: day(73) });
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await channels.close();
      }
    },
  );

  it('the panel on a phone-sized window: Resumen and Reservas fit, charts readable (issue 33)', async () => {
    // A booking with a long name, a receipt and a payment, beside a season of data.
    await seedOverviewData(server);
    const long = await acceptedBooking(server, 90, 4, {
      name: 'María Alejandra Fernández de la Torre Villavicencio',
      email: 'maria.alejandra.fernandez.villavicencio@correo-muy-largo.example.com',
    });
    expect((await uploadReceipt(server, long.code, long.token)).status).toBe(201);
    const before = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      const nav = page.getByRole('navigation', { name: 'Secciones del panel' });
      await page.getByRole('button', { name: 'Panel' }).click();
      await nav.getByRole('link', { name: 'Resumen' }).click();
      await page.locator('svg.adm-chart-svg').first().waitFor();
      expect((await overflow(page)).over).toBeLessThanOrEqual(0);
      // The charts fit their labels to their width once the window's new size has reached them
      // (a busy machine can measure one frame before that).
      await expect
        .poll(async () => (await chartLabels(page)).every((c) => c.overlaps.length === 0 && c.smallest >= 12))
        .toBe(true);
      for (const chart of await chartLabels(page)) {
        expect(chart.overlaps).toEqual([]);
        expect(chart.smallest).toBeGreaterThanOrEqual(12);
      }
      await nav.getByRole('link', { name: 'Reservas' }).click();
      await page.getByRole('link', { name: 'Descargar comprobante 1 (PDF)' }).waitFor();
      expect(await overflow(page)).toEqual({ over: expect.any(Number) as number, widest: [] });
      expect((await overflow(page)).over).toBeLessThanOrEqual(0);
      expect(await page.locator('.adm-content').innerText()).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      if (before) await page.setViewportSize(before);
    }
  });

  it(
    'a token revoked elsewhere leads back to sign-in with a clear message; sign-out revokes',
    { timeout: 90_000 },
    async () => {
      // Same userData and keychain: another run of the app signs out, revoking the shared token.
      const revokeElsewhere = async () => {
        const other = createDesktopService({ userDataDir: path.join(dir, 'userData'), safeStorage: safe });
        await other.init();
        expect(await other.logout()).toEqual({ revoked: true });
      };
      const signIn = async () => {
        await page.getByLabel('Correo electrónico').fill(server.admin.email);
        await page.getByLabel('Contraseña').fill(server.admin.password);
        await page.getByRole('button', { name: 'Entrar' }).click();
        await page.getByRole('heading', { name: 'Subida masiva de fotos' }).waitFor();
      };
      const later = path.join(dir, 'despues');
      await mkdir(later, { recursive: true });
      for (let i = 0; i < 10; i++)
        await writeFile(path.join(later, `tarde_${i}.jpg`), await makePhoto({ width: 320, height: 240, seed: 50 + i }));
      pickResult = [later];

      // Revoked before a run: the check before sending catches it.
      await revokeElsewhere();
      await page.getByRole('button', { name: 'Subida masiva' }).click();
      await page.getByRole('button', { name: 'Limpiar lista' }).click();
      await page.getByRole('button', { name: 'Elegir carpeta' }).click();
      await page.getByRole('button', { name: 'Subir 10 fotos' }).click();
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      expect(await page.getByRole('status').textContent()).toContain('Tu sesión terminó');
      // Signed out, the app names no business.
      expect(await page.title()).toBe('Administración');
      await signIn();
      await eventually(() => page.title()).toBe('Cabaña Mar Azul · Administración');

      // Revoked during a run: what is left stays queued, with a way back to sign-in.
      revokeDuringRun = revokeElsewhere;
      await page.getByRole('button', { name: 'Subir 10 fotos' }).click();
      await page
        .getByRole('button', { name: 'Iniciar sesión de nuevo' })
        .click({ timeout: 60_000 })
        .catch((err: unknown) => {
          throw new Error(
            `no sign-in prompt; queue: ${JSON.stringify(service.getUploads().items.map((i) => [i.state, i.error]))}`,
            { cause: err },
          );
        });
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      expect(await page.getByRole('status').textContent()).toContain('Tu sesión terminó');
      // Signed out, the app names no business.
      expect(await page.title()).toBe('Administración');
      await signIn();
      await eventually(() => page.title()).toBe('Cabaña Mar Azul · Administración');
      const left = service.getUploads().items.filter((i) => i.state === 'queued' || i.state === 'failed').length;
      expect(left).toBeGreaterThan(0);

      await page.getByRole('button', { name: 'Panel' }).click();
      await page.getByRole('button', { name: 'Cerrar sesión' }).click();
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      expect(await page.getByRole('status').textContent()).toContain('Cerraste la sesión.');
      expect(await service.getSession()).toBeNull();
    },
  );

  it('stayed clean: no CSP violations, no console or page errors, every answer as the contract says', () => {
    expect(problems.cspViolations).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    expect(testBridge.contractViolations).toEqual([]);
  });
});

describe('desktop renderer when the remembered server is gone', () => {
  it('says so in Spanish and offers retry and another server', { timeout: 60_000 }, async () => {
    const { dir, cleanup } = await tempDir();
    const server = await startTestServer();
    let serverOpen = true;
    const site = await serveFolder(distDir);
    const browser = await launchBrowser();
    try {
      const safe = createFakeSafeStorage();
      const userDataDir = path.join(dir, 'userData');
      // A previous run: server remembered, signed in.
      const before = createDesktopService({ userDataDir, safeStorage: safe });
      await before.init();
      await before.setServer(server.url);
      await before.login(server.admin.email, server.admin.password);
      await server.close();
      serverOpen = false;

      const service = createDesktopService({ userDataDir, safeStorage: safe });
      await service.init();
      const { page, problems } = await openPage(await browser.newContext());
      await installTestBridge(page, service, dir);
      await page.goto(`${site.url}/index.html`);
      await page.getByRole('heading', { name: 'Sin conexión con el servidor' }).waitFor();
      expect(await page.getByRole('alert').textContent()).toContain('No pudimos conectar con el servidor');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Reintentar' }).click();
      await page.getByRole('heading', { name: 'Sin conexión con el servidor' }).waitFor();
      await page.getByRole('button', { name: 'Cambiar servidor' }).click();
      expect(await page.getByLabel('Dirección del servidor').inputValue()).toBe(server.url);
      await page.getByRole('button', { name: 'Volver' }).waitFor();
      expect(problems.cspViolations).toEqual([]);
      expect(problems.pageErrors).toEqual([]);
    } finally {
      if (serverOpen) await server.close();
      await browser.close();
      await site.close();
      await cleanup();
    }
  });
});
