import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@cabana/shared/api/route';
import { createApiClient } from '@cabana/shared/api/client';
import { ApiError } from '@cabana/shared/api/errors';
import { contractRouter, type RouteHandlers } from '../src/http/contract-router';
import { errorHandler } from '../src/middleware/errors';
import { openStore, type Store } from '../src/db/store';
import { conflict, rateLimited } from '../src/domain-errors';

const Thing = z.object({ id: z.string(), size: z.number().int() });
const IdParams = z.object({ id: z.string().regex(/^[a-z]{3}$/) });

/** A small contract, to check what mounting a table does whatever the rows. */
const TABLE = routes({
  getThing: {
    method: 'GET',
    path: '/things/:id',
    access: 'public',
    summary: '',
    params: IdParams,
    output: Thing,
    errors: [],
    notFound: 'No encontramos esa cosa.',
  },
  resize: {
    method: 'PATCH',
    path: '/things/:id',
    access: 'public',
    summary: '',
    params: IdParams,
    body: z.strictObject({ size: z.number({ error: 'El tamaño debe ser un número.' }).int() }),
    output: Thing,
    errors: ['CONFLICT'],
    notFound: 'No encontramos esa cosa.',
  },
  search: {
    method: 'GET',
    path: '/things',
    access: 'public',
    summary: '',
    query: z.object({ min: z.string().regex(/^\d+$/, 'Escribe un número.').transform(Number) }),
    output: z.array(Thing),
    errors: [],
  },
  remove: {
    method: 'DELETE',
    path: '/things/:id',
    access: 'public',
    summary: '',
    params: IdParams,
    output: 'empty',
    errors: [],
  },
});

describe('mounting a contract table', () => {
  let store: Store;
  let dir: string;
  let server: http.Server;
  let base: string;
  const seen: unknown[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cabana-contract-'));
    store = await openStore(dir);
    const handlers: RouteHandlers<typeof TABLE> = {
      getThing: ({ id }) => (id === 'bad' ? ({ id, size: 'big' } as never) : { id, size: id.length }),
      resize({ id, size }) {
        seen.push({ id, size });
        if (size > 100) throw conflict('Demasiado grande para la caja.');
        if (size < 0) throw rateLimited('Espera.', 5);
        return { id, size };
      },
      search: ({ min }) => [{ id: 'abc', size: min }],
      remove: () => undefined,
    };
    const app = new Koa();
    app.silent = true;
    app.use(errorHandler(() => undefined));
    const router = contractRouter(TABLE, handlers, { store, verify: true });
    app.use(router.routes());
    const callback = app.callback();
    server = http.createServer((req, res) => void callback(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives the typed client one function per row, with the path filled and the answer checked', async () => {
    const client = createApiClient(TABLE, { baseUrl: base });
    expect(await client.getThing({ id: 'abc' })).toEqual({ id: 'abc', size: 3 });
    expect(await client.resize({ id: 'xyz', size: 7 })).toEqual({ id: 'xyz', size: 7 });
    expect(seen).toContainEqual({ id: 'xyz', size: 7 });
    // The query's text became a number by the row's schema before the handler saw it.
    expect(await client.search({ min: 4 })).toEqual([{ id: 'abc', size: 4 }]);
    await expect(client.remove({ id: 'abc' })).resolves.toBeUndefined();
  });

  it("answers a malformed path parameter with the row's 404, before the handler", async () => {
    const res = await fetch(`${base}/things/ABCDEF`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"size": 1}',
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'No encontramos esa cosa.', code: 'NOT_FOUND' });
    expect(seen).not.toContainEqual({ id: 'ABCDEF', size: 1 });
  });

  it('answers a bad body or query with a Spanish message per field', async () => {
    const client = createApiClient(TABLE, { baseUrl: base });
    const bad = await client.resize({ id: 'abc', size: 'x' as unknown as number }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ApiError);
    expect((bad as ApiError).status).toBe(400);
    expect((bad as ApiError).fields).toEqual({ size: 'El tamaño debe ser un número.' });
    const res = await fetch(`${base}/things?min=muchos`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: unknown }).fields).toEqual({ min: 'Escribe un número.' });
  });

  it('lets a declared domain error through with its status and message', async () => {
    const client = createApiClient(TABLE, { baseUrl: base });
    const err = (await client.resize({ id: 'abc', size: 500 }).catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.code, err.message]).toEqual([409, 'CONFLICT', 'Demasiado grande para la caja.']);
  });

  it('when verifying, turns an answer the row does not describe into a 500 instead of letting it drift', async () => {
    // An output that fails the row's schema…
    expect((await fetch(`${base}/things/bad`)).status).toBe(500);
    // …and an error code the row does not declare.
    const res = await fetch(`${base}/things/abc`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"size": -1}',
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Error interno del servidor', code: 'INTERNAL' });
  });

  it('answers 204 with no body for an empty output', async () => {
    const res = await fetch(`${base}/things/abc`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });
});
