import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@cabana/shared/api/contract';
import { createApiRouter, API_PREFIX, PUBLIC_WRITE_ROUTES } from '../src/routes/api';
import { isAdminGuard } from '../src/middleware/auth';
import { startTestServer, type TestServer } from '../../test-support/server';
import { bearer, formToken, json, upload } from './helpers/http';
import { readJson, WithIdSchema } from '../../test-support/json';
import { jpegWithGps } from './helpers/fixtures';

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
        '/api/ajustes',
        '/api/sesion',
        '/api/disponibilidad',
        '/api/temporadas',
        '/api/cotizacion',
        // The export link's unguessable token is its own authorization.
        '/api/calendario/ical/:token.ics',
        // The guest's private link: its token (`?t=`) is its authorization.
        '/api/reserva/:code',
        // The guest's registration (issue 34), by the same link.
        '/api/reserva/:code/huespedes',
        '/api/reserva/:code/calendario.ics',
        // The guests' published reviews, and the review link (its token is its authorization).
        '/api/opiniones',
        '/api/opinar/:code',
      ].sort(),
    );
  });
  it('every DELETE answers 204 with no body', async () => {
    const admin = await s.loginToken();
    // How to make something each DELETE route can remove: a new DELETE route must be added here.
    const makers: Record<string, () => Promise<{ path: string; headers: Record<string, string> }>> = {
      [API.deleteImage.path]: async () => {
        const img = await readJson(
          await upload(s, await jpegWithGps(64, 48), { headers: bearer(admin) }),
          WithIdSchema,
        );
        return { path: `/imagenes/${img.id}`, headers: bearer(admin) };
      },
      [API.deleteEnquiry.path]: async () => {
        const body = { type: 'contacto', name: 'Ana', email: 'ana@example.com', message: 'Hola', consent: true };
        const sent = await json(s, 'POST', '/consultas', { ...body, website: '', formToken: await formToken(s) });
        const { id } = await readJson(sent, WithIdSchema);
        return { path: `/consultas/${id}`, headers: bearer(admin) };
      },
      [API.logout.path]: async () => ({ path: '/sesion', headers: bearer(await s.loginToken()) }),
      [API.deleteBlock.path]: async () => {
        const block = { start: '2031-01-10', end: '2031-01-12' };
        const { id } = await readJson(
          await json(s, 'POST', '/calendario/bloqueos', block, bearer(admin)),
          WithIdSchema,
        );
        return { path: `/calendario/bloqueos/${id}`, headers: bearer(admin) };
      },
      [API.deleteFeed.path]: async () => {
        const feed = { name: 'Airbnb', url: 'https://calendario.invalid/airbnb.ics' };
        const { id } = await readJson(await json(s, 'POST', '/calendario/fuentes', feed, bearer(admin)), WithIdSchema);
        return { path: `/calendario/fuentes/${id}`, headers: bearer(admin) };
      },
    };
    const deletes = routes().filter((r) => r.method === 'DELETE');
    expect(deletes.map((r) => String(r.path).slice(API_PREFIX.length)).sort()).toEqual(Object.keys(makers).sort());
    for (const r of deletes) {
      const { path, headers } = await makers[String(r.path).slice(API_PREFIX.length)]!();
      const res = await json(s, 'DELETE', path, undefined, headers);
      expect(res.status, path).toBe(204);
      expect(await res.text(), path).toBe('');
      expect(res.headers.get('content-type'), path).toBeNull();
    }
  });
});
