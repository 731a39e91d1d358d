import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { addDays } from '@cabana/shared/domain/pricing/dates';
import { bookingRequestBody } from '../../test-support/bookings';
import { PAGE_PATHS } from '../src/config/paths';
import {
  DESKTOP,
  PHONE,
  daysFromToday,
  expectClean,
  gotoHydrated,
  newPage,
  runAxe,
  startSite,
  waitForHydration,
  type Site,
} from './helpers';

/**
 * The language switcher in Chromium (issue 23): on every page it leads to the same page in the
 * other language, both ways, keeping the chosen stay on the plans pages and the private link on
 * the guest's booking page; and `/` is never redirected by the browser's language.
 */

let site: Site;
let context: BrowserContext;

beforeAll(async () => {
  site = await startSite();
  context = await site.browser.newContext({ ...DESKTOP, locale: 'en-US' });
});
afterAll(async () => {
  await site?.close();
});

const SWITCH = { es: 'English', en: 'Español' } as const;

/** Follows the header's switcher and waits for the other language's page to be hydrated. */
async function switchLanguage(page: Page, from: 'es' | 'en') {
  const link = page.locator('header').getByRole('link', { name: SWITCH[from], exact: true });
  expect(await link.getAttribute('hreflang')).toBe(from === 'es' ? 'en' : 'es');
  await Promise.all([page.waitForEvent('load'), link.click()]);
  await waitForHydration(page);
}

describe('the language switcher', () => {
  // Every page's switcher, both ways: the sweep (public-pages.test.ts); here it is followed.
  it('the plans pages keep the chosen dates and people, both ways', async () => {
    const { page, problems } = await newPage(context);
    await gotoHydrated(page, site.server.url + PAGE_PATHS.es.plans);
    const checkIn = daysFromToday(12);
    const checkOut = addDays(checkIn, 3);
    await page.getByLabel('Fecha de llegada').fill(checkIn);
    await expect.poll(() => new URL(page.url()).searchParams.get('checkin')).toBe(checkIn);
    await page.getByLabel('Fecha de salida').fill(checkOut);
    await expect.poll(() => new URL(page.url()).searchParams.get('checkout')).toBe(checkOut);
    await page.getByLabel('Número de personas').selectOption('6');
    await expect.poll(() => new URL(page.url()).searchParams.get('people')).toBe('6');

    await switchLanguage(page, 'es');
    const en = new URL(page.url());
    expect(en.pathname).toBe(PAGE_PATHS.en.plans);
    expect(Object.fromEntries(en.searchParams)).toEqual({ checkin: checkIn, checkout: checkOut, people: '6' });
    await expect.poll(() => page.getByLabel('Check-in date').inputValue()).toBe(checkIn);
    expect(await page.getByLabel('Check-out date').inputValue()).toBe(checkOut);
    expect(await page.getByLabel('Number of people').inputValue()).toBe('6');

    // Changed on the English page, back to Spanish.
    await page.getByLabel('Number of people').selectOption('8');
    await expect.poll(() => new URL(page.url()).searchParams.get('people')).toBe('8');
    await switchLanguage(page, 'en');
    const es = new URL(page.url());
    expect(es.pathname).toBe(PAGE_PATHS.es.plans);
    expect(Object.fromEntries(es.searchParams)).toEqual({ checkin: checkIn, checkout: checkOut, people: '8' });
    await expect.poll(() => page.getByLabel('Fecha de llegada').inputValue()).toBe(checkIn);
    expect(await page.getByLabel('Número de personas').inputValue()).toBe('8');
    expectClean(problems);
    await page.close();
  });

  it("the guest's booking page keeps its code and link, both ways", async () => {
    const res = await fetch(`${site.server.apiUrl}/reservas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(await bookingRequestBody(site.server, 50, 2)),
    });
    expect(res.status).toBe(201);
    const { code, token } = (await res.json()) as { code: string; token: string };
    const { page, problems } = await newPage(context);
    await gotoHydrated(page, `${site.server.url}/reserva/${code}?t=${token}`);
    expect(await page.locator('h1').innerText()).toContain(code);
    await switchLanguage(page, 'es');
    expect(page.url()).toBe(`${site.server.url}/en/booking/${code}?t=${token}`);
    expect(await page.locator('h1').innerText()).toBe(`Your booking ${code}`);
    await switchLanguage(page, 'en');
    expect(page.url()).toBe(`${site.server.url}/reserva/${code}?t=${token}`);
    expect(await page.locator('h1').innerText()).toContain(code);
    expectClean(problems);
    await page.close();
  });

  it('/ with Accept-Language: en is not redirected: the Spanish page, with the switcher to English', async () => {
    const res = await fetch(site.server.url + '/', {
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      redirect: 'manual',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('<html lang="es">');
    // And in an English browser.
    const { page, problems } = await newPage(context);
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname);
    });
    await gotoHydrated(page, site.server.url + '/');
    expect(documents).toEqual(['/']);
    expect(page.url()).toBe(`${site.server.url}/`);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await page.locator('h1').innerText()).toBe(BUSINESS.name);
    expectClean(problems);
    await page.close();
  });
});

/** The layout shifts the page had (Chromium's layout-shift entries, as CLS counts them). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((done) => {
        new PerformanceObserver((list) => {
          const shifts = list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[];
          done(shifts.filter((e) => !e.hadRecentInput).reduce((n, e) => n + e.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => done(0), 500);
      }),
  );

describe('the suggestion of the English page', () => {
  const hint = (page: Page) => page.locator('aside.english-hint');

  it('an English browser on a Spanish page: after hydration, a link to the same page in English; nothing moves; closed for good', async () => {
    const phone = await site.browser.newContext({ ...PHONE, locale: 'en-GB' });
    const { page, problems } = await newPage(phone);
    // Never in the server's HTML: crawlers and the first paint see the page alone.
    const html = await (await fetch(site.server.url + PAGE_PATHS.es.plans)).text();
    expect(html).not.toMatch(/<aside[^>]*english-hint/);
    await gotoHydrated(page, site.server.url + PAGE_PATHS.es.plans);
    await expect.poll(() => hint(page).count()).toBe(1);
    expect(await hint(page).getAttribute('lang')).toBe('en');
    expect(await hint(page).evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    expect(await layoutShift(page)).toBe(0);
    expect(await runAxe(page)).toEqual([]);
    // It keeps the chosen stay, like the switcher.
    await page.getByLabel('Número de personas').selectOption('5');
    await expect.poll(() => new URL(page.url()).searchParams.get('people')).toBe('5');
    await Promise.all([
      page.waitForEvent('load'),
      hint(page).getByRole('link', { name: 'This page is also in English' }).click(),
    ]);
    expect(new URL(page.url()).pathname).toBe(PAGE_PATHS.en.plans);
    expect(new URL(page.url()).searchParams.get('people')).toBe('5');
    // Never on an English page.
    await waitForHydration(page);
    expect(await hint(page).count()).toBe(0);

    // Closed: gone, and not shown again on any page of this browser.
    await gotoHydrated(page, site.server.url + PAGE_PATHS.es.gallery);
    await expect.poll(() => hint(page).count()).toBe(1);
    await hint(page).getByRole('button', { name: 'Dismiss' }).click();
    expect(await hint(page).count()).toBe(0);
    for (const path of [PAGE_PATHS.es.gallery, PAGE_PATHS.es.home]) {
      await gotoHydrated(page, site.server.url + path);
      expect(await hint(page).count(), path).toBe(0);
    }
    expectClean(problems);
    await phone.close();
  });

  it('a Spanish browser never gets it', async () => {
    const spanish = await site.browser.newContext(DESKTOP);
    const { page, problems } = await newPage(spanish);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await gotoHydrated(page, site.server.url + PAGE_PATHS.es.plans);
    expect(await hint(page).count()).toBe(0);
    expect(scripts.filter((u) => u.includes('english-hint'))).toEqual([]);
    expectClean(problems);
    await spanish.close();
  });
});
