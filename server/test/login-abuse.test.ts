import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server';
import { json } from './helpers/http';
import { readError } from '../../test-support/json';
import { KNOWN_DEVICE_MAX_AGE_MS, KnownDevices } from '../src/auth/known-devices';

/** Issue 12, items 1–3: login limits that hold under bursts, bounded hashing, no lockout of the owner. */
const login = (s: TestServer, password: string, headers: Record<string, string> = {}, email = s.admin.email) =>
  json(s, 'POST', '/sesion', { email, password }, { origin: s.url, ...headers });
const from = (address: string) => ({ 'x-forwarded-for': address });

function tally(statuses: number[]) {
  const out: Record<number, number> = {};
  for (const st of statuses) out[st] = (out[st] ?? 0) + 1;
  return out;
}

describe('a burst of parallel guesses (item 1)', () => {
  it('gets no more password checks than the limit: the attempt is counted before the hash', async () => {
    const s = await startTestServer({
      env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '5', LOGIN_MAX_FAILURES_PER_CLIENT: '200', LOGIN_CHECKS_WAITING: '50' },
    });
    try {
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(s, `mal ${i}`)));
      const counts = tally(answers.map((r) => r.status));
      expect(counts[200]).toBeUndefined();
      expect(counts[401] ?? 0).toBeLessThanOrEqual(5);
      expect(counts[429]).toBe(30 - (counts[401] ?? 0));
      const limited = answers.find((r) => r.status === 429)!;
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await readError(limited)).error).toMatch(/intentos/);
      // And the right password from this client now waits for the window too.
      expect((await login(s, s.admin.password)).status).toBe(429);
    } finally {
      await s.close();
    }
  });
});

describe('a flood of logins from many addresses (item 2)', () => {
  it('runs at most LOGIN_CHECKS_AT_ONCE hashes, refuses the surplus with a Spanish 503, and files are served meanwhile', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'cabana-login-dist-'));
    await writeFile(join(dist, 'index.html'), `<!doctype html><html lang="es"><h1>Inicio</h1></html>`);
    await writeFile(join(dist, 'foto.jpg'), 'x'.repeat(200_000));
    const s = await startTestServer({ env: { TRUST_PROXY: 'true' }, websiteDist: dist });
    try {
      const checks = s.running.deps.limiters.login.checks;
      let peak = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, checks.running);
          await new Promise((r) => setImmediate(r));
        }
      })();
      const burst = Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          login(s, `mal ${i}`, from(`198.51.100.${i + 1}`), `persona${i}@example.com`),
        ),
      );
      // A page read while the burst is on: it must not queue behind 60 scrypt runs.
      const t0 = performance.now();
      const page = await fetch(`${s.url}/foto.jpg`);
      expect(page.status).toBe(200);
      expect((await page.text()).length).toBe(200_000);
      const pageMs = performance.now() - t0;
      const answers = await burst;
      sampling = false;
      await sampler;

      const counts = tally(answers.map((r) => r.status));
      expect(peak).toBeGreaterThan(0);
      expect(peak).toBeLessThanOrEqual(2);
      expect(counts[503]).toBeGreaterThan(0);
      expect((counts[401] ?? 0) + (counts[503] ?? 0)).toBe(60);
      const busy = answers.find((r) => r.status === 503)!;
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = await readError(busy);
      expect(body.code).toBe('UNAVAILABLE');
      expect(body.error).toMatch(/inicios de sesión/);
      // A refused check is not counted as a failure: the same address may try again at once.
      const again = answers.findIndex((r) => r.status === 503);
      expect(
        (await login(s, 'mal otra vez', from(`198.51.100.${again + 1}`), `persona${again}@example.com`)).status,
      ).toBe(401);
      console.log(`login flood: ${JSON.stringify(counts)}, peak hashes ${peak}, page read ${pageMs.toFixed(0)} ms`);
    } finally {
      await s.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});

describe('a stranger cannot lock the owner out (item 3)', () => {
  it('locks out the guessing client only; the owner signs in from another address', async () => {
    const s = await startTestServer({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', TRUST_PROXY: 'true' } });
    try {
      for (let i = 0; i < 3; i++) expect((await login(s, `mal ${i}`, from('203.0.113.5'))).status).toBe(401);
      expect((await login(s, 'mal 4', from('203.0.113.5'))).status).toBe(429);
      expect((await login(s, s.admin.password, from('203.0.113.5'))).status).toBe(429);
      expect((await login(s, s.admin.password, from('203.0.113.9'))).status).toBe(200);
      // One IPv6 subscriber is one client: a new address in the same /64 is still locked out.
      for (let i = 0; i < 3; i++) expect((await login(s, `mal ${i}`, from(`2001:db8:1:2::${i + 1}`))).status).toBe(401);
      expect((await login(s, s.admin.password, from('2001:db8:1:2::99'))).status).toBe(429);
      expect((await login(s, s.admin.password, from('2001:db8:1:3::1'))).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('only slows attempts on an account that many addresses are guessing, and the owner still gets in', async () => {
    const s = await startTestServer({
      env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_SLOWDOWN_AFTER: '3', TRUST_PROXY: 'true' },
    });
    try {
      for (let i = 0; i < 6; i++) expect((await login(s, `mal ${i}`, from(`192.0.2.${i + 1}`))).status).toBe(401);
      // Six failures against a threshold of three: the next attempt waits 0.25 × 2^3 = 2 s first.
      const t0 = performance.now();
      const owner = await login(s, s.admin.password, from('192.0.2.200'));
      const waited = performance.now() - t0;
      expect(owner.status).toBe(200);
      expect(waited).toBeGreaterThanOrEqual(1900);
    } finally {
      await s.close();
    }
  });
});

describe('strangers cannot slow the owner down (issue 19 item 8)', () => {
  /** The known-device proof a sign-in answered: the browser's cookie, or the desktop app's `device`. */
  const deviceCookie = (res: Response) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith('device='))
      ?.split(';')[0];

  it('a browser or app that signed in before waits for no stranger; everyone else still does', async () => {
    const s = await startTestServer({
      env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_SLOWDOWN_AFTER: '3', TRUST_PROXY: 'true' },
    });
    const guard = s.running.deps.limiters.login;
    try {
      // The owner's browser and desktop app, on an ordinary day.
      const browser = await login(s, s.admin.password, from('198.51.100.7'));
      expect(browser.status).toBe(200);
      const cookie = deviceCookie(browser)!;
      const setCookie = browser.headers.getSetCookie().find((c) => c.startsWith('device='))!;
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Strict/i);
      expect(cookie).toMatch(/^device=\d{10}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/);
      const app = await json(s, 'POST', '/sesion', { email: s.admin.email, password: s.admin.password, token: true });
      const appDevice = ((await app.json()) as { device?: string }).device!;
      expect(appDevice).toMatch(/^\d{10}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/);

      // Strangers from many addresses guess the owner's e-mail.
      for (let i = 0; i < 4; i++) expect((await login(s, `mal ${i}`, from(`192.0.2.${i + 1}`))).status).toBe(401);
      const slowedBefore = guard.slowed.attempts;

      // The owner, from a new address (a phone on another network), is not made to wait.
      let t0 = performance.now();
      const again = await login(s, s.admin.password, { ...from('203.0.113.77'), cookie });
      const ownerMs = performance.now() - t0;
      expect(again.status).toBe(200);
      const desktop = await json(
        s,
        'POST',
        '/sesion',
        { email: s.admin.email, password: s.admin.password, token: true, device: appDevice },
        from('203.0.113.78'),
      );
      expect(desktop.status).toBe(200);
      expect(guard.slowed.attempts).toBe(slowedBefore);

      // A stranger still waits (four failures against a threshold of three: 0.5 s)...
      t0 = performance.now();
      expect((await login(s, 'mal 5', from('192.0.2.50'))).status).toBe(401);
      const strangerMs = performance.now() - t0;
      expect(guard.slowed.attempts).toBe(slowedBefore + 1);
      // ...and so does the owner on a device that never signed in, or with a proof made up.
      const forged = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      for (const headers of [{}, { cookie: forged }] as Record<string, string>[]) {
        expect((await login(s, s.admin.password, { ...from('203.0.113.90'), ...headers })).status).toBe(200);
      }
      expect(guard.slowed.attempts).toBe(slowedBefore + 3);
      console.log(
        `account under attack: owner with a known device ${ownerMs.toFixed(0)} ms, stranger ${strangerMs.toFixed(0)} ms`,
      );
    } finally {
      await s.close();
    }
  }, 60_000);

  it('a proof used for guessing stops helping once it fails as often as the slowdown allows', async () => {
    const s = await startTestServer({
      env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '50', LOGIN_SLOWDOWN_AFTER: '2', TRUST_PROXY: 'true' },
    });
    const guard = s.running.deps.limiters.login;
    try {
      const cookie = deviceCookie(await login(s, s.admin.password, from('198.51.100.7')))!;
      // Someone who copied the cookie guesses from many addresses: two free tries, then slowed.
      for (let i = 0; i < 2; i++) {
        expect((await login(s, `mal ${i}`, { ...from(`192.0.2.${i + 1}`), cookie })).status).toBe(401);
      }
      expect(guard.slowed.attempts).toBe(0);
      expect((await login(s, 'mal 3', { ...from('192.0.2.3'), cookie })).status).toBe(401);
      expect(guard.slowed.attempts).toBe(1);
    } finally {
      await s.close();
    }
  }, 60_000);

  it('a proof is bound to its e-mail and to the data folder, and ages out after 180 days', async () => {
    const s = await startTestServer();
    const t = await startTestServer();
    try {
      let now = Date.now();
      const devices = new KnownDevices(s.running.deps.store, { now: () => now });
      const proof = devices.issue('duena@example.com');
      expect(devices.verify(proof, 'duena@example.com')).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(devices.verify(proof, 'otra@example.com')).toBeUndefined();
      expect(devices.verify(`${proof}x`, 'duena@example.com')).toBeUndefined();
      // Every other last character is refused, including those that decode to the same bytes
      // (its two low bits are unused): a changed proof never passes, whatever it decodes to.
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const accepted = [...alphabet].filter((c) => devices.verify(proof.slice(0, -1) + c, 'duena@example.com'));
      expect(accepted).toEqual([proof.at(-1)]);
      expect(devices.verify(undefined, 'duena@example.com')).toBeUndefined();
      // Another installation signs with its own secret.
      expect(new KnownDevices(t.running.deps.store).verify(proof, 'duena@example.com')).toBeUndefined();
      now += KNOWN_DEVICE_MAX_AGE_MS + 1000;
      expect(devices.verify(proof, 'duena@example.com')).toBeUndefined();
    } finally {
      await s.close();
      await t.close();
    }
  });
});
