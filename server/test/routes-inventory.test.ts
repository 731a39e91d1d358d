import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiRouter, PUBLIC_WRITE_ROUTES } from '../src/routes/api';
import { isAdminGuard } from '../src/middleware/auth';
import { startTestServer, type TestServer } from './helpers/test-server';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('route inventory', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  const routes = () =>
    createApiRouter(s.running.deps)
      .stack.filter((layer) => layer.methods.length > 0)
      .flatMap((layer) => layer.methods.map((method) => ({ method, path: layer.path, stack: layer.stack })));

  it('every write route is either explicitly public or admin-guarded', () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(10);
    const unguarded = all
      .filter((r) => WRITE_METHODS.has(r.method))
      .filter((r) => !PUBLIC_WRITE_ROUTES.has(`${r.method} ${r.path}`) && !r.stack.some(isAdminGuard))
      .map((r) => `${r.method} ${r.path}`);
    expect(unguarded).toEqual([]);
  });

  it('the public list names only routes that exist, and none of them is also guarded', () => {
    const all = routes();
    for (const entry of PUBLIC_WRITE_ROUTES) {
      const route = all.find((r) => `${r.method} ${r.path}` === entry);
      expect(route, entry).toBeDefined();
      expect(route!.stack.some(isAdminGuard), entry).toBe(false);
    }
  });

  it('every guarded route answers 401 over HTTP without a session (and with a forged one)', async () => {
    const guarded = routes().filter((r) => r.stack.some(isAdminGuard));
    expect(guarded.length).toBeGreaterThanOrEqual(8);
    for (const r of guarded) {
      const url = s.url + String(r.path).replace(':id', 'AAAAAAAAAAAAAAAA');
      for (const headers of <Array<Record<string, string>>>[
        {},
        { authorization: 'Bearer ' + 'x'.repeat(43) },
        { cookie: 'sid=' + 'y'.repeat(43) },
      ]) {
        const res = await fetch(url, {
          method: r.method,
          headers: { 'content-type': 'application/json', origin: s.url, ...headers },
          body: r.method === 'GET' || r.method === 'HEAD' ? undefined : '{}',
        });
        expect(res.status, `${r.method} ${r.path}`).toBe(401);
      }
    }
  });

  it('GET routes with no guard are exactly the public reads', () => {
    const publicReads = routes()
      .filter((r) => r.method === 'GET' && !r.stack.some(isAdminGuard))
      .map((r) => r.path)
      .sort();
    expect(publicReads).toEqual(
      [
        '/api/consultas/token',
        '/api/health',
        '/api/imagenes',
        '/api/precioPersona/precio',
        '/api/sesion',
        '/api/disponibilidad',
        '/api/temporadas',
        '/api/cotizacion',
        // The export link's unguessable token is its own authorization.
        '/api/calendario/ical/:token.ics',
      ].sort(),
    );
  });
});
