import type { BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOverviewData } from '../../test-support/overview-data';
import { acceptedBooking, serverToday, uploadReceipt } from '../../test-support/bookings';
import { DESKTOP, PHONE, runAxe, startSite, type Site } from './helpers';
import { inPanel, openAdminPage, removePhotos, signIn } from './admin-helpers';
import { chartLabels, overflow } from '../../test-support/panel-layout';

/**
 * Issue 33: every section of the owner's panel, at 390 px (a phone) and at 1280 px, with a season
 * of data (bookings with payments and receipts, a long name): nothing wider than the screen, no
 * overlapping chart labels, no ISO dates in the text, axe clean.
 */
const SECTIONS = [
  ['resumen', 'Resumen'],
  ['precio', 'Precio'],
  ['fotos', 'Fotos'],
  ['pendientes', 'Pendientes'],
  ['reservas', 'Reservas'],
  ['consultas', 'Consultas'],
  ['opiniones', 'Opiniones'],
  ['calendario', 'Calendario'],
  ['ajustes', 'Ajustes'],
] as const;

const LONG_NAME = 'María Alejandra Fernández de la Torre Villavicencio';

describe('the panel on a phone and on a desktop', () => {
  let site: Site;
  let longCode: string;
  beforeAll(async () => {
    site = await startSite({ ICAL_SYNC_MINUTES: '0' });
    await seedOverviewData(site.server);
    const { bookings } = site.server.running.deps;
    const long = await acceptedBooking(site.server, 60, 5, {
      name: LONG_NAME,
      email: 'maria.alejandra.fernandez.villavicencio@correo-muy-largo.example.com',
      message: 'Viajamos con dos niños pequeños y llegamos en un vuelo que aterriza tarde en Montería.',
    });
    longCode = long.code;
    const up = await uploadReceipt(site.server, long.code, long.token);
    expect(up.status).toBe(201);
    await bookings.recordPayment(long.id, {
      amount: long.deposit,
      method: 'transferencia',
      date: serverToday(site.server),
    });
  });
  afterAll(async () => {
    await site?.close();
    await removePhotos();
  });

  const visit = async (options: BrowserContextOptions, width: number) => {
    const context = await site.browser.newContext(options);
    const { page } = await openAdminPage(context);
    await signIn(page, site.server);
    const found: Record<string, { overflow: { over: number; widest: string[] }; iso: string[] }> = {};
    const charts: Awaited<ReturnType<typeof chartLabels>> = [];
    for (const [path, label] of SECTIONS) {
      await page.goto(`${site.server.url}/admin/${path}`);
      await page.waitForURL(inPanel(site.server, path));
      await page.getByRole('heading', { level: 2, name: label }).waitFor();
      await page.locator('.adm-content [aria-busy="true"]').waitFor({ state: 'detached' });
      if (path === 'reservas') {
        await page.getByText(LONG_NAME).first().waitFor();
        const card = page.locator(`li[data-booking-code="${longCode}"]`);
        // The guest's language and replies prepared for them, beside the message.
        expect(await card.innerText()).toContain('Idioma del huésped: español');
        const mail = new URL((await card.getByRole('link', { name: 'Responder por correo' }).getAttribute('href'))!);
        expect(mail.searchParams.get('subject')).toMatch(new RegExp(`^Tu reserva ${longCode} en `));
        const wa = new URL((await card.getByRole('link', { name: 'Responder por WhatsApp' }).getAttribute('href'))!);
        expect(wa.searchParams.get('text')).toContain(`por tu reserva ${longCode}`);
        // By arrival: every stay here is ahead, so the soonest first.
        const codes = await page
          .locator('li[data-booking-code]')
          .evaluateAll((all) => all.map((li) => li.getAttribute('data-booking-code')));
        const byArrival = [...site.server.running.deps.bookings.list(undefined)]
          .sort((a, b) => a.checkIn.localeCompare(b.checkIn))
          .map((b) => b.code);
        expect(codes).toEqual(byArrival);
        // Search by the server: a name without its accents finds the one booking; clearing shows all again.
        const searchField = page.getByLabel('Buscar por nombre, código o correo');
        await searchField.fill('fernandez de la TORRE');
        await expect.poll(() => page.locator('li[data-booking-code]').count()).toBe(1);
        expect(await page.locator('li[data-booking-code]').getAttribute('data-booking-code')).toBe(longCode);
        await searchField.fill('nadie-con-este-nombre');
        await expect.poll(() => page.locator('li[data-booking-code]').count()).toBe(0);
        await searchField.fill('');
        await expect.poll(() => page.locator('li[data-booking-code]').count()).toBe(byArrival.length);
        // The state filter asks the server (GET /api/reservas?estado=): only the confirmed ones, by arrival.
        const shownCodes = () =>
          page
            .locator('li[data-booking-code]')
            .evaluateAll((all) => all.map((li) => li.getAttribute('data-booking-code')));
        const confirmed = site.server.running.deps.bookings
          .list('confirmada', { orden: 'llegada', limit: 200 })
          .map((b) => b.code);
        expect(confirmed.length).toBeGreaterThan(0);
        expect(confirmed.length).toBeLessThan(byArrival.length);
        await page.getByLabel('Estado').selectOption('confirmada');
        await expect.poll(shownCodes).toEqual(confirmed);
        await page.getByLabel('Estado').selectOption('todas');
        await expect.poll(() => page.locator('li[data-booking-code]').count()).toBe(byArrival.length);
        // A confirmed stay ahead: nothing to complete yet (the lifecycle's actionsFor).
        expect(await card.getByRole('button', { name: 'Marcar completada' }).count()).toBe(0);
        // Its receipt: a download link (no button), a state badge with its own colour.
        await card.getByRole('link', { name: 'Descargar comprobante 1 (PDF)' }).waitFor();
        const badges = await page
          .locator('.adm-enquiry-head .adm-badge')
          .evaluateAll((all) => all.map((b) => [b.textContent, getComputedStyle(b).backgroundColor]));
        const colours = new Map(badges.map(([text, colour]) => [text, colour]));
        expect(new Set(colours.values()).size).toBe(colours.size);
      }
      if (path === 'resumen') await page.locator('svg.adm-chart-svg').first().waitFor();
      const text = await page.locator('main').innerText();
      found[path] = { overflow: await overflow(page), iso: text.match(/.{0,40}\b\d{4}-\d{2}-\d{2}\b/g) ?? [] };
      if (path === 'resumen') charts.push(...(await chartLabels(page)));
      if (process.env.PANEL_SHOTS && (path === 'resumen' || path === 'reservas' || path === 'ajustes'))
        await page.screenshot({ path: `${process.env.PANEL_SHOTS}/${path}-${width}.png`, fullPage: true });
      if (width === 390) {
        const violations = await runAxe(page);
        expect(violations, `axe en ${path}`).toEqual([]);
      }
    }
    await context.close();
    expect(charts.length).toBe(4);
    for (const chart of charts) {
      expect(chart.overlaps, `${width}px: ${chart.axis.join(' ')}`).toEqual([]);
      expect(chart.smallest, `${width}px axis text`).toBeGreaterThanOrEqual(12);
      // Colombian numbers: a decimal comma, thousands with a dot, never "0 mil".
      for (const a of chart.axis) expect(a).not.toMatch(/\d\.\d(?!\d\d)|^0 mil$/);
    }
    return found;
  };

  for (const [options, width] of [
    [PHONE, 390],
    [DESKTOP, 1280],
  ] as const) {
    it(`every section at ${width} px: nothing wider than the screen, no ISO dates, charts readable`, async () => {
      const found = await visit(options, width);
      if (process.env.PANEL_SHOTS) console.log(width, JSON.stringify(found));
      const wide = Object.entries(found).filter(([, f]) => f.overflow.over > 0);
      expect(wide, 'secciones más anchas que la pantalla').toEqual([]);
      const iso = Object.entries(found).filter(([, f]) => f.iso.length > 0);
      expect(iso, 'fechas ISO en el texto').toEqual([]);
    });
  }

  it('the section tabs on a phone wrap: every tab in sight, none cut at the edge', async () => {
    const context = await site.browser.newContext(PHONE);
    const { page } = await openAdminPage(context);
    await signIn(page, site.server);
    const links = page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link');
    await expect(links.count()).resolves.toBe(SECTIONS.length);
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    for (const box of await links.evaluateAll((all) => all.map((a) => a.getBoundingClientRect().toJSON() as DOMRect)))
      expect(box.right).toBeLessThanOrEqual(width);
    await context.close();
  });
});
