import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, expectClean, runAxe, startSite, type Site } from './helpers';
import { ADMIN_CONTEXT, adminPage, expectCleanExcept, openSection } from './admin-helpers';
import { bookingId, storedBooking } from '../../test-support/booking-records';

/** Issue 28: the panel's bookings come in pages ("Cargar más"), and requests can be deleted in bulk after a confirm step. */
let site: Site;
const STORED = 60;

beforeAll(async () => {
  site = await startSite();
  const { store } = site.server.running.deps;
  const now = site.server.clock.now();
  for (let i = 0; i < STORED; i++)
    store.data.bookings.push(storedBooking(i, now, i % 2 ? 'solicitada' : 'rechazada', STORED - i));
  await store.save();
});
afterAll(async () => {
  await site?.close();
});

const rows = (page: Page) => page.locator('li[data-booking-code]');

describe('the panel’s bookings at scale', () => {
  it('shows the first 50 by arrival, loads the rest with "Cargar más", then the button goes', async () => {
    const { page, problems } = await adminPage(await site.browser.newContext(ADMIN_CONTEXT), site.server);
    await openSection(page, 'Reservas');
    await expect.poll(() => rows(page).count()).toBe(50);
    // By arrival (issue 33): the soonest stay leads (the first stored arrives first).
    await expect
      .poll(() => rows(page).first().getAttribute('data-booking-code'))
      .toBe(storedBooking(0, 0, 'rechazada').code);
    await page.getByRole('button', { name: 'Cargar más' }).click();
    await expect.poll(() => rows(page).count()).toBe(STORED);
    await page.getByText('10 reservas más cargadas.').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Cargar más' }).count()).toBe(0);
    expect(await runAxe(page)).toEqual([]);
    expectClean(problems);
  });

  it('deletes ticked requests only after the confirm step, e-mailing nobody (at 360 px)', async () => {
    const { page, problems } = await adminPage(await site.browser.newContext(PHONE), site.server);
    await openSection(page, 'Reservas');
    await expect.poll(() => rows(page).count()).toBe(50);
    const outboxBefore = site.server.running.deps.store.view.outbox.length;
    await page.getByText('Borrar varias solicitudes o reservas terminadas').click();
    // Two on the first page by arrival, with codes no other booking shares.
    const newest = storedBooking(22, 0, 'rechazada').code;
    const second = storedBooking(23, 0, 'solicitada').code;
    await page.getByRole('checkbox', { name: new RegExp(newest) }).check();
    await page.getByRole('checkbox', { name: new RegExp(second) }).check();
    await page.getByRole('button', { name: 'Borrar seleccionadas (2)' }).click();
    // One tap does not delete: the confirm step asks first, and "No, volver" keeps everything.
    await page.getByText('¿Borrar 2 reservas? No se envía ningún correo').waitFor();
    expect(site.server.running.deps.store.view.bookings).toHaveLength(STORED);
    await page.getByRole('button', { name: 'No, volver' }).click();
    await page.getByRole('button', { name: 'Borrar seleccionadas (2)' }).click();
    await page.getByRole('button', { name: 'Sí, borrar' }).click();
    await page.getByText('2 reservas borradas.').waitFor();
    // Two more from the next page take their place, and "Cargar más" goes on from there.
    await expect.poll(() => rows(page).count()).toBe(50);
    expect(await page.locator(`li[data-booking-code="${newest}"]`).count()).toBe(0);
    await page.getByRole('button', { name: 'Cargar más' }).click();
    await expect.poll(() => rows(page).count()).toBe(STORED - 2);
    const left = site.server.running.deps.store.view.bookings.map((b) => b.id);
    expect(left).toHaveLength(STORED - 2);
    expect(left).not.toContain(bookingId(22));
    expect(left).not.toContain(bookingId(23));
    expect(site.server.running.deps.store.view.outbox.length).toBe(outboxBefore);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expectClean(problems);
  });

  it('lets the owner set how many days a request waits (Ajustes), with the server’s message beside a bad value', async () => {
    const { page, problems } = await adminPage(await site.browser.newContext(ADMIN_CONTEXT), site.server);
    await page.getByRole('link', { name: 'Ajustes' }).click();
    const section = page.locator('#adm-ajustes');
    const days = section.getByLabel('Días que una solicitud espera tu respuesta');
    await expect(days.inputValue()).resolves.toBe('7');
    await days.fill('90');
    await section.getByRole('button', { name: 'Guardar ajustes' }).click();
    await expect.poll(() => days.getAttribute('aria-invalid')).toBe('true');
    expect(site.server.running.deps.store.view.settings.requestExpiryDays).toBe(7);
    await days.fill('10');
    await section.getByRole('button', { name: 'Guardar ajustes' }).click();
    await section.getByRole('status').filter({ hasText: 'Ajustes guardados' }).waitFor();
    expect(site.server.running.deps.store.view.settings.requestExpiryDays).toBe(10);
    // The refused save's 400 is the only resource error the console shows.
    expectCleanExcept(problems, [400]);
  });
});
