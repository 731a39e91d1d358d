import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Availability } from '@cabana/shared/domain/schemas/availability';
import type { Calendar } from '@cabana/shared/domain/schemas/calendar';
import type { Enquiry } from '@cabana/shared/domain/schemas/enquiry';
import type { Seasons } from '@cabana/shared/domain/schemas/season';
import { runAxe, startSite, type Site } from './helpers';
import { ADMIN_CONTEXT, apiGet, expectCleanExcept, signIn } from './admin-helpers';
import { day, feedFixture, startFeedServer, type FeedServer } from '../../test-support/ical-feeds';
import { openPage, type PageProblems } from '../../test-support/browser';
import { storeOldReservation } from '../../test-support/old-reservations';

/** The owner's calendar tools in the web panel, against the real server and a local stand-in for Airbnb. */
let site: Site;
let channels: FeedServer;
let context: BrowserContext;
let page: Page;
let problems: PageProblems;

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));

/** Moves the month view from the current month to the month of `date`, by keyboard. */
async function showMonthOf(date: string, from: string): Promise<void> {
  const steps = monthIndex(date) - monthIndex(from);
  await page.getByRole('button', { name: steps >= 0 ? 'Mes siguiente' : 'Mes anterior' }).focus();
  for (let i = 0; i < Math.abs(steps); i += 1) await page.keyboard.press('Enter');
  await expect.poll(() => section().locator(`td[data-date="${date}"]`).count()).toBe(1);
}

const section = () => page.locator('#adm-calendario');
/** Each section of the panel is its own route: move there through the panel's navigation. */
const goTo = async (name: 'Calendario' | 'Consultas') => {
  await page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name }).click();
  await page.getByRole('heading', { name, level: 2 }).waitFor();
};
const feedItem = (name: string): Locator =>
  page.getByRole('list', { name: 'Fuentes de calendario' }).getByRole('listitem', { name });
const monthEntries = () => section().getByRole('list', { name: /^Ocupación de / });

/** A request of the old reservation form, archived in Consultas (issue 33): the owner may still confirm or cancel it. */
const reservation = (checkIn: string, checkOut: string, name: string): Promise<string> =>
  storeOldReservation(site.server, { checkIn, checkOut, name });

const blockedNights = async () =>
  (await apiGet<Availability>(site.server, `/disponibilidad?from=${day(0)}&to=${day(200)}`)).blocked;

beforeAll(async () => {
  channels = await startFeedServer();
  channels.set('/airbnb.ics', { body: feedFixture('airbnb') });
  site = await startSite({ ICAL_ALLOW_PRIVATE_HOSTS: 'true', ICAL_SYNC_MINUTES: '0' });
  context = await site.browser.newContext(ADMIN_CONTEXT);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url });
  // One signed-in page for the whole file (the steps build on each other).
  ({ page, problems } = await openPage(context));
  page.setDefaultTimeout(20_000);
  await signIn(page, site.server);
  await goTo('Calendario');
});
afterAll(async () => {
  await context?.close();
  await site?.close();
  await channels?.close();
});

describe('web admin calendar', () => {
  it('adds an Airbnb feed, syncs it, shows its nights by source, copies its export URL, and keeps them when it fails', async () => {
    const name = page.getByLabel('Nombre del canal');
    const url = page.getByLabel('Dirección iCal del canal');
    // The server's messages, beside their fields.
    await url.fill('ftp://example.com/cal.ics');
    await page.getByRole('button', { name: 'Agregar calendario' }).click();
    await section().getByText('Escribe un nombre para la fuente (por ejemplo, Airbnb).').waitFor();
    await section().getByText('Pega una dirección de calendario que empiece por https:// o http://.').waitFor();
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');

    await name.fill('Airbnb');
    await url.fill(`${channels.url}/airbnb.ics`);
    await page.getByRole('button', { name: 'Agregar calendario' }).click();
    const airbnb = feedItem('Airbnb');
    await airbnb.waitFor();
    await page.getByRole('button', { name: 'Sincronizar ahora Airbnb' }).click();
    await page.getByRole('status').filter({ hasText: 'Airbnb: calendario sincronizado.' }).waitFor();
    await airbnb.getByText('Última sincronización:').waitFor();

    // The event 20 to 24 days ahead, in its month, marked with the feed's name (not colour alone).
    await showMonthOf(day(20), day(0));
    await monthEntries().getByText('Reserved').waitFor();
    const night = section().locator(`td[data-date="${day(21)}"]`);
    await expect(night.innerText()).resolves.toContain('Airbnb');
    await expect(
      section()
        .locator(`td[data-date="${day(24)}"]`)
        .innerText(),
    ).resolves.not.toContain('Airbnb');
    await section().getByRole('list', { name: 'Leyenda de fuentes' }).getByText('Airbnb').waitFor();

    // Copy: the address this channel imports from us, onto the clipboard.
    const [feed] = (await apiGet<Calendar>(site.server, '/calendario')).feeds;
    await airbnb.getByRole('button', { name: 'Copiar' }).click();
    await airbnb.getByRole('status').filter({ hasText: 'Dirección copiada.' }).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(feed?.exportUrl);
    await expect(airbnb.getByLabel('Dirección para pegar en Airbnb').inputValue()).resolves.toBe(feed?.exportUrl);
    await expect(
      section()
        .getByLabel(/Dirección general/)
        .inputValue(),
    ).resolves.toMatch(/\/calendario\/ical\/.+\.ics$/);

    // The channel answers 500: the error is shown and its nights stay.
    channels.set('/airbnb.ics', { status: 500, body: 'Internal Server Error', type: 'text/plain' });
    await page.getByRole('button', { name: 'Sincronizar ahora Airbnb' }).click();
    await airbnb.getByRole('alert').filter({ hasText: /\S/ }).waitFor();
    await airbnb.getByText(/^Último error: /).waitFor();
    await monthEntries().getByText('Reserved').waitFor();
    expect((await blockedNights()).some((r) => r.start <= day(21) && day(21) < r.end)).toBe(true);
    expectCleanExcept(problems, [400, 502]);
  });

  it('adds a manual block with the server’s message beside the dates, then removes it', async () => {
    const start = page.getByLabel('Primera noche bloqueada');
    const end = page.getByLabel('Fin del bloqueo');
    await start.fill(day(60));
    await end.fill(day(58));
    await page.getByRole('button', { name: 'Bloquear fechas' }).click();
    await section().getByText('El bloqueo debe terminar después de su inicio.').waitFor();
    await expect(end.getAttribute('aria-invalid')).resolves.toBe('true');

    await end.fill(day(63));
    await page.getByLabel('Nota (solo para ti)').fill('Pintura de la terraza');
    await page.getByRole('button', { name: 'Bloquear fechas' }).click();
    await page.getByRole('status').filter({ hasText: 'Bloqueo guardado' }).waitFor();
    await expect(end.getAttribute('aria-invalid')).resolves.toBeNull();
    expect(await blockedNights()).toContainEqual({ start: day(60), end: day(63) });

    await showMonthOf(day(60), day(20));
    await monthEntries().getByText('Pintura de la terraza').waitFor();
    await expect(
      section()
        .locator(`td[data-date="${day(60)}"]`)
        .innerText(),
    ).resolves.toContain('Manual');
    await monthEntries()
      .getByRole('button', { name: /^Eliminar bloqueo del / })
      .click();
    // Issue 33: it asks first.
    await monthEntries().getByRole('button', { name: 'Sí, eliminar' }).click();
    await page.getByRole('status').filter({ hasText: 'Se eliminó el bloqueo' }).waitFor();
    await expect.poll(() => monthEntries().getByText('Pintura de la terraza').count()).toBe(0);
    expect(await blockedNights()).not.toContainEqual({ start: day(60), end: day(63) });
    // Back to this month for the next test.
    await showMonthOf(day(0), day(60));
  });

  it('edits seasons and shows the server’s overlap message beside the field', async () => {
    const season = (n: number) => page.getByRole('group', { name: `Temporada ${n}` });
    await page.getByRole('button', { name: 'Agregar temporada' }).click();
    await season(1).getByLabel('Nombre').fill('Temporada alta');
    await season(1).getByLabel('Primera noche').fill(day(100));
    await season(1).getByLabel('Fin (salida)').fill(day(110));
    await season(1).getByLabel('Precio por persona por noche (COP)').fill('120.000');
    await season(1).getByLabel('Noches mínimas').fill('3');
    await page.getByRole('button', { name: 'Agregar temporada' }).click();
    await season(2).getByLabel('Nombre').fill('Puente festivo');
    await season(2).getByLabel('Primera noche').fill(day(105));
    await season(2).getByLabel('Fin (salida)').fill(day(112));
    await season(2).getByLabel('Precio por persona por noche (COP)').fill('95000');
    await season(2).getByLabel('Noches mínimas').fill('2');
    await page.getByRole('button', { name: 'Aplicar temporadas' }).click();
    const overlap = 'Se cruza con «Temporada alta»: las temporadas no pueden solaparse.';
    await season(2).getByText(overlap).waitFor();
    await expect(season(2).getByLabel('Primera noche').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(apiGet<Seasons>(site.server, '/temporadas')).resolves.toMatchObject({ seasons: [] });

    await season(2).getByLabel('Primera noche').fill(day(110));
    await page.getByRole('button', { name: 'Aplicar temporadas' }).click();
    await page.getByRole('status').filter({ hasText: 'Se guardaron 2 temporadas.' }).waitFor();
    await expect(season(2).getByText(overlap).count()).resolves.toBe(0);
    let saved = await apiGet<Seasons>(site.server, '/temporadas');
    expect(saved.seasons.map((s) => [s.name, s.start, s.end, s.pricePerPerson, s.minNights])).toEqual([
      ['Temporada alta', day(100), day(110), 120000, 3],
      ['Puente festivo', day(110), day(112), 95000, 2],
    ]);

    // Edit one, remove the other, in one save; the edited season keeps its id.
    await season(1).getByLabel('Precio por persona por noche (COP)').fill('130000');
    await page.getByRole('button', { name: 'Quitar temporada 2 (Puente festivo)' }).click();
    await page.getByLabel('Noches mínimas fuera de temporada').fill('2');
    await page.getByRole('button', { name: 'Aplicar temporadas' }).click();
    await page.getByRole('status').filter({ hasText: 'Se guardó 1 temporada.' }).waitFor();
    const before = saved.seasons[0]?.id;
    saved = await apiGet<Seasons>(site.server, '/temporadas');
    expect(saved.seasons).toEqual([expect.objectContaining({ id: before, pricePerPerson: 130000 })]);
    expect(saved.base.minNights).toBe(2);
  });

  it('confirms and cancels reservations from the inbox, with the 409 message when a night is taken', async () => {
    await reservation(day(70), day(73), 'Marta Gómez');
    await reservation(day(80), day(83), 'Jorge Ruiz');
    // A block over one of Jorge's nights, made after his enquiry arrived.
    const cookie = await site.server.loginCookie();
    const blocked = await fetch(`${site.server.apiUrl}/calendario/bloqueos`, {
      method: 'POST',
      headers: { cookie, origin: site.server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ start: day(81), end: day(82), note: 'Familia' }),
    });
    expect(blocked.status).toBe(201);
    await goTo('Consultas');
    const inbox = page.getByRole('list', { name: 'Consultas' });
    const marta = inbox.getByRole('listitem').filter({ hasText: 'Marta Gómez' });
    const jorge = inbox.getByRole('listitem').filter({ hasText: 'Jorge Ruiz' });
    await marta.getByText('Nueva', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Confirmar reserva de Marta Gómez' }).click();
    await marta.getByText('Confirmada', { exact: true }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Reserva de Marta Gómez confirmada' }).waitFor();
    expect(await blockedNights()).toContainEqual({ start: day(70), end: day(73) });
    // The calendar shows it as a direct reservation once refreshed.
    await goTo('Calendario');
    await page.getByRole('button', { name: 'Actualizar calendario' }).click();
    await page.getByRole('status').filter({ hasText: 'Calendario actualizado.' }).waitFor();
    await showMonthOf(day(70), day(0));
    await expect(
      section()
        .locator(`td[data-date="${day(70)}"]`)
        .innerText(),
    ).resolves.toContain('Directa');
    await monthEntries().getByText('Marta Gómez').waitFor();

    await goTo('Consultas');
    await page.getByRole('button', { name: 'Confirmar reserva de Jorge Ruiz' }).click();
    await jorge
      .getByRole('alert')
      .filter({ hasText: 'No se puede confirmar: alguna de las noches de esta reserva ya está ocupada.' })
      .waitFor();
    await expect(jorge.getByText('Nueva', { exact: true }).count()).resolves.toBe(1);

    await page.getByRole('button', { name: 'Cancelar reserva de Marta Gómez' }).click();
    await marta.getByText('Cancelada', { exact: true }).waitFor();
    expect(await blockedNights()).not.toContainEqual({ start: day(70), end: day(73) });
    await goTo('Calendario');
    await page.getByRole('button', { name: 'Actualizar calendario' }).click();
    await showMonthOf(day(70), day(0));
    await expect.poll(() => monthEntries().getByText('Marta Gómez').count()).toBe(0);
    const stored = await apiGet<Enquiry[]>(site.server, '/consultas');
    expect(Object.fromEntries(stored.map((e) => [e.name, e.status]))).toEqual({
      'Marta Gómez': 'cancelada',
      'Jorge Ruiz': 'nueva',
    });
    await goTo('Consultas');
    await page.getByLabel('Mostrar').selectOption('cancelada');
    await expect(inbox.getByRole('listitem').count()).resolves.toBe(1);
    await page.getByLabel('Mostrar').selectOption('todas');
    expectCleanExcept(problems, [400, 409, 502]);
  });

  it('lists a conflict between a confirmed direct reservation and a channel, and passes axe', async () => {
    const id = await reservation(day(90), day(93), 'Conflicto Pérez');
    const cookie = await site.server.loginCookie();
    const confirmed = await fetch(`${site.server.apiUrl}/consultas/${id}`, {
      method: 'PATCH',
      headers: { cookie, origin: site.server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'confirmada' }),
    });
    expect(confirmed.status).toBe(200);
    await goTo('Calendario');
    // Meanwhile Airbnb sold one of those nights.
    const date = (offset: number) => day(offset).replaceAll('-', '');
    channels.set('/airbnb.ics', {
      body: [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN',
        'BEGIN:VEVENT',
        `DTSTART;VALUE=DATE:${date(91)}`,
        `DTEND;VALUE=DATE:${date(92)}`,
        'UID:conflicto-1@airbnb.com',
        'SUMMARY:Reserved',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    });
    await page.getByRole('button', { name: 'Sincronizar ahora Airbnb' }).click();
    await page.getByRole('status').filter({ hasText: 'Airbnb: calendario sincronizado.' }).waitFor();
    const conflicts = section().getByRole('list', { name: 'Conflictos' });
    await conflicts.getByText(/Reserva directa de Conflicto Pérez/).waitFor();
    await expect(conflicts.innerText()).resolves.toContain('Airbnb');
    // The last error is gone with a successful sync.
    await expect(
      feedItem('Airbnb')
        .getByText(/^Último error: /)
        .count(),
    ).resolves.toBe(0);

    await showMonthOf(day(91), day(0));
    await expect(
      section()
        .locator(`td[data-date="${day(91)}"]`)
        .innerText(),
    ).resolves.toMatch(/Directa[\s\S]*Airbnb|Airbnb[\s\S]*Directa/);
    expect(await runAxe(page)).toEqual([]);
    expectCleanExcept(problems, [400, 409, 502]);
  });
});
