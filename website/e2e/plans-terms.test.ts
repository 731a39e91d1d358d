import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWompiStandIn, type WompiStandIn } from '../../test-support/wompi';
import {
  PHONE,
  daysFromToday,
  expectClean,
  gotoHydrated,
  interceptEmailJs,
  landedOnBooking,
  newPage,
  patchSettings,
  runAxe,
  setPrice,
  startSite,
  type Site,
} from './helpers';

/**
 * What /planes tells the guest before sending (issue 32): the breakdown with the cleaning fee,
 * the deposit and when, the balance and by when, the last free-cancellation day as a date, how
 * payment works and what happens next, right above the send button, on a 390-px phone.
 */

const PRICE = 100_000;
const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
const day = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .format(new Date(`${iso}T00:00:00Z`))
    .replace(/\s+/g, ' ');
const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

let site: Site;
let wompi: WompiStandIn;

/** The button at the very bottom of the phone's screen: the total must still be in view above it. */
async function expectTotalInViewWithButton(page: Page, button: string) {
  const send = page.getByRole('button', { name: button });
  await send.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  const inView = async (selector: string) =>
    page.locator(selector).evaluate((el) => {
      const r = el.getBoundingClientRect();
      // Below the sticky header, above the bottom of the screen.
      const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      return r.top >= header && r.bottom <= window.innerHeight;
    });
  expect(await inView('[data-testid="total-a-pagar"]')).toBe(true);
  // Scrolled to its end, the button may sit a fraction of a pixel past it (sub-pixel layout).
  expect(await send.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight + 1)).toBe(true);
}

beforeAll(async () => {
  wompi = await startWompiStandIn();
  site = await startSite(wompi.env);
  await setPrice(site.server, PRICE);
  await patchSettings(site.server, {
    cleaningFee: 50_000,
    depositPercent: 30,
    balanceDueDays: 5,
    cancellationPolicy: 'moderada',
  });
});
afterAll(async () => {
  await site?.close();
  await wompi?.close();
});

describe('/planes before sending (issue 32)', () => {
  it('at 390 px in Spanish: breakdown with cleaning fee, deposit within the hold, balance date, free cancellation date, payment, next step', async () => {
    const checkIn = daysFromToday(40);
    const checkOut = daysFromToday(43);
    const context = await site.browser.newContext(PHONE);
    const { page, problems } = await newPage(context);
    await gotoHydrated(page, `${site.server.url}/planes`);
    const terms = page.getByTestId('condiciones-pago');
    // Before dates: how payment works and what happens next are already there.
    expect(norm(await terms.innerText())).toContain('Elige las fechas para ver el total');
    await page.getByLabel('Número de personas').selectOption('4');
    await page.getByLabel('Fecha de llegada').fill(checkIn);
    await page.getByLabel('Fecha de salida').fill(checkOut);
    // 4 people × 3 nights × 100.000 + 50.000 cleaning = 1.250.000; 30 % = 375.000; the rest 875.000.
    await expect.poll(() => terms.innerText().then(norm)).toContain('Total a pagar $ 1.250.000');
    const text = norm(await terms.innerText());
    expect(text).toContain('Tarifa base: 3 noches a $ 100.000 por persona $ 1.200.000');
    expect(text).toContain('Tarifa de aseo $ 50.000');
    expect(text).toContain('Pagas un anticipo de $ 375.000 (30 %) cuando el propietario acepte, dentro de 24 horas.');
    expect(text).toContain(`El saldo de $ 875.000, a más tardar el ${day(addDays(checkIn, -5), 'es-CO')}.`);
    expect(text).toContain(`Cancelación gratis hasta el ${day(addDays(checkIn, -7), 'es-CO')}.`);
    // Wompi is configured on this server: card and PSE are offered.
    expect(text).toContain('Pagas por transferencia bancaria, Nequi o en línea con tarjeta o PSE.');
    expect(text).toContain('el propietario responde en un plazo de 7 días');
    await expectTotalInViewWithButton(page, 'Enviar reserva');
    expect(await runAxe(page)).toEqual([]);
    expectClean(problems);
    await context.close();
  });

  it('within a week of arrival there is no free cancellation, and it says so', async () => {
    const context = await site.browser.newContext(PHONE);
    const { page } = await newPage(context);
    await gotoHydrated(page, `${site.server.url}/planes`);
    await page.getByLabel('Fecha de llegada').fill(daysFromToday(3));
    await page.getByLabel('Fecha de salida').fill(daysFromToday(5));
    await expect
      .poll(() => page.getByTestId('cancelacion-gratis').innerText().then(norm))
      .toBe('Para estas fechas ya no hay cancelación gratuita.');
    await context.close();
  });

  it('in English with instant booking: "Book and pay the deposit", the deposit after booking, dollars', async () => {
    await patchSettings(site.server, { instantBooking: true });
    const checkIn = daysFromToday(60);
    const context = await site.browser.newContext({ ...PHONE, locale: 'en-US' });
    const { page, problems } = await newPage(context);
    await interceptEmailJs(page, 200);
    await gotoHydrated(page, `${site.server.url}/en/plans`);
    await page.getByLabel('Check-in date').fill(checkIn);
    await page.getByLabel('Check-out date').fill(daysFromToday(62));
    const terms = page.getByTestId('condiciones-pago');
    await expect.poll(() => terms.innerText().then(norm)).toContain('within 24 hours of booking');
    const text = norm(await terms.innerText());
    expect(text).toContain('Cleaning fee');
    expect(text).toContain(`Free cancellation until ${day(addDays(checkIn, -7), 'en-US')}.`);
    expect(text).toContain('your nights are held as you send');
    expect(text).not.toContain('once the owner accepts');
    await expectTotalInViewWithButton(page, 'Book and pay the deposit');
    expect(await page.getByRole('button', { name: 'Send booking' }).count()).toBe(0);
    expect(await runAxe(page)).toEqual([]);

    // Sent: the guest lands on the booking's page, held, with payment offered at once.
    await page.getByLabel('Full name').fill('John Smith');
    await page.getByLabel('Email').fill('john.smith@example.com');
    await page.getByLabel('Phone or mobile').fill('+1 212 555 0100');
    await page.getByLabel(/I agree to the processing of my personal data/).check();
    await page.getByRole('button', { name: 'Book and pay the deposit' }).click();
    const { code } = await landedOnBooking(page);
    const main = norm(await page.locator('main').innerText());
    expect(main).toContain(`Your booking ${code}`);
    expect(await page.getByRole('heading', { name: 'How to pay' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Pay the deposit online' }).count()).toBe(1);
    expectClean(problems);
    await context.close();
    await patchSettings(site.server, { instantBooking: false });
  });
});
