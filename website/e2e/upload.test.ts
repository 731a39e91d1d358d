import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { classesWithoutTheirStyles } from './public-pages';
import {
  DESKTOP,
  PHONE,
  expectClean,
  makeJpeg,
  newPage,
  startSite,
  withoutExpectedNetworkErrors,
  type Site,
  gotoHydrated,
} from './helpers';

let site: Site;
let phone: BrowserContext;
let desktop: BrowserContext;
let photo: Buffer;

beforeAll(async () => {
  site = await startSite();
  photo = await makeJpeg(1200, 900, 2);
  [phone, desktop] = await Promise.all([site.browser.newContext(PHONE), site.browser.newContext(DESKTOP)]);
});
afterAll(async () => {
  await site?.close();
});

async function openUpload(context: BrowserContext) {
  const { page, problems } = await newPage(context);
  await gotoHydrated(page, site.server.url + '/imagenes');
  return { page, problems };
}

const subir = (page: Page) => page.getByRole('button', { name: 'Subir' });

async function pending(): Promise<Record<string, unknown>[]> {
  const cookie = await site.server.loginCookie();
  const res = await fetch(`${site.server.apiUrl}/imagenes/pendientes`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>[];
}

describe('/imagenes (public upload)', () => {
  it("keeps 'Subir' disabled until an image and a title are chosen, and previews the photo", async () => {
    const { page, problems } = await openUpload(phone);
    expect(await page.locator('#imagen').getAttribute('accept')).toContain('image/jpeg');
    expect(await subir(page).isDisabled()).toBe(true);
    await page.getByLabel('Título').fill('Sin foto todavía');
    expect(await subir(page).isDisabled()).toBe(true);
    await page.getByLabel('Título').fill('');
    await page.locator('#imagen').setInputFiles({ name: 'mi-foto_playa.jpg', mimeType: 'image/jpeg', buffer: photo });
    // A title is suggested from the file name; clearing it disables the button again.
    expect(await page.getByLabel('Título').inputValue()).toBe('mi foto playa');
    expect(await subir(page).isEnabled()).toBe(true);
    await page.getByLabel('Título').fill('');
    expect(await subir(page).isDisabled()).toBe(true);
    await page.getByLabel('Título').fill('Mi foto');
    expect(await subir(page).isEnabled()).toBe(true);
    const preview = page.getByAltText('Vista previa de la foto elegida');
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    // The preview's styles are the upload page's own (issue 31): they come with it.
    expect(await classesWithoutTheirStyles(page)).toEqual([]);
    expectClean(problems);
    await page.close();
  });

  it('refuses a file that is not an image, with a Spanish message next to the field', async () => {
    const { page, problems } = await openUpload(phone);
    await page
      .locator('#imagen')
      .setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
    expect(await page.locator('#imagen-error').innerText()).toContain('Ese archivo no es una imagen');
    expect(await page.locator('#imagen').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Título').fill('Algo');
    expect(await subir(page).isDisabled()).toBe(true);
    expectClean(problems);
    await page.close();
  });

  it('uploads with progress, tags and uploaded_by; the photo waits for approval', async () => {
    const { page, problems } = await openUpload(desktop);
    // A slow uplink (about 150 KB/s) so the progress bar is visible, as on rural mobile data.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 150 * 1024,
    });
    const big = await makeJpeg(2400, 1800, 4);
    await page.locator('#imagen').setInputFiles({ name: 'atardecer.jpg', mimeType: 'image/jpeg', buffer: big });
    await page.getByLabel('Título').fill('Atardecer desde el kiosco');
    await page.getByLabel('Descripción').fill('Tomada en nuestra última visita.');
    await subir(page).click();
    const progress = page.locator('progress#progreso');
    await expect.poll(() => progress.count()).toBe(1);
    expect(await page.getByText(/Subiendo… \d+%/).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('alert').count(), { timeout: 30_000 }).toBe(1);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(await page.getByRole('alert').innerText()).toContain('pendiente de aprobación');
    // The form is cleared.
    expect(await page.getByLabel('Título').inputValue()).toBe('');
    expect(await subir(page).isDisabled()).toBe(true);
    // Stored as sent (tags and uploaded_by), pending, and not in the public gallery.
    const waiting = await pending();
    const mine = waiting.find((i) => i.title === 'Atardecer desde el kiosco');
    expect(mine).toMatchObject({
      status: 'pending',
      description: 'Tomada en nuestra última visita.',
      tags: BUSINESS.uploadTags.split(','),
      uploaded_by: 'Visitante del sitio web',
    });
    const published = (await (await fetch(`${site.server.apiUrl}/imagenes`)).json()) as { title: string }[];
    expect(published.some((i) => i.title === 'Atardecer desde el kiosco')).toBe(false);
    expectClean(problems);
    await page.close();
  });

  it("shows the server's Spanish message when it refuses the file", async () => {
    const { page, problems } = await openUpload(desktop);
    // Named and typed as a JPEG, but not one: only the server can tell (it checks the bytes).
    await page.locator('#imagen').setInputFiles({
      name: 'falsa.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await page.getByLabel('Título').fill('Falsa');
    await subir(page).click();
    await expect.poll(() => page.getByRole('alert').count()).toBe(1);
    const message = await page.getByRole('alert').innerText();
    expect(message.length).toBeGreaterThan(10);
    expect(message).not.toContain('pendiente de aprobación');
    expect(await page.getByLabel('Título').inputValue()).toBe('Falsa');
    expect((await pending()).some((i) => i.title === 'Falsa')).toBe(false);
    expectClean(withoutExpectedNetworkErrors(problems, [/status of 415/]));
    await page.close();
  });
});
