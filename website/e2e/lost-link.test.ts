import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestedBookingSchema } from '@cabana/shared/domain/schemas/booking';
import { bookingRequestBody } from '../../test-support/bookings';
import { readJson } from '../../test-support/json';
import {
  PHONE,
  expectClean,
  gotoHydrated,
  newPage,
  runAxe,
  setPrice,
  startSite,
  withoutExpectedNetworkErrors,
  type Site,
} from './helpers';

/** The guest's not-found page offers to e-mail the lost link; a lower-case code opens the booking (issue 32). */
const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

let site: Site;
let code = '';
let token = '';

beforeAll(async () => {
  site = await startSite();
  await setPrice(site.server, 100_000);
  const res = await fetch(`${site.server.apiUrl}/reservas`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(await bookingRequestBody(site.server, 30, 2)),
  });
  expect(res.status).toBe(201);
  ({ code, token } = await readJson(res, RequestedBookingSchema));
});
afterAll(async () => {
  await site?.close();
});

describe('the lost private link in the browser', () => {
  for (const [path, labels] of [
    [
      '/reserva',
      {
        code: 'Código de la reserva',
        email: 'Correo electrónico',
        send: 'Enviarme el enlace',
        done: 'Si el código y el correo corresponden a una reserva, te enviamos el enlace',
      },
    ],
    [
      '/en/booking',
      {
        code: 'Booking code',
        email: 'Email',
        send: 'Send me the link',
        done: 'If the code and the e-mail match a booking, we are sending the link',
      },
    ],
  ] as const) {
    it(`${path}: a wrong link offers the form at 390 px; it asks the server and says the one answer`, async () => {
      const context = await site.browser.newContext(PHONE);
      const { page, problems } = await newPage(context);
      const res = await page.goto(`${site.server.url}${path}/${code}?t=${'A'.repeat(43)}`);
      expect(res?.status()).toBe(404);
      await gotoHydrated(page, `${site.server.url}${path}/${code}?t=${'A'.repeat(43)}`);
      await page.getByLabel(labels.code).fill(code.toLowerCase());
      await page.getByLabel(labels.email).fill('maria@example.com');
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/reserva/enlace'));
      await page.getByRole('button', { name: labels.send }).click();
      expect((await answered).status()).toBe(200);
      await expect.poll(() => page.getByTestId('enlace-respuesta').innerText().then(norm)).toContain(labels.done);
      expect(await runAxe(page)).toEqual([]);
      // The page itself answers 404 (a wrong link): the browser logs that, and nothing else.
      expectClean(withoutExpectedNetworkErrors(problems, [/status of 404/]));
      await context.close();
    });
  }

  it('a lower-case code in the address opens the booking', async () => {
    const { page, problems } = await newPage(await site.browser.newContext(PHONE));
    const res = await page.goto(`${site.server.url}/reserva/${code.toLowerCase()}?t=${token}`);
    expect(res?.status()).toBe(200);
    expect(norm(await page.locator('h1').innerText())).toBe(`Tu reserva ${code}`);
    expectClean(problems);
  });
});
