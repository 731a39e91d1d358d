import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server';
import { json } from './helpers/http';
import { readError } from '../../test-support/json';

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
