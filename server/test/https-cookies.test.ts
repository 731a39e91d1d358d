import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test-support/server';
import { json } from './helpers/http';

/** Issue 12, item 13: behind TLS the session cookie is Secure (`__Host-`) and HSTS is sent. */
describe('an https PUBLIC_URL without TRUST_PROXY', () => {
  it('makes the session cookie a Secure __Host- cookie, sends HSTS, and accepts only that cookie', async () => {
    const s = await startTestServer({ env: { PUBLIC_URL: 'https://brisas.example' } });
    try {
      const res = await json(
        s,
        'POST',
        '/sesion',
        { email: s.admin.email, password: s.admin.password },
        { origin: 'https://brisas.example' },
      );
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-sid='))!;
      expect(cookie).toBeDefined();
      expect(cookie).toMatch(/;\s*secure/i);
      expect(cookie).toMatch(/;\s*path=\/(;|$)/i);
      expect(cookie).not.toMatch(/domain=/i);
      expect(res.headers.getSetCookie().some((c) => c.startsWith('sid='))).toBe(false);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect((await json(s, 'GET', '/health')).headers.get('strict-transport-security')).toMatch(/max-age/);

      const value = cookie.split(';')[0]!.split('=')[1]!;
      expect((await json(s, 'GET', '/sesion', undefined, { cookie: `__Host-sid=${value}` })).status).toBe(200);
      // A plain `sid` could be planted by a subdomain or a plain-HTTP page: not accepted here.
      expect((await json(s, 'GET', '/sesion', undefined, { cookie: `sid=${value}` })).status).toBe(401);

      const out = await json(s, 'DELETE', '/sesion', undefined, {
        cookie: `__Host-sid=${value}`,
        origin: 'https://brisas.example',
      });
      expect(out.status).toBe(204);
      expect(out.headers.getSetCookie().find((c) => c.startsWith('__Host-sid='))).toMatch(/;\s*secure/i);
      expect((await json(s, 'GET', '/sesion', undefined, { cookie: `__Host-sid=${value}` })).status).toBe(401);
    } finally {
      await s.close();
    }
  });

  it('keeps plain HTTP (local use) with a plain sid cookie and no HSTS', async () => {
    const s = await startTestServer({ env: { PUBLIC_URL: 'http://localhost:8080' } });
    try {
      const res = await json(s, 'POST', '/sesion', { email: s.admin.email, password: s.admin.password });
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
      expect(cookie).not.toMatch(/;\s*secure/i);
      expect(res.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await s.close();
    }
  });
});
