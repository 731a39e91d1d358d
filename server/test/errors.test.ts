import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { Router } from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema, ERROR_CODES, SERVER_ERROR_CODES } from '@cabana/shared/domain/schemas/errors';
import {
  DomainError,
  forbidden,
  invalidInput,
  notFound,
  rateLimited,
  tooLarge,
  unauthenticated,
  unavailable,
  unsupportedMedia,
  type DomainErrorCode,
} from '../src/domain-errors';
import { errorHandler, INTERNAL_MESSAGE, toHttpError } from '../src/middleware/errors';
import { Limiter } from '../src/auth/rate-limits';
import { startTestServer, type TestServer } from '../../test-support/server';
import { json } from './helpers/http';

const STATUS: Record<DomainErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  FEED_UNREADABLE: 502,
  REQUEST_TIMEOUT: 408,
  INSUFFICIENT_STORAGE: 507,
  PAYMENT_UNREACHABLE: 502,
};
const CODES = Object.keys(STATUS) as DomainErrorCode[];

describe('error codes', () => {
  it('are one shared set: every server code but INTERNAL is a domain code, plus two client-only ones', () => {
    expect([...CODES, 'INTERNAL'].sort()).toEqual([...SERVER_ERROR_CODES].sort());
    expect(ERROR_CODES.filter((c) => !(SERVER_ERROR_CODES as readonly string[]).includes(c))).toEqual([
      'NETWORK',
      'CANCELLED',
    ]);
  });

  it('read as INTERNAL when a body carries a code this client does not know, keeping the message', () => {
    expect(ApiErrorBodySchema.parse({ error: 'Algo nuevo.', code: 'SOMETHING_NEW' })).toEqual({
      error: 'Algo nuevo.',
      code: 'INTERNAL',
    });
    expect(ApiErrorBodySchema.parse({ error: 'Cancelada.', code: 'CANCELLED' }).code).toBe('CANCELLED');
  });
});

describe('domain error → HTTP', () => {
  it.each(CODES)('%s gets its own status and a Spanish default message', (code) => {
    const { status, body, headers } = toHttpError(new DomainError(code));
    expect(status).toBe(STATUS[code]);
    expect(body.code).toBe(code);
    expect(body.error).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡].*\.$/);
    expect(body).not.toHaveProperty('fields');
    expect(headers).toEqual({});
  });

  it('gives every code a different status, but the two failures of a server we call (502 Bad Gateway)', () => {
    const upstream: DomainErrorCode[] = ['FEED_UNREADABLE', 'PAYMENT_UNREACHABLE'];
    const own = CODES.filter((c) => !upstream.includes(c));
    expect(new Set(own.map((c) => toHttpError(new DomainError(c)).status)).size).toBe(own.length);
    for (const c of upstream) expect(toHttpError(new DomainError(c)).status).toBe(502);
  });

  it('keeps the message, the fields and the wait the domain gave', () => {
    expect(toHttpError(invalidInput('Revisa los datos enviados.', { precio: 'Debe ser un número.' }))).toEqual({
      status: 400,
      body: { error: 'Revisa los datos enviados.', code: 'VALIDATION', fields: { precio: 'Debe ser un número.' } },
      headers: {},
    });
    expect(toHttpError(rateLimited('Espera un poco.', 0.2))).toEqual({
      status: 429,
      body: { error: 'Espera un poco.', code: 'RATE_LIMITED' },
      headers: { 'Retry-After': '1' },
    });
    expect(toHttpError(unavailable('Ocupados.')).headers).toEqual({ 'Retry-After': '30' });
    expect(toHttpError(unavailable('Ocupados.', 29.5)).headers).toEqual({ 'Retry-After': '30' });
    expect(toHttpError(tooLarge('Muy grande.'))).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(toHttpError(unsupportedMedia('No es una imagen.'))).toMatchObject({
      status: 415,
      body: { error: 'No es una imagen.', code: 'UNSUPPORTED_MEDIA_TYPE' },
    });
    expect(toHttpError(unauthenticated()).body).toEqual({
      error: 'Inicia sesión para continuar.',
      code: 'UNAUTHENTICATED',
    });
    expect(toHttpError(forbidden()).body.error).toBe('No tienes permiso para hacer esto.');
    expect(toHttpError(notFound('No encontramos esa imagen.')).body.error).toBe('No encontramos esa imagen.');
  });

  it('maps what a domain module throws: a rate limiter that is full', () => {
    const limiter = new Limiter(1, 60_000, 'Demasiados intentos.');
    limiter.consume('cliente');
    let err: unknown;
    try {
      limiter.consume('cliente');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DomainError);
    const { status, body, headers } = toHttpError(err as DomainError);
    expect(status).toBe(429);
    expect(body).toEqual({ error: 'Demasiados intentos.', code: 'RATE_LIMITED' });
    expect(Number(headers['Retry-After'])).toBeGreaterThanOrEqual(1);
    expect(Number(headers['Retry-After'])).toBeLessThanOrEqual(60);
  });
});

describe('the error middleware over HTTP', () => {
  let server: Server;
  let base: string;
  const logged: string[] = [];
  beforeAll(async () => {
    const app = new Koa();
    app.silent = true;
    app.use(errorHandler((msg) => logged.push(msg)));
    const router = new Router();
    router.get('/api/calendario/ical/:token.ics', () => {
      throw new Error('an export that failed');
    });
    app.use(router.routes());
    app.use((ctx) => {
      if (ctx.path === '/domain') throw invalidInput('Revisa el precio.', { precio: 'Valor no válido.' });
      if (ctx.path === '/busy') throw unavailable('Estamos ocupados.', 7);
      if (ctx.path === '/koa-411') ctx.throw(411);
      if (ctx.path === '/formidable-413') throw Object.assign(new Error('maxFileSize exceeded'), { httpCode: 413 });
      if (ctx.path === '/koa-405') ctx.throw(405);
      if (ctx.path === '/koa-502') ctx.throw(502, 'upstream details');
      throw new Error('secret stack details');
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  const get = async (path: string) => {
    const res = await fetch(base + path);
    return { res, body: await res.json() };
  };

  it('answers a domain error with its status, code, message and fields, never cached', async () => {
    const { res, body } = await get('/domain');
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toEqual({ error: 'Revisa el precio.', code: 'VALIDATION', fields: { precio: 'Valor no válido.' } });
    const busy = await get('/busy');
    expect(busy.res.status).toBe(503);
    expect(busy.res.headers.get('retry-after')).toBe('7');
    expect(busy.body).toEqual({ error: 'Estamos ocupados.', code: 'UNAVAILABLE' });
  });

  it('gives errors of Koa and the body parsers their own status and a Spanish message', async () => {
    expect(await get('/koa-411')).toMatchObject({
      res: { status: 411 },
      body: { error: 'Falta la longitud del contenido.', code: 'VALIDATION' },
    });
    expect(await get('/formidable-413')).toMatchObject({
      res: { status: 413 },
      body: { error: 'El envío es demasiado grande.', code: 'PAYLOAD_TOO_LARGE' },
    });
    expect(await get('/koa-405')).toMatchObject({
      res: { status: 405 },
      body: { error: 'Método no permitido.', code: 'METHOD_NOT_ALLOWED' },
    });
  });

  it('hides anything else behind a 500 and logs it', async () => {
    for (const path of ['/unexpected', '/koa-502']) {
      const { res, body } = await get(path);
      expect(res.status).toBe(500);
      expect(body).toEqual({ error: INTERNAL_MESSAGE, code: 'INTERNAL' });
    }
    expect(logged).toEqual(['GET /unexpected failed', 'GET /koa-502 failed']);
  });

  it('never logs a secret from the path: the route’s pattern, or long opaque segments hidden (issue 19, item 5)', async () => {
    logged.length = 0;
    const token = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWpr';
    for (const path of [`/api/calendario/ical/${token}.ics`, `/files/${token}/x`]) {
      expect((await get(path)).res.status).toBe(500);
    }
    expect(logged).toEqual(['GET /api/calendario/ical/:token.ics failed', 'GET /files/…/x failed']);
  });
});

describe('the API', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('answers a path it does not have with 404 NOT_FOUND', async () => {
    const res = await json(s, 'GET', '/no-existe');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Ruta de la API no encontrada.', code: 'NOT_FOUND' });
  });

  it('answers a method a route does not take with 405 METHOD_NOT_ALLOWED and the methods it does', async () => {
    const res = await json(s, 'PUT', '/precioPersona/precio', { precio: 100_000 });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toMatch(/GET/);
    expect(res.headers.get('allow')).toMatch(/PATCH/);
    expect(await res.json()).toEqual({ error: 'Método no permitido para esta ruta.', code: 'METHOD_NOT_ALLOWED' });
  });
});
