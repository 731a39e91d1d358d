import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alerts } from '@cabana/shared/domain/schemas/overview';
import type { Settings } from '@cabana/shared/domain/schemas/settings';
import { seedOverviewData } from '../../test-support/overview-data';
import { DESKTOP, PHONE, runAxe, startSite, type Site } from './helpers';
import { apiGet, expectCleanExcept, inPanel, makePhoto, openAdminPage, removePhotos, signIn } from './admin-helpers';

/**
 * Issue 24: the panel opens on its overview ("Resumen"), is an app of its own (header with the
 * business name, sections as a side bar or a tab bar, no site frame), shows the count of what
 * waits in the window's title, and its photo cards keep their actions in a keyboard menu.
 */
describe('the owner’s overview and the panel as an app', () => {
  let site: Site;
  let name: string;
  beforeAll(async () => {
    site = await startSite({ ICAL_SYNC_MINUTES: '0' });
    await seedOverviewData(site.server);
    name = (await apiGet<Settings>(site.server, '/ajustes')).name;
  });
  afterAll(async () => {
    await site?.close();
    await removePhotos();
  });

  /** No element of the page is wider than the window (nothing to scroll sideways). */
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  it('opens on Resumen at 1280 px: side bar, business name, count in the title, links to each section, axe clean', async () => {
    // One of the photos a fresh install publishes (server/seed): "Primeros pasos" lists it (issue 35).
    await site.server.running.deps.images.create(
      await makePhoto('muestra.jpg'),
      { title: 'La cabaña entre palmeras', description: '', tags: '' },
      'published',
      true,
    );
    const context = await site.browser.newContext(DESKTOP);
    const { page, problems } = await openAdminPage(context);
    await signIn(page, site.server);
    await page.waitForURL(inPanel(site.server, 'resumen'));
    await page.getByRole('heading', { level: 2, name: 'Resumen' }).waitFor();
    await page.getByText('Cómo va la temporada').waitFor();

    // The panel's own header, and none of the public site's frame.
    await expect(page.locator('.adm-brand').innerText()).resolves.toBe(name);
    await expect(
      page.locator('footer, .site-header, .whatsapp-button, a[href^="https://wa.me"]').count(),
    ).resolves.toBe(0);

    // What waits, in the window's title.
    const { count } = await apiGet<Alerts>(site.server, '/avisos');
    expect(count).toBeGreaterThan(0);
    await expect.poll(() => page.title()).toBe(`(${count}) Resumen · ${name}`);

    // The sections as a side bar: beside the content, one under the other.
    const nav = page.getByRole('navigation', { name: 'Secciones del panel' });
    const navBox = (await nav.boundingBox())!;
    const contentBox = (await page.locator('.adm-content').boundingBox())!;
    expect(navBox.x + navBox.width).toBeLessThanOrEqual(contentBox.x);
    const links = nav.getByRole('link');
    await expect(links.first().innerText()).resolves.toBe('Resumen');
    const [first, second] = [(await links.nth(0).boundingBox())!, (await links.nth(1).boundingBox())!];
    expect(second.y).toBeGreaterThan(first.y);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // Each chart is a figure with a caption, a summary, a focusable drawing and its data table.
    const figures = page.locator('figure.adm-chart');
    await expect(figures.count()).resolves.toBe(4);
    const nights = figures.first();
    await expect(nights.locator('figcaption').innerText()).resolves.toContain('Noches ocupadas por mes');
    const drawing = nights.getByRole('img');
    await expect(drawing.getAttribute('tabindex')).resolves.toBe('0');
    await drawing.focus();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('img');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Ver los datos');
    await page.keyboard.press('Enter');
    await expect(nights.getByRole('table').locator('tbody tr').count()).resolves.toBe(12);
    // Revenue from the direct bookings made through the API: received vs expected.
    const revenue = figures.filter({ hasText: 'Ingresos de reservas directas por mes: recibidos y esperados' });
    await expect(revenue.locator('.adm-chart-summary').innerText()).resolves.toMatch(
      /^Recibidos .*800\.000 de .*esperados/,
    );
    // A booking request waiting links to the Reservas section.
    const request = page.getByRole('link', { name: 'Solicitud de reserva de Paula Vargas' });
    await expect(request.getAttribute('href')).resolves.toMatch(/\/admin\/reservas$/);

    // Every details block open, so axe sees the tables too.
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    expect(await runAxe(page)).toEqual([]);

    // An item links to where it is handled; the title follows the section.
    await page.getByRole('link', { name: 'Booking.com' }).click();
    await page.waitForURL(inPanel(site.server, 'calendario'));
    await expect.poll(() => page.title()).toBe(`(${count}) Calendario · ${name}`);

    // Primeros pasos (issue 35): what is still the sample, each linked to where it is changed,
    // gone once it is done.
    await nav.getByRole('link', { name: 'Resumen' }).click();
    const steps = page.getByRole('region', { name: 'Primeros pasos' });
    const shown = () => steps.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-paso')));
    const ALL = ['fotos', 'correo', 'avisos', 'telefono', 'pagos', 'rnt', 'nit', 'normas'];
    await expect.poll(shown).toEqual(ALL);
    expect(await steps.innerText()).toContain('Cambia la foto de muestra (ilustraciones que vienen con la instalación');
    await expect(steps.getByRole('link', { name: /^Cambia la foto/ }).getAttribute('href')).resolves.toMatch(
      /\/admin\/fotos$/,
    );
    await steps.getByRole('link', { name: /^Escribe tu RNT/ }).click();
    await page.waitForURL(inPanel(site.server, 'ajustes'));
    expect(new URL(page.url()).hash).toBe('#rnt');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('rnt');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('24680');
    await page.getByRole('button', { name: 'Guardar ajustes' }).click();
    await page.getByText('Ajustes guardados').waitFor();
    await nav.getByRole('link', { name: 'Resumen' }).click();
    await expect.poll(shown).toEqual(ALL.filter((k) => k !== 'rnt'));
    expectCleanExcept(problems, [401]);
    await context.close();
  });

  it('works at 390 px: the sections as a tab bar above the content, nothing wider than the phone, axe clean', async () => {
    const context = await site.browser.newContext(PHONE);
    const { page, problems } = await openAdminPage(context);
    await signIn(page, site.server);
    await page.getByText('Cómo va la temporada').waitFor();
    const nav = page.getByRole('navigation', { name: 'Secciones del panel' });
    const navBox = (await nav.boundingBox())!;
    const contentBox = (await page.locator('.adm-content').boundingBox())!;
    expect(navBox.y + navBox.height).toBeLessThanOrEqual(contentBox.y);
    const links = nav.getByRole('link');
    const [first, second] = [(await links.nth(0).boundingBox())!, (await links.nth(1).boundingBox())!];
    expect(second.y).toBe(first.y);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    expect(await runAxe(page)).toEqual([]);

    // The last tab scrolls into view and opens its section.
    await links.filter({ hasText: 'Ajustes' }).click();
    await page.waitForURL(inPanel(site.server, 'ajustes'));
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // Opiniones (issue 35): the guest's words as written, one public reply, hiding only for a listed reason.
    await links.filter({ hasText: 'Opiniones' }).click();
    await page.waitForURL(inPanel(site.server, 'opiniones'));
    await page.getByRole('heading', { level: 2, name: 'Opiniones (1 sin respuesta)' }).waitFor();
    await expect(page.locator('.adm-review-text').innerText()).resolves.toContain('la piscina estaba limpia');
    expect(await page.locator('.adm-review textarea, .adm-review input[type="text"]').count()).toBe(1);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await runAxe(page)).toEqual([]);
    await page.getByLabel('Respuesta pública (una sola; no se puede cambiar después)').fill('¡Gracias, Sofía!');
    await page.getByRole('button', { name: 'Publicar respuesta' }).click();
    await page.getByText('Publicaste tu respuesta a Sofía L.').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Opiniones' }).waitFor();
    await page.getByLabel('Ocultar por un motivo').selectOption('datos-personales');
    await page.getByRole('button', { name: 'Ocultar' }).click();
    await page.getByText('Motivo: Contiene datos personales.').waitFor();
    expectCleanExcept(problems, [401]);
    await context.close();
  });

  it('keeps a photo’s actions in one menu, used by keyboard: arrows, Escape, focus back on its button', async () => {
    const { images } = site.server.running.deps;
    for (const title of ['Muelle', 'Terraza'])
      await images.create(await makePhoto(`${title}.jpg`), { title, description: '', tags: '' }, 'published');
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await site.browser.newContext(viewport);
      const { page, problems } = await openAdminPage(context);
      await signIn(page, site.server);
      await page.goto(`${site.server.url}/admin/fotos`);
      const card = page.locator('.adm-grid > li').filter({ hasText: 'Terraza' });
      await card.waitFor();
      // The seed's sample photo is marked as such; the owner's are not (issue 35).
      const sample = page.locator('.adm-grid > li').filter({ hasText: 'La cabaña entre palmeras' });
      expect(await sample.locator('.adm-sample').innerText()).toContain('Foto de muestra');
      await expect(card.locator('.adm-sample').count()).resolves.toBe(0);
      // One menu button per card instead of a row of buttons.
      await expect(card.getByRole('button').count()).resolves.toBe(1);
      const button = card.getByRole('button', { name: 'Más acciones para «Terraza»' });
      await button.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'Más acciones para «Terraza»' });
      await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
      const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
      await expect.poll(focused).toBe('Editar texto');
      await page.keyboard.press('ArrowDown');
      await expect.poll(focused).toBe('Usar como portada');
      await page.keyboard.press('End');
      await expect.poll(focused).toBe('Eliminar');
      await page.keyboard.press('ArrowDown');
      await expect.poll(focused).toBe('Editar texto');
      await page.keyboard.press('ArrowUp');
      await expect.poll(focused).toBe('Eliminar');
      expect(await runAxe(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Más acciones para «Terraza»');
      await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
      // The down arrow opens it too; Enter on an item runs it.
      await page.keyboard.press('ArrowDown');
      await expect.poll(focused).toBe('Editar texto');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).not.toBe('');
      await page.getByLabel('Título', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Cancelar' }).click();
      expectCleanExcept(problems, [401]);
      await context.close();
    }
  });
});
