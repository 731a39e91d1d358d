import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INITIAL_PASSWORD_FILE } from '../src/auth/initial-password';
import { startTestServer } from '../../test-support/server';
import { startServerProcess } from './helpers/run-tool';

/** Issue 12, items 10 (ADMIN_PASSWORD rules) and 14 (no generated password in the logs). */
describe('first start', () => {
  it.each([
    ['one character', 'x'],
    ['seven characters', 'abcdefg'],
    ['over the maximum', 'x'.repeat(1025)],
  ])('refuses an ADMIN_PASSWORD of %s, like reset-password, and creates no admin', async (_l, password) => {
    const dir = await mkdtemp(join(tmpdir(), 'cabana-first-'));
    try {
      await expect(startTestServer({ dataDir: dir, env: { ADMIN_PASSWORD: password } })).rejects.toThrow(
        /ADMIN_PASSWORD must have between 8 and 1024 characters/,
      );
      // Nothing half-made: a good password works on the next try.
      const s = await startTestServer({ dataDir: dir, env: { ADMIN_PASSWORD: 'una frase de paso válida' } });
      await s.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('puts a generated password in a 0600 file, never in the logs, and removes it after the first sign-in', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cabana-first-'));
    const server = await startServerProcess(
      { DATA_DIR: dir, ADMIN_EMAIL: 'duena@example.com', ADMIN_PASSWORD: '', SEED_SAMPLE_PHOTOS: 'false' },
      { until: /reset-password/ },
    );
    const { url } = server;
    try {
      const out = server.output();
      const file = join(dir, INITIAL_PASSWORD_FILE);
      expect(out).toContain(file);
      const text = await readFile(file, 'utf8');
      const password = /Admin password:\s+(\S+)/.exec(text)![1]!;
      expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(out).not.toContain(password);
      expect((await stat(file)).mode & 0o777).toBe(0o600);

      const login = (pw: string) =>
        fetch(`${url}/api/sesion`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'duena@example.com', password: pw }),
        });
      expect((await login('no es la clave')).status).toBe(401);
      await stat(file);
      expect((await login(password)).status).toBe(200);
      await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
      expect(server.output()).not.toContain(password);
    } finally {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
