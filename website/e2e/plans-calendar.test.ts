import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import {
  DESKTOP,
  PHONE,
  daysFromToday,
  expectClean,
  interceptEmailJs,
  newPage,
  runAxe,
  setPrice,
  startSite,
  storedBookings,
  withoutExpectedNetworkErrors,
  type Site,
  gotoHydrated,
  landedOnBooking,
} from './helpers';
import { E2E_EMAILJS } from './e2e-dist';

/**
 * The availability calendar on /planes (issue 10): rendered by the server with the blocked
 * nights, its picker loaded on first use without losing that first click or key, the picking
 * rules, and the stay priced by season in the summary, the WhatsApp link and the e-mails.
 */
const PRICE = 95_000;
const HIGH = 150_000;
const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
const money = (cop: number) => norm(formatMoney(cop, 'COP'));

// Nights t+8 and t+9 are taken; "Temporada alta" runs from t+12 for four weeks with a two-night minimum.
const BLOCK = { start: daysFromToday(8), end: daysFromToday(10) };
const SEASON = {
  name: 'Temporada alta',
  start: daysFromToday(12),
  end: daysFromToday(40),
  pricePerPerson: HIGH,
  minNights: 2,
};

let site: Site;
let desktop: BrowserContext;
let phone: BrowserContext;
let admin: string;

async function api(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${site.server.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

beforeAll(async () => {
  site = await startSite();
  await setPrice(site.server, PRICE);
  admin = await site.server.loginToken();
  expect((await api('POST', '/calendario/bloqueos', { ...BLOCK, note: 'Familia' })).status).toBe(201);
  expect((await api('PUT', '/temporadas', { seasons: [SEASON] })).status).toBe(200);
  [desktop, phone] = await Promise.all([site.browser.newContext(DESKTOP), site.browser.newContext(PHONE)]);
});
afterAll(async () => {
  await site?.close();
});

const day = (page: Page, iso: string) => page.locator(`#calendario-fechas [data-day="${iso}"] button`);
const pickerRequests = (page: Page) => {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (/availability-picker-[^/]*\.js$/.test(r.url())) urls.push(r.url());
  });
  return urls;
};

/** Holds the picker's code until `release()`, so a test can act before it has arrived. */
async function holdPicker(page: Page): Promise<{ release: () => void; requested: Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let requested!: () => void;
  const asked = new Promise<void>((r) => (requested = r));
  await page.route(/availability-picker-[^/]*\.js$/, async (route: Route) => {
    requested();
    await released;
    await route.continue();
  });
  return { release, requested: asked };
}

async function openPlans(context: BrowserContext) {
  const { page, problems } = await newPage(context);
  const picker = pickerRequests(page);
  await gotoHydrated(page, site.server.url + '/planes');
  return { page, problems, picker };
}

describe('/planes calendar: server-rendered availability', () => {
  it('the HTML shows the coming months with blocked nights disabled, before any script', async () => {
    const html = await (await fetch(site.server.url + '/planes')).text();
    expect(html).toContain('role="grid"');
    // Spanish month names and weekday labels.
    const month = new Intl.DateTimeFormat('es-CO', { month: 'long', timeZone: 'UTC' }).format(
      new Date(`${daysFromToday(0)}T00:00:00Z`),
    );
    expect(html.toLowerCase()).toContain(month);
    expect(html).toContain('aria-label="lunes"');
    const cell = (iso: string) =>
      new RegExp(`<td class="([^"]*)"[^>]*data-day="${iso}"[^>]*>(<button[^>]*>)`).exec(html);
    for (const night of [daysFromToday(8), daysFromToday(9)]) {
      const [, classes, button] = cell(night)!;
      expect(classes).toContain('rdp-ocupado');
      expect(button).toContain('disabled=""');
      expect(button).toContain(', ocupado');
    }
    // Free nights, including the morning after the block (same-day turnover).
    for (const free of [daysFromToday(7), daysFromToday(10)]) {
      const [, classes, button] = cell(free)!;
      expect(classes).not.toContain('rdp-disabled');
      expect(button).not.toContain('disabled');
    }
    // The data the page hydrates from travels with it: the window and the seasons.
    const island = JSON.parse(
      /<script type="application\/json" id="datos-pagina">([^<]*)<\/script>/.exec(html)![1]!,
    ) as {
      availability: { from: string; blocked: unknown[] };
      seasons: { seasons: { name: string }[] };
    };
    expect(island.availability.from).toBe(daysFromToday(0));
    expect(island.availability.blocked).toEqual([BLOCK]);
    expect(island.seasons.seasons.map((s) => s.name)).toEqual([SEASON.name]);
  });

  it('a block added by the owner shows in the very next page, and is gone once removed', async () => {
    const night = daysFromToday(20);
    const blocked = () =>
      fetch(site.server.url + '/planes')
        .then((r) => r.text())
        .then((html) => new RegExp(`<td class="[^"]*rdp-ocupado[^"]*"[^>]*data-day="${night}"`).test(html));
    expect(await blocked()).toBe(false);
    const res = await api('POST', '/calendario/bloqueos', { start: night, end: daysFromToday(21) });
    expect(res.status).toBe(201);
    expect(await blocked()).toBe(true);
    const { id } = (await res.json()) as { id: string };
    expect((await api('DELETE', `/calendario/bloqueos/${id}`)).status).toBe(204);
    expect(await blocked()).toBe(false);
  });
});

describe('/planes calendar: picking a stay', () => {
  it('loads no picker code on a first visit, then picks a range by keyboard alone, keeping keys pressed while it loads', async () => {
    const { page, problems, picker } = await openPlans(desktop);
    expect(picker).toEqual([]);
    const held = await holdPicker(page);
    // Tab from the currency choice into the calendar: the next-month button, then today.
    await page.getByRole('radio', { name: 'Dólares (USD)' }).focus();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.closest('[data-day]') !== null)) break;
    }
    expect(await page.evaluate(() => document.activeElement?.closest('[data-day]')?.getAttribute('data-day'))).toBe(
      daysFromToday(0),
    );
    await held.requested;
    // Three days on and Enter, before the picker's code has arrived.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    expect(await page.getByLabel('Fecha de llegada').inputValue()).toBe('');
    held.release();
    await expect.poll(() => page.getByLabel('Fecha de llegada').inputValue()).toBe(daysFromToday(3));
    expect(await page.evaluate(() => document.activeElement?.closest('[data-day]')?.getAttribute('data-day'))).toBe(
      daysFromToday(3),
    );
    // The footer says what comes next; the departure can reach the first blocked night.
    await expect.poll(() => page.locator('.rdp-footer').innerText()).toContain('Elige el día de salida');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByLabel('Fecha de salida').inputValue()).toBe(daysFromToday(5));
    expect(await page.getByTestId('noches').innerText()).toBe('2');
    expect(norm(await page.getByTestId('total-estadia').innerText())).toBe(money(2 * PRICE * 2));
    expect(picker).toHaveLength(1);
    expectClean(problems);
    await page.close();
  });

  it('keeps blocked nights out: no arrival on them, no stay across them, departure on the first one allowed', async () => {
    const { page, problems } = await openPlans(phone);
    const held = await holdPicker(page);
    // Before the code is there: a tap on a free day is kept and applied once it loads, even when
    // the code lands between the finger's press and its release (the press's button must not
    // be replaced under the finger: the browser would then make no click at all).
    await day(page, daysFromToday(6)).scrollIntoViewIfNeeded();
    const box = (await day(page, daysFromToday(6)).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await held.requested;
    const arrived = page.waitForResponse(/availability-picker-[^/]*\.js$/);
    held.release();
    await arrived;
    // Time for the module to run and React to render, were it to do so under the finger.
    await page.evaluate(() => new Promise((r) => setTimeout(() => requestAnimationFrame(() => setTimeout(r, 50)), 50)));
    expect(await page.getByLabel('Fecha de llegada').inputValue()).toBe('');
    await page.mouse.up();
    await expect.poll(() => page.getByLabel('Fecha de llegada').inputValue()).toBe(daysFromToday(6));

    // Choosing the departure: up to the first blocked night, not past it.
    expect(await day(page, daysFromToday(8)).isDisabled()).toBe(false);
    for (const after of [9, 10, 11, 15]) expect(await day(page, daysFromToday(after)).isDisabled()).toBe(true);
    await day(page, daysFromToday(11)).click({ force: true });
    expect(await page.getByLabel('Fecha de salida').inputValue()).toBe('');
    await day(page, daysFromToday(8)).click();
    await expect.poll(() => page.getByLabel('Fecha de salida').inputValue()).toBe(daysFromToday(8));
    expect(await page.getByTestId('noches').innerText()).toBe('2');

    // A new arrival: blocked nights cannot start a stay; the morning after them can.
    await day(page, daysFromToday(3)).click();
    await expect.poll(() => page.getByLabel('Fecha de salida').inputValue()).toBe('');
    await day(page, daysFromToday(4)).click();
    await expect.poll(() => page.getByLabel('Fecha de salida').inputValue()).toBe(daysFromToday(4));
    expect(await day(page, daysFromToday(8)).isDisabled()).toBe(true);
    expect(await day(page, daysFromToday(9)).isDisabled()).toBe(true);
    expect(await day(page, daysFromToday(10)).isDisabled()).toBe(false);
    // Yesterday is past: disabled, when this month shows it at all.
    const yesterday = day(page, daysFromToday(-1));
    if ((await yesterday.count()) > 0) expect(await yesterday.isDisabled()).toBe(true);
    expectClean(problems);
    await page.close();
  });

  it('departures that break the season minimum and past days are disabled with their reason (issue 32)', async () => {
    const { page, problems } = await openPlans(phone);
    // Every past day this month shows is disabled and says it has passed.
    const past = await page
      .locator('#calendario-fechas [data-day] button')
      .evaluateAll(
        (els, today) =>
          els
            .filter((e) => (e.closest('[data-day]')?.getAttribute('data-day') ?? '') < today)
            .map((e) => [(e as HTMLButtonElement).disabled, e.getAttribute('aria-label') ?? '']),
        daysFromToday(0),
      );
    expect(past.length).toBe(Number(daysFromToday(0).slice(8)) - 1);
    for (const [disabled, label] of past) {
      expect(disabled).toBe(true);
      expect(label).toMatch(/, ya pasó$/);
    }
    // Arriving on the season's first day: one night would break its two-night minimum.
    await day(page, daysFromToday(12)).click();
    await expect.poll(() => page.getByLabel('Fecha de llegada').inputValue()).toBe(daysFromToday(12));
    const tooEarly = day(page, daysFromToday(13));
    expect(await tooEarly.isDisabled()).toBe(true);
    expect(await tooEarly.getAttribute('aria-label')).toMatch(
      /no disponible como salida: la estadía mínima es de 2 noches$/,
    );
    expect(norm(await page.locator('#calendario-fechas').innerText())).toContain(
      'Desde esta llegada la estadía mínima es de 2 noches: las salidas anteriores están desactivadas.',
    );
    await tooEarly.click({ force: true });
    expect(await page.getByLabel('Fecha de salida').inputValue()).toBe('');
    expect(await day(page, daysFromToday(14)).isDisabled()).toBe(false);
    await day(page, daysFromToday(14)).click();
    await expect.poll(() => page.getByLabel('Fecha de salida').inputValue()).toBe(daysFromToday(14));
    expectClean(problems);
    await page.close();
  });

  it('a link for a group the cabin does not take says so and offers WhatsApp, in both languages (issue 32)', async () => {
    for (const [path, text, people] of [
      ['/planes?people=25', 'La cabaña recibe grupos de 2 a 20 personas, y el enlace pedía 25.', 'Número de personas'],
      [
        '/en/plans?people=25',
        'The cabin takes groups of 2 to 20 people, and the link asked for 25.',
        'Number of people',
      ],
    ] as const) {
      const { page, problems } = await newPage(phone);
      await gotoHydrated(page, site.server.url + path);
      const notice = page.getByTestId('grupo-fuera');
      await expect.poll(() => notice.innerText().then(norm)).toContain(text);
      expect(await notice.getAttribute('role')).toBe('status');
      const href = (await notice.getByRole('link').getAttribute('href')) ?? '';
      expect(decodeURIComponent(href)).toMatch(/^https:\/\/wa\.me\/\d+\?text=.*25/);
      // The form keeps an allowed size, and the notice says that too.
      const chosen = Number(await page.getByLabel(people).inputValue());
      expect(chosen).toBeGreaterThanOrEqual(2);
      expect(chosen).toBeLessThanOrEqual(20);
      expect(await runAxe(page)).toEqual([]);
      expectClean(problems);
      await page.close();
    }
    // A size within the limits shows no notice.
    const { page } = await newPage(phone);
    await gotoHydrated(page, site.server.url + '/planes?people=12');
    await expect.poll(() => page.getByLabel('Número de personas').inputValue()).toBe('12');
    expect(await page.getByTestId('grupo-fuera').count()).toBe(0);
    await page.close();
  });
});

describe('/planes calendar: visitors in other time zones', () => {
  for (const timezoneId of ['Pacific/Auckland', 'America/Los_Angeles']) {
    it(`picks the days shown, with the cabin's today, for a browser in ${timezoneId}`, async () => {
      const context = await site.browser.newContext({ ...DESKTOP, timezoneId });
      const { page, problems } = await openPlans(context);
      await day(page, daysFromToday(6)).click();
      await expect.poll(() => page.getByLabel('Fecha de llegada').inputValue()).toBe(daysFromToday(6));
      await day(page, daysFromToday(8)).click();
      await expect.poll(() => page.getByLabel('Fecha de salida').inputValue()).toBe(daysFromToday(8));
      // Once the picker runs in this browser: today is the cabin's, the blocked nights stay put.
      expect(await page.locator('#calendario-fechas .rdp-today').getAttribute('data-day')).toBe(daysFromToday(0));
      expect(
        await page
          .locator('#calendario-fechas .rdp-ocupado:not(.rdp-outside)')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-day'))),
      ).toEqual([daysFromToday(8), daysFromToday(9)]);
      expect(await page.getByTestId('noches').innerText()).toBe('2');
      expectClean(problems);
      await context.close();
    });
  }
});

describe('/planes calendar: seasons in the summary, WhatsApp and e-mails', () => {
  it('prices each season touched, shows the minimum stay before sending, and sends the quoted total', async () => {
    const { page, problems } = await openPlans(desktop);
    const emails = await interceptEmailJs(page, 200);
    await page.getByLabel('Número de personas').selectOption('4');
    // Two base nights (t+10, t+11) and two in the high season (t+12, t+13).
    await day(page, daysFromToday(10)).click();
    await expect.poll(() => page.getByLabel('Fecha de llegada').inputValue()).toBe(daysFromToday(10));
    await day(page, daysFromToday(14)).click();
    await expect.poll(() => page.getByLabel('Fecha de salida').inputValue()).toBe(daysFromToday(14));
    const total = 4 * 2 * PRICE + 4 * 2 * HIGH;
    const parts = (await page.getByTestId('tarifa').allInnerTexts()).map(norm);
    expect(parts).toEqual([
      `Tarifa base: 2 noches a ${money(PRICE)} por persona ${money(4 * 2 * PRICE)}`,
      `Temporada alta: 2 noches a ${money(HIGH)} por persona ${money(4 * 2 * HIGH)}`,
    ]);
    expect(norm(await page.getByTestId('total-estadia').innerText())).toBe(money(total));
    expect(await page.getByTestId('minimo-noches').innerText()).toBe('2 noches');
    // Nights at two prices: no single "per night" figure.
    expect(await page.getByTestId('total-noche').count()).toBe(0);
    expect(await page.getByTestId('problemas-estadia').count()).toBe(0);

    const wa = await page.getByRole('link', { name: 'Consultar por WhatsApp' }).getAttribute('href');
    const text = norm(new URL(wa ?? '').searchParams.get('text'));
    expect(text).toContain(`Total de la estadía: ${money(total)}`);
    expect(text).toContain(`Temporada alta: 2 noches a ${money(HIGH)} por persona`);

    // One night in the high season is too short: the calendar does not offer it (issue 32), and
    // typed into the form it is said before anything is sent.
    await day(page, daysFromToday(13)).click();
    await expect.poll(() => day(page, daysFromToday(14)).isDisabled()).toBe(true);
    await page.getByLabel('Fecha de salida').fill(daysFromToday(14));
    await expect
      .poll(() => page.getByTestId('problemas-estadia').innerText())
      .toContain('La estadía mínima para estas fechas es de 2 noches.');
    // Back to the four nights, and send.
    await day(page, daysFromToday(10)).click();
    await day(page, daysFromToday(14)).click();
    await expect.poll(() => page.getByTestId('problemas-estadia').count()).toBe(0);
    await page.getByLabel('Nombre completo').fill('Marta Salcedo');
    await page.getByLabel('Correo electrónico').fill('marta@example.com');
    await page.getByLabel('Teléfono o celular').fill('3001234567');
    await page.getByLabel(/Acepto el tratamiento de mis datos personales/).check();
    await page.getByRole('button', { name: 'Enviar reserva' }).click();
    await landedOnBooking(page);
    const owner = emails.find((e) => e.template_id === E2E_EMAILJS.VITE_EMAILJS_TEMPLATE_RESERVA);
    expect(owner?.template_params).toMatchObject({
      numPeople: 4,
      nights: 4,
      total: formatMoney(total, 'COP'),
      totalPerNight: 'según la temporada',
      prices: `Tarifa base: 2 noches a ${formatMoney(PRICE, 'COP')} por persona\nTemporada alta: 2 noches a ${formatMoney(HIGH, 'COP')} por persona`,
    });
    const stored = await storedBookings(site.server);
    expect(stored.find((e) => e.email === 'marta@example.com')).toMatchObject({
      checkIn: daysFromToday(10),
      checkOut: daysFromToday(14),
      numPeople: 4,
    });
    expectClean(problems);
    await page.close();
  });

  it('nights taken after the page loaded: the server refuses (409), the message shows beside the dates, no e-mail', async () => {
    const { page, problems } = await openPlans(desktop);
    const emails = await interceptEmailJs(page, 200);
    await day(page, daysFromToday(22)).click();
    await expect.poll(() => page.getByLabel('Fecha de llegada').inputValue()).toBe(daysFromToday(22));
    await day(page, daysFromToday(25)).click();
    await expect.poll(() => page.getByLabel('Fecha de salida').inputValue()).toBe(daysFromToday(25));
    const res = await api('POST', '/calendario/bloqueos', { start: daysFromToday(23), end: daysFromToday(24) });
    expect(res.status).toBe(201);
    await page.getByLabel('Nombre completo').fill('Tomás Rey');
    await page.getByLabel('Correo electrónico').fill('tomas@example.com');
    await page.getByLabel('Teléfono o celular').fill('3007654321');
    await page.getByLabel(/Acepto el tratamiento de mis datos personales/).check();
    await page.getByRole('button', { name: 'Enviar reserva' }).click();
    await expect.poll(() => page.locator('#checkIn-error').count()).toBe(1);
    expect(await page.locator('#checkIn-error').innerText()).toContain('ya están ocupadas');
    expect(emails).toHaveLength(0);
    expect((await storedBookings(site.server)).some((e) => e.email === 'tomas@example.com')).toBe(false);
    const { id } = (await res.json()) as { id: string };
    expect((await api('DELETE', `/calendario/bloqueos/${id}`)).status).toBe(204);
    expectClean(withoutExpectedNetworkErrors(problems, [/status of 409/]));
    await page.close();
  });
});

describe('/planes calendar: accessibility', () => {
  for (const [name, context] of [
    ['phone', () => phone],
    ['desktop', () => desktop],
  ] as const) {
    it(`passes axe on the ${name} before and after the picker loads, with no console errors or CSP violations`, async () => {
      const { page, problems } = await openPlans(context());
      expect(await runAxe(page)).toEqual([]);
      await day(page, daysFromToday(2)).hover();
      await day(page, daysFromToday(2)).click();
      await expect.poll(() => page.getByLabel('Fecha de llegada').inputValue()).toBe(daysFromToday(2));
      expect(await runAxe(page)).toEqual([]);
      expectClean(problems);
      await page.close();
    });
  }
});
