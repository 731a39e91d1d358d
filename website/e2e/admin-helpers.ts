import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestServer } from '../../test-support/server';
import { DESKTOP, newPage } from './helpers';
import type { PageProblems } from '../../test-support/browser';

/** Strings only the admin panel contains (admin-bundle.test.ts, and the sweep in public-pages.test.ts). */
export const PANEL_MARKERS = ['No hay imágenes subidas.', 'Marcar como respondida', 'adm-panel'];

/**
 * A page for admin tests. Waits are longer than the site's default: these flows chain several
 * server round trips and image encodes, and CI shares two cores with every other browser test.
 */
export async function openAdminPage(context: BrowserContext): Promise<{ page: Page; problems: PageProblems }> {
  const opened = await newPage(context);
  opened.page.setDefaultTimeout(20_000);
  return opened;
}

/**
 * Signs in through /login as a person would, and waits for the panel. Only the tests of the form
 * itself use it (admin-auth.test.ts); the others sign in by cookie (`signIn`).
 */
export async function signInWithForm(page: Page, server: TestServer): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Correo electrónico').fill(server.admin.email);
  await page.getByLabel('Contraseña').fill(server.admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await waitForPanel(page, server);
}

/**
 * Signs in by cookie: a session made through the API (as the form does), its cookie set in the
 * page's context, then the panel opened. Half the page loads of the form, and no typing.
 */
export async function signIn(page: Page, server: TestServer): Promise<void> {
  const [name, ...value] = (await server.loginCookie()).split('=');
  await page.context().addCookies([{ name: name!, value: value.join('='), url: server.url, httpOnly: true }]);
  await page.goto(`${server.url}/admin`);
  await waitForPanel(page, server);
}

async function waitForPanel(page: Page, server: TestServer): Promise<void> {
  await page.waitForURL(inPanel(server));
  await page.getByText(`Sesión iniciada como ${server.admin.email}`).waitFor();
}

/** Any address of the panel: /admin leads to its default section. */
export const inPanel =
  (server: TestServer, section?: string) =>
  (url: URL): boolean =>
    url.origin === server.url && (section ? url.pathname === `/admin/${section}` : /^\/admin(\/|$)/.test(url.pathname));

/**
 * Runs one of a photo card's actions from its "Más acciones" menu, by keyboard: the menu button
 * opens the menu on its first item, the item is focused and chosen with Enter.
 */
export async function photoAction(page: Page, title: string, action: string): Promise<void> {
  const name = `Más acciones para «${title}»`;
  await page.getByRole('button', { name }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menu', { name }).getByRole('menuitem', { name: action, exact: true }).focus();
  await page.keyboard.press('Enter');
}

/** Moves to a panel section with its link, as a person would, and waits for it to be shown. */
export async function openSection(page: Page, label: string): Promise<void> {
  const link = page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: label });
  await link.click();
  await expect.poll(() => link.getAttribute('aria-current')).toBe('page');
}

/** A fresh desktop-sized context, signed in to the panel. */
export async function adminPage(
  context: BrowserContext,
  server: TestServer,
): Promise<{ page: Page; problems: PageProblems }> {
  const opened = await openAdminPage(context);
  await signIn(opened.page, server);
  return opened;
}

export const ADMIN_CONTEXT = DESKTOP;

const photoDirs: string[] = [];

/** Removes the files makePhoto wrote. */
export async function removePhotos(): Promise<void> {
  await Promise.all(photoDirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
}

/**
 * A real JPEG written to a temp folder for the file picker. `detailed` adds photo-like noise,
 * which makes the file large (to watch upload progress); plain ones encode fast on a busy machine.
 */
export async function makePhoto(name: string, width = 1200, height = 800, detailed = false): Promise<string> {
  const base = detailed
    ? sharp(
        await sharp({
          create: {
            width,
            height,
            channels: 3,
            background: '#808080',
            noise: { type: 'gaussian', mean: 128, sigma: 30 },
          },
        })
          .png()
          .toBuffer(),
      )
    : sharp({ create: { width, height, channels: 3, background: '#2a7fa8' } }).composite([
        {
          input: await sharp({
            create: {
              width: Math.round(width / 2),
              height: Math.round(height / 3),
              channels: 3,
              background: '#e8c27a',
            },
          })
            .png()
            .toBuffer(),
          left: Math.round(width / 4),
          top: Math.round((height * 2) / 3),
        },
      ]);
  const jpeg = await base.jpeg({ quality: 90 }).toBuffer();
  const dir = await mkdtemp(join(tmpdir(), 'cabana-admin-photos-'));
  photoDirs.push(dir);
  const file = join(dir, name);
  await writeFile(file, jpeg);
  return file;
}

/** Authenticated JSON GET against the API, as a check on what the panel claims. */
export async function apiGet<T>(server: TestServer, path: string): Promise<T> {
  const cookie = await server.loginCookie();
  const res = await fetch(`${server.apiUrl}${path}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/**
 * Like expectClean, but allows the browser's own "Failed to load resource" line for the given
 * statuses: Chromium logs every 4xx answer to fetch, and some are the very answers a test asks
 * for (401 for a signed-out check, 400 for an invalid price, 429 for too many tries).
 */
export function expectCleanExcept(problems: PageProblems, statuses: number[]): void {
  const allowed = new RegExp(
    `^Failed to load resource: the server responded with a status of (${statuses.join('|')})\\b`,
  );
  expect(problems.cspViolations, 'violaciones de CSP').toEqual([]);
  expect(
    problems.consoleErrors.filter((e) => !allowed.test(e)),
    'errores de consola',
  ).toEqual([]);
  expect(problems.pageErrors, 'errores no capturados').toEqual([]);
}
