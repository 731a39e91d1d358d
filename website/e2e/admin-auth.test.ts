import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@cabana/shared/api/http';
import { startSite, type Site } from './helpers';
import { ADMIN_CONTEXT, expectCleanExcept, inPanel, signInWithForm, openAdminPage, openSection } from './admin-helpers';

let site: Site;

beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

describe('web admin sign-in', () => {
  it('sends /admin without a session to /login', async () => {
    const context = await site.browser.newContext(ADMIN_CONTEXT);
    const { page, problems } = await openAdminPage(context);
    await page.goto(`${site.server.url}/admin`);
    await page.waitForURL(`${site.server.url}/login`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await expect(page.getByText('Panel de administración', { exact: true }).count()).resolves.toBe(0);
    expectCleanExcept(problems, [401]);
    await context.close();
  });

  it('shows "Credenciales incorrectas" in the page for a wrong password, with no dialog', async () => {
    const context = await site.browser.newContext(ADMIN_CONTEXT);
    const { page, problems } = await openAdminPage(context);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${site.server.url}/login`);
    await page.getByLabel('Correo electrónico').fill(site.server.admin.email);
    await page.getByLabel('Contraseña').fill('no es la contraseña');
    await page.getByRole('button', { name: 'Entrar' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Credenciales incorrectas' });
    await alert.waitFor();
    expect(page.url()).toBe(`${site.server.url}/login`);
    expect(dialogs).toEqual([]);
    // The password field is emptied and focused for the next try.
    await expect(page.getByLabel('Contraseña').inputValue()).resolves.toBe('');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('type'))).resolves.toBe('password');
    // An unknown e-mail answers exactly alike.
    await page.getByLabel('Correo electrónico').fill('otra@persona.co');
    await page.getByLabel('Contraseña').fill(site.server.admin.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await alert.waitFor();
    expect(page.url()).toBe(`${site.server.url}/login`);
    const cookies = await context.cookies();
    expect(cookies.some((c) => c.name === SESSION_COOKIE)).toBe(false);
    expectCleanExcept(problems, [401]);
    await context.close();
  });

  it('signs in with the right credentials, keeps only the e-mail as a hint, and revokes on logout', async () => {
    const context = await site.browser.newContext(ADMIN_CONTEXT);
    const { page, problems } = await openAdminPage(context);
    await signInWithForm(page, site.server);

    const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    // The page cannot read the session id; localStorage holds the e-mail and nothing else.
    await expect(page.evaluate(() => document.cookie)).resolves.not.toContain(cookie?.value ?? '');
    const storage = await page.evaluate(() => JSON.stringify(window.localStorage));
    expect(storage).toContain(site.server.admin.email);
    expect(storage).not.toContain(site.server.admin.password);
    expect(storage).not.toContain(cookie?.value ?? '');

    // A signed-in admin who opens /login goes straight to the panel; the hint prefills nothing else.
    await page.goto(`${site.server.url}/login`);
    await page.waitForURL(inPanel(site.server));
    await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor();

    const oldCookie = `${SESSION_COOKIE}=${cookie?.value}`;
    const before = await fetch(`${site.server.apiUrl}/sesion`, { headers: { cookie: oldCookie } });
    expect(before.status).toBe(200);

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${site.server.url}/login`);
    await page.getByRole('status').filter({ hasText: 'Cerraste la sesión.' }).waitFor();
    await expect(page.getByLabel('Correo electrónico').inputValue()).resolves.toBe(site.server.admin.email);
    await expect(page.getByLabel('Contraseña').inputValue()).resolves.toBe('');

    // The old cookie no longer opens anything: the server really revoked the session.
    const after = await fetch(`${site.server.apiUrl}/sesion`, { headers: { cookie: oldCookie } });
    expect(after.status).toBe(401);
    const write = await fetch(`${site.server.apiUrl}/precioPersona/precio`, {
      method: 'PATCH',
      headers: { cookie: oldCookie, 'content-type': 'application/json', origin: site.server.url },
      body: JSON.stringify({ precio: 90000 }),
    });
    expect(write.status).toBe(401);

    await page.goto(`${site.server.url}/admin`);
    await page.waitForURL(`${site.server.url}/login`);
    // The /admin check after logout answers 401 by design; nothing else may be logged.
    expectCleanExcept(problems, [401]);
    await context.close();
  });

  it('goes back to /login when the session ends while the panel is open', async () => {
    const context = await site.browser.newContext(ADMIN_CONTEXT);
    const { page } = await openAdminPage(context);
    await signInWithForm(page, site.server);
    await openSection(page, 'Precio');
    // Revoke the session behind the panel's back, then act: the 401 must end in /login.
    const sid = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)?.value;
    const res = await fetch(`${site.server.apiUrl}/sesion`, {
      method: 'DELETE',
      headers: { cookie: `${SESSION_COOKIE}=${sid}`, origin: site.server.url },
    });
    expect(res.status).toBe(204);
    await page.getByLabel('Nuevo precio por persona (COP)').fill('90000');
    await page.getByRole('button', { name: 'Actualizar precio' }).click();
    await page.waitForURL(`${site.server.url}/login`);
    await page.getByRole('status').filter({ hasText: 'Tu sesión terminó.' }).waitFor();
    // Signing in again leads back to the section the admin was working in.
    await page.getByLabel('Contraseña').fill(site.server.admin.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(inPanel(site.server, 'precio'));
    await page.getByLabel('Nuevo precio por persona (COP)').waitFor();
    await context.close();
  });
});

describe('web admin sign-in limits', () => {
  let limited: Site;
  beforeAll(async () => {
    limited = await startSite({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_CLIENT: '3' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('shows the server’s wait message after too many failed tries', async () => {
    const context = await limited.browser.newContext(ADMIN_CONTEXT);
    const { page, problems } = await openAdminPage(context);
    await page.goto(`${limited.server.url}/login`);
    await page.getByLabel('Correo electrónico').fill(limited.server.admin.email);
    let message = '';
    for (let i = 0; i < 6 && !message; i += 1) {
      await page.getByLabel('Contraseña').fill(`intento ${i}`);
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/sesion') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Entrar' }).click();
      const res = await answer;
      if (res.status() === 429) message = ((await res.json()) as { error: string }).error;
      await page.getByRole('alert').filter({ hasText: /\S/ }).waitFor();
    }
    expect(message).not.toBe('');
    await page.getByRole('alert').filter({ hasText: message }).waitFor();
    expect(page.url()).toBe(`${limited.server.url}/login`);
    expectCleanExcept(problems, [401, 429]);
    await context.close();
  });
});
