import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@cabana/shared/domain/pricing/dates';
import { acceptedBooking, recordDeposit, serverToday } from '../../test-support/bookings';
import { PAGE_KEYS, PAGE_PATHS } from '../src/config/paths';
import { expectEnglish, spanishIn, textsOf } from './english';
import { DESKTOP, gotoHydrated, interceptEmailJs, newPage, startSite, type Site } from './helpers';

/**
 * No Spanish word an English visitor can meet (issue 23): every English page as the server sends
 * it (scripts off) and after hydration, with each form's errors shown, the client's and the
 * server's. Owner-edited texts without an English version are Spanish on purpose and marked
 * `lang="es"` (so is the switcher's "Español"): those are left out, as are the proper names below.
 */

let site: Site;
let scriptsOff: BrowserContext;
let browser: BrowserContext;
let guestLink = '';

const ENGLISH = { ...DESKTOP, locale: 'en-US' };

beforeAll(async () => {
  site = await startSite();
  [scriptsOff, browser] = await Promise.all([
    site.browser.newContext({ ...ENGLISH, javaScriptEnabled: false }),
    site.browser.newContext(ENGLISH),
  ]);
  // A booking requested from the English site: its private page is English. Accepted with the
  // owner's (Spanish) note and confirmed, so the page shows the message and the itinerary (issue 32).
  const booking = await acceptedBooking(
    site.server,
    40,
    2,
    { lang: 'en', name: 'Jane Doe' },
    { note: 'Les dejamos leña para la fogata.' },
  );
  await recordDeposit(site.server, booking);
  guestLink = booking.path;
});
afterAll(async () => {
  await site?.close();
});

const settingsName = async () => (await (await fetch(`${site.server.apiUrl}/ajustes`)).json()) as { name: string };

const englishPaths = () => [
  ...PAGE_KEYS.map((k) => PAGE_PATHS.en[k]),
  '/en/no-such-page',
  guestLink,
  '/en/booking/ABCDEFGH?t=wrong',
];

describe('no Spanish on English pages', () => {
  it('the check finds Spanish where there is some (the Spanish pages), and not in proper names', async () => {
    expect(spanishIn('Elige la fecha de llegada.')).toBe(true);
    expect(spanishIn('Choose your check-in day: Su Mo Tu We')).toBe(false);
    expect(spanishIn('A boat from Santiago de Tolú to Múcura')).toBe(false);
    const page = await scriptsOff.newPage();
    await page.goto(site.server.url + PAGE_PATHS.es.plans);
    expect((await textsOf(page)).filter(spanishIn).length).toBeGreaterThan(20);
    await page.close();
  });

  it('as the server sends them (scripts off)', async () => {
    for (const path of englishPaths()) {
      const page = await scriptsOff.newPage();
      const res = await page.goto(site.server.url + path);
      expect(await page.locator('html').getAttribute('lang'), path).toBe('en');
      expect(res?.status(), path).toBe(path.startsWith('/en/no-such') || path.includes('wrong') ? 404 : 200);
      await expectEnglish(page, path);
      await page.close();
    }
  });

  // The public pages after hydration: the sweep (public-pages.test.ts).
  it("after hydration: the guest's private page, and a wrong link to one", async () => {
    for (const path of [guestLink, '/en/booking/ABCDEFGH?t=wrong']) {
      const { page } = await newPage(browser);
      await gotoHydrated(page, site.server.url + path);
      await expectEnglish(page, path);
      if (path === guestLink) {
        // Issue 32: the owner's note as a message (Spanish, marked so), the confirmed stay's itinerary.
        const message = page.getByRole('region', { name: `Message from ${(await settingsName()).name}` });
        expect(await message.locator('p[lang="es"]').innerText()).toBe('Les dejamos leña para la fogata.');
        const itinerary = page.getByRole('region', { name: 'Your itinerary' });
        expect(await itinerary.getByRole('heading', { name: 'Check-in: from 15:00' }).count()).toBe(1);
        const calendar = itinerary.getByRole('link', { name: 'Add to calendar' });
        const ics = await fetch(site.server.url + (await calendar.getAttribute('href'))!);
        expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
        expect(await ics.text()).toContain('SUMMARY:Stay at ');
      }
      await page.close();
    }
  });

  it("/en/plans: the form's own errors, then the server's when the nights were taken meanwhile", async () => {
    const { page } = await newPage(browser);
    const emails = await interceptEmailJs(page, 200);
    await gotoHydrated(page, site.server.url + PAGE_PATHS.en.plans);
    const form = page.locator('form.form');
    await page.getByRole('button', { name: 'Send booking' }).click();
    await expect.poll(() => form.locator('.field--error').count()).toBeGreaterThan(2);
    await expectEnglish(page, 'empty form');

    // Wrong values, and dates the rules refuse (check-out before check-in).
    await page.getByLabel('Full name').fill('J');
    await page.getByLabel('Email').fill('jane@');
    await page.getByLabel('Phone or mobile').fill('call me');
    const checkIn = addDays(serverToday(site.server), 20);
    await page.getByLabel('Check-in date').fill(checkIn);
    await page.getByLabel('Check-out date').fill(addDays(checkIn, -1));
    await expect.poll(() => form.locator('#checkOut-error, [id$="checkOut-error"]').count()).toBeGreaterThan(0);
    await expectEnglish(page, 'wrong values');

    // Right values, but the owner blocks the nights before the guest sends: the server's 409.
    await page.getByLabel('Full name').fill('Jane Doe');
    await page.getByLabel('Email').fill('jane@example.com');
    await page.getByLabel('Phone or mobile').fill('+1 555 123 4567');
    await page.getByLabel('Check-out date').fill(addDays(checkIn, 2));
    await page.getByLabel('Number of people').selectOption('4');
    await page.getByLabel(/I agree to the processing/).check();
    const cookie = await site.server.loginCookie();
    const block = await fetch(`${site.server.apiUrl}/calendario/bloqueos`, {
      method: 'POST',
      headers: { cookie, origin: site.server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ start: checkIn, end: addDays(checkIn, 2) }),
    });
    expect(block.status).toBe(201);
    await page.getByRole('button', { name: 'Send booking' }).click();
    const alert = page.getByRole('alert').first();
    await expect.poll(() => alert.innerText()).toContain('already booked');
    expect(emails).toHaveLength(0);
    await expectEnglish(page, '409');
    await page.close();
  });

  it('/en/contact: the form errors', async () => {
    const { page } = await newPage(browser);
    await gotoHydrated(page, site.server.url + PAGE_PATHS.en.contact);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.locator('.field--error').count()).toBeGreaterThan(2);
    await expectEnglish(page, 'empty form');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('textbox', { name: 'Message' }).fill('x');
    await expectEnglish(page, 'wrong values');
    await page.close();
  });

  it("/en/photos: the file check and the server's refusal", async () => {
    const { page, problems } = await newPage(browser);
    await gotoHydrated(page, site.server.url + PAGE_PATHS.en.upload);
    const input = page.locator('#imagen');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => page.locator('#imagen-error').innerText()).toContain('not an image');
    await expectEnglish(page, 'not an image');
    // Named like a photo, so the page lets it go: the server refuses what it is.
    await input.setInputFiles({ name: 'beach.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a jpeg') });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => page.getByRole('alert').first().innerText()).not.toBe('');
    await expectEnglish(page, 'refused by the server');
    expect(problems.pageErrors).toEqual([]);
    await page.close();
  });

  it('the private booking page: a wrong receipt and a cancellation the server refuses', async () => {
    const { page } = await newPage(browser);
    await gotoHydrated(page, site.server.url + guestLink);
    // Cancelled meanwhile (from another tab): this page's cancel gets the server's 409.
    const [code, t] = [
      /booking\/(\w+)/.exec(guestLink)![1]!,
      new URL(guestLink, site.server.url).searchParams.get('t')!,
    ];
    const cancelled = await fetch(`${site.server.apiUrl}/reserva/${code}/cancelar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ t }),
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('button', { name: 'Yes, cancel the booking' }).click();
    await expect.poll(() => page.getByRole('alert').first().innerText()).not.toBe('');
    await expectEnglish(page, '409');
    await page.close();
  });
});
