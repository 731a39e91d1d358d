import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/env';
import { startTestServer, type TestServer } from '../../test-support/server';
import { bearer, json, sameSite } from './helpers/http';
import { readError, readJson } from '../../test-support/json';
import { SessionInfoSchema } from '@cabana/shared/domain/schemas/session';
import { readStoredData, storedText } from '../../test-support/data-folder';
import { runCli } from './helpers/run-tool';
import { builtEntry } from '../../test-support/built-server';

async function login(s: TestServer, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return json(s, 'POST', '/sesion', body, { origin: s.url, ...headers });
}
/** The session cookie: `sid`, or `__Host-sid` over HTTPS. */
const sidOf = (res: Response) =>
  res.headers.getSetCookie().find((c) => c.startsWith('sid=') || c.startsWith('__Host-sid='));

describe('sign-in and sessions', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('sets an HttpOnly, SameSite=Strict, Path=/ cookie with 256 random bits, not Secure over plain HTTP', async () => {
    const res = await login(s, { email: s.admin.email, password: s.admin.password });
    expect(res.status).toBe(200);
    const raw = await res.json();
    expect(raw).not.toHaveProperty('token');
    const body = SessionInfoSchema.parse(raw);
    expect(body.email).toBe(s.admin.email);
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now());
    const cookie = sidOf(res)!;
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/;\s*path=\/(;|$)/i);
    expect(cookie).toMatch(/;\s*httponly/i);
    expect(cookie).toMatch(/;\s*samesite=strict/i);
    expect(cookie).not.toMatch(/;\s*secure/i);
  });

  it('accepts the e-mail in any case and answers GET /sesion for cookie and bearer sessions', async () => {
    const res = await login(s, { email: s.admin.email.toUpperCase(), password: s.admin.password });
    expect(res.status).toBe(200);
    const cookie = sidOf(res)!.split(';')[0]!;
    const me = await json(s, 'GET', '/sesion', undefined, { cookie });
    expect(me.status).toBe(200);
    expect((await readJson(me, SessionInfoSchema)).email).toBe(s.admin.email);
    const token = await s.loginToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me2 = await json(s, 'GET', '/sesion', undefined, bearer(token));
    expect(me2.status).toBe(200);
    expect(await json(s, 'GET', '/sesion').then((r) => r.status)).toBe(401);
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const a = await login(s, { email: s.admin.email, password: 'no es la clave' });
    const b = await login(s, { email: 'nadie@example.com', password: 'no es la clave' });
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    const ba = await readError(a);
    expect(ba).toEqual(await b.json());
    expect(ba.error).toBe('Credenciales incorrectas');
    expect(sidOf(a)).toBeUndefined();
  });

  it('validates the login body (400, Spanish)', async () => {
    const res = await login(s, { email: '', password: '' });
    expect(res.status).toBe(400);
    const err = await readError(res);
    expect(err.fields?.email).toMatch(/correo/);
    expect(err.fields?.password).toMatch(/contraseña/);
    expect((await login(s, { email: 'a@b.co', password: 'x', extra: 1 })).status).toBe(400);
    expect((await login(s, { email: 'a@b.co', password: 'x'.repeat(1025) })).status).toBe(400);
  });

  it('gives a new session id at every login and revokes the one the browser sent', async () => {
    const first = sidOf(await login(s, { email: s.admin.email, password: s.admin.password }))!.split(';')[0]!;
    const second = sidOf(
      await login(s, { email: s.admin.email, password: s.admin.password }, { cookie: first }),
    )!.split(';')[0]!;
    expect(second).not.toBe(first);
    expect((await json(s, 'GET', '/sesion', undefined, { cookie: first })).status).toBe(401);
    expect((await json(s, 'GET', '/sesion', undefined, { cookie: second })).status).toBe(200);
  });

  it('revokes the session on DELETE /sesion (cookie and bearer)', async () => {
    const cookie = await s.loginCookie();
    const out = await json(s, 'DELETE', '/sesion', undefined, sameSite(s, cookie));
    expect(out.status).toBe(204);
    expect(sidOf(out)).toMatch(/^sid=;/);
    expect((await json(s, 'GET', '/sesion', undefined, { cookie })).status).toBe(401);
    const token = await s.loginToken();
    expect((await json(s, 'DELETE', '/sesion', undefined, bearer(token))).status).toBe(204);
    expect((await json(s, 'GET', '/sesion', undefined, bearer(token))).status).toBe(401);
    // Logging out twice is harmless.
    expect((await json(s, 'DELETE', '/sesion')).status).toBe(204);
  });

  it('refuses a cookie logout from a foreign origin (CSRF)', async () => {
    const cookie = await s.loginCookie();
    const res = await json(s, 'DELETE', '/sesion', undefined, { cookie, origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await json(s, 'GET', '/sesion', undefined, { cookie })).status).toBe(200);
  });

  it('does not accept a bearer token as a cookie, nor a cookie id as a bearer token', async () => {
    const token = await s.loginToken();
    expect((await json(s, 'GET', '/sesion', undefined, { cookie: `sid=${token}` })).status).toBe(401);
    const cookie = await s.loginCookie();
    expect((await json(s, 'GET', '/sesion', undefined, bearer(cookie.slice(4)))).status).toBe(401);
  });

  it('stores only a scrypt hash of the password, and sessions by hash', async () => {
    const token = await s.loginToken();
    const text = await storedText(s.dataDir);
    expect(text).not.toContain(s.admin.password);
    expect(text).not.toContain(token);
    expect((await readStoredData(s.dataDir)).admin?.passwordHash).toMatch(/^scrypt\$/);
  });
});

describe('long passphrases', () => {
  it('work in full: a prefix does not match', async () => {
    const password = 'la cabaña del golfo '.repeat(50); // 1000 characters
    const s = await startTestServer({ env: { ADMIN_PASSWORD: password } });
    try {
      expect((await login(s, { email: s.admin.email, password })).status).toBe(200);
      expect((await login(s, { email: s.admin.email, password: password.slice(0, 72) })).status).toBe(401);
      expect((await login(s, { email: s.admin.email, password: password.slice(0, -1) })).status).toBe(401);
    } finally {
      await s.close();
    }
  });
});

describe('login rate limits', () => {
  it('limits failures per account with 429, Retry-After and a Spanish message, even for the right password', async () => {
    const s = await startTestServer({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_WINDOW_SECONDS: '600' } });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await login(s, { email: s.admin.email, password: `mal ${i}` })).status).toBe(401);
      }
      const blocked = await login(s, { email: s.admin.email, password: s.admin.password });
      expect(blocked.status).toBe(429);
      const retry = Number(blocked.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(600);
      const err = await readError(blocked);
      expect(err).toMatchObject({ code: 'RATE_LIMITED' });
      expect(err.error).toMatch(/intentos/);
    } finally {
      await s.close();
    }
  });

  it('resets the count after a successful login', async () => {
    const s = await startTestServer({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' } });
    try {
      for (let i = 0; i < 2; i++) await login(s, { email: s.admin.email, password: 'mal' });
      expect((await login(s, { email: s.admin.email, password: s.admin.password })).status).toBe(200);
      for (let i = 0; i < 2; i++) {
        expect((await login(s, { email: s.admin.email, password: 'mal' })).status).toBe(401);
      }
      expect((await login(s, { email: s.admin.email, password: s.admin.password })).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('limits failures per client across e-mails; X-Forwarded-For is ignored without TRUST_PROXY', async () => {
    const s = await startTestServer({ env: { LOGIN_MAX_FAILURES_PER_CLIENT: '3' } });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await login(
          s,
          { email: `otro${i}@example.com`, password: 'x' },
          { 'x-forwarded-for': `10.0.0.${i}` },
        );
        expect(res.status).toBe(401);
      }
      const res = await login(s, { email: 'otro9@example.com', password: 'x' }, { 'x-forwarded-for': '10.9.9.9' });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await s.close();
    }
  });

  it('behind a trusted proxy uses the address the proxy appended, not one the client wrote', async () => {
    const s = await startTestServer({ env: { LOGIN_MAX_FAILURES_PER_CLIENT: '2', TRUST_PROXY: 'true' } });
    try {
      const from = (spoofed: string, real: string) => ({ 'x-forwarded-for': `${spoofed}, ${real}` });
      expect((await login(s, { email: 'a@example.com', password: 'x' }, from('1.1.1.1', '203.0.113.5'))).status).toBe(
        401,
      );
      expect((await login(s, { email: 'b@example.com', password: 'x' }, from('1.1.1.2', '203.0.113.5'))).status).toBe(
        401,
      );
      // Same real client, new spoofed address: still limited.
      expect((await login(s, { email: 'c@example.com', password: 'x' }, from('1.1.1.3', '203.0.113.5'))).status).toBe(
        429,
      );
      // Another real client has its own bucket.
      expect((await login(s, { email: 'd@example.com', password: 'x' }, from('1.1.1.3', '203.0.113.6'))).status).toBe(
        401,
      );
    } finally {
      await s.close();
    }
  });

  it('marks the cookie Secure and sends HSTS when a trusted proxy says the request was HTTPS', async () => {
    const s = await startTestServer({ env: { TRUST_PROXY: '1' } });
    try {
      const res = await login(
        s,
        { email: s.admin.email, password: s.admin.password },
        {
          'x-forwarded-proto': 'https',
          origin: s.url.replace('http:', 'https:'),
        },
      );
      expect(res.status).toBe(200);
      expect(sidOf(res)).toMatch(/^__Host-sid=.*;\s*secure/i);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      const plain = await json(s, 'GET', '/health');
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await s.close();
    }
  });
});

describe('session expiry', () => {
  it('ends a session after the idle timeout', async () => {
    const s = await startTestServer({ env: { SESSION_IDLE_SECONDS: '600' } });
    try {
      const cookie = await s.loginCookie();
      expect((await json(s, 'GET', '/sesion', undefined, { cookie })).status).toBe(200);
      s.clock.advance(601_000);
      expect((await json(s, 'GET', '/sesion', undefined, { cookie })).status).toBe(401);
    } finally {
      await s.close();
    }
  });

  it('ends a session after the absolute timeout even while in use', async () => {
    const s = await startTestServer({ env: { SESSION_IDLE_SECONDS: '60', SESSION_MAX_SECONDS: '120' } });
    try {
      const token = await s.loginToken();
      for (let i = 0; i < 3; i++) {
        expect((await json(s, 'GET', '/sesion', undefined, bearer(token))).status).toBe(200);
        s.clock.advance(30_000);
      }
      s.clock.advance(40_000);
      expect((await json(s, 'GET', '/sesion', undefined, bearer(token))).status).toBe(401);
    } finally {
      await s.close();
    }
  });
});

describe('npm run reset-password', () => {
  const tool = [process.execPath, builtEntry('reset-password')];
  /** Runs the tool with `input` piped to its standard input. */
  const cli = async (dataDir: string, args: string[], input = '') => {
    const r = await runCli('reset-password', args, { env: { DATA_DIR: dataDir, ADMIN_PASSWORD: '' }, input });
    return { code: r.code ?? -1, out: r.out };
  };

  it('refuses while a server holds the data folder, then resets from standard input and revokes every session', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cabana-reset-'));
    try {
      const a = await startTestServer({ dataDir: dir });
      const token = await a.loginToken();
      const refused = await cli(dir, [], 'nueva frase de paso segura\n');
      expect(refused.code).not.toBe(0);
      expect(refused.out).toMatch(/in use/);
      await a.close();

      const ok = await cli(dir, [], 'nueva frase de paso segura\n');
      expect(ok.code).toBe(0);
      expect(ok.out).toMatch(/1 open session/);
      expect(ok.out).not.toContain('nueva frase');

      const b = await startTestServer({ dataDir: dir });
      expect((await json(b, 'GET', '/sesion', undefined, bearer(token))).status).toBe(401);
      expect((await login(b, { email: b.admin.email, password: b.admin.password })).status).toBe(401);
      expect((await login(b, { email: b.admin.email, password: 'nueva frase de paso segura' })).status).toBe(200);
      await b.close();

      const generated = await cli(dir, []);
      expect(generated.code).toBe(0);
      const shown = /shown only this once\): (\S+)/.exec(generated.out)?.[1];
      expect(shown).toMatch(/^[A-Za-z0-9]{20}$/);
      const c = await startTestServer({ dataDir: dir });
      expect((await login(c, { email: c.admin.email, password: shown })).status).toBe(200);
      await c.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('never takes the password as an argument, where ps and the shell history would show it (issue 19 item 13)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cabana-reset-'));
    try {
      await (await startTestServer({ dataDir: dir })).close();
      const refused = await cli(dir, ['--password', 'visible en ps aux']);
      expect(refused.code).toBe(2);
      expect(refused.out).toMatch(/--password is no longer accepted/);
      expect(refused.out).toMatch(/reset-password < /);
      const short = await cli(dir, [], 'corta\n');
      expect(short.code).toBe(2);
      expect(short.out).toMatch(/between 8 and 1024 characters; nothing was changed/);
      const s = await startTestServer({ dataDir: dir });
      expect((await login(s, { email: s.admin.email, password: s.admin.password })).status).toBe(200);
      expect((await login(s, { email: s.admin.email, password: 'visible en ps aux' })).status).toBe(401);
      await s.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('asks on a terminal, twice, without echoing what is typed (issue 19 item 13)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cabana-reset-'));
    // A real pseudo-terminal: util-linux's `script` runs the tool on one and relays our keys.
    const onTerminal = (keys: string[]) =>
      new Promise<{ code: number; out: string }>((resolve, reject) => {
        const command = tool.map((a) => `'${a}'`).join(' ');
        const proc = spawn('script', ['-qfec', command, '/dev/null'], {
          cwd: REPO_ROOT,
          env: { ...process.env, DATA_DIR: dir, ADMIN_PASSWORD: '' },
        });
        let out = '';
        let asked = 0;
        proc.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          // One line of keys per question, sent once the question is on the screen.
          const questions = out.match(/password \(press Enter to generate one\): |same password again: /g) ?? [];
          while (asked < questions.length && asked < keys.length) proc.stdin.write(keys[asked++]!);
        });
        proc.on('error', reject);
        proc.on('close', (code) => resolve({ code: code ?? -1, out }));
      });
    try {
      await (await startTestServer({ dataDir: dir })).close();
      const differ = await onTerminal(['una frase escrita\r', 'otra frase escrita\r']);
      expect(differ.code).not.toBe(0);
      expect(differ.out).toMatch(/differ: nothing was changed/);

      // Typing mistakes are corrected with backspace; arrow keys are not part of a password.
      const typed = await onTerminal(['frase del teclado X\u007f1\u001b[D\r', 'frase del teclado 1\r']);
      expect(typed.code).toBe(0);
      expect(typed.out).toMatch(/Admin password reset for/);
      expect(typed.out).not.toContain('frase del teclado');
      expect(typed.out).not.toMatch(/shown only this once/);
      const s = await startTestServer({ dataDir: dir });
      expect((await login(s, { email: s.admin.email, password: 'frase del teclado 1' })).status).toBe(200);
      await s.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
