import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API } from '../contract';
import { routes, type RouteSpec } from '../route';
import { checkFlatInput, checkRouteInput, checkSchema, MISSING_INPUT_MESSAGE, splitRouteInput } from '../route-input';

const T = routes({
  search: {
    method: 'GET',
    path: '/buscar',
    access: 'public',
    summary: 'a query row',
    query: z.strictObject({ q: z.string().min(2, 'Escribe al menos dos letras.'), page: z.string().optional() }),
    output: z.object({}),
    errors: [],
  },
  rename: {
    method: 'PATCH',
    path: '/cosas/:id',
    access: 'admin',
    summary: 'a row with a parameter and a body',
    params: z.object({ id: z.string().regex(/^[a-z]{3}$/) }),
    body: z.strictObject({ name: z.string({ error: 'Escribe un nombre.' }).trim(), size: z.number().optional() }),
    output: z.object({}),
    errors: [],
    notFound: 'No encontramos esa cosa.',
  },
  remove: {
    method: 'DELETE',
    path: '/cosas/:id',
    access: 'admin',
    summary: 'a row with a parameter only',
    params: z.object({ id: z.string().regex(/^[a-z]{3}$/) }),
    output: 'empty',
    errors: [],
  },
});
const search: RouteSpec = T.search;
const rename: RouteSpec = T.rename;
const remove: RouteSpec = T.remove;

describe('checkRouteInput (the server’s check of a request, shared with the desktop app)', () => {
  it('answers a malformed path parameter as an unknown id, before reading the body', () => {
    expect(checkRouteInput(rename, { params: { id: 'AB' }, fields: 'no es un objeto' })).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: 'No encontramos esa cosa.',
    });
    expect(checkRouteInput(remove, { params: {}, fields: undefined })).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: undefined,
    });
  });

  it('answers a bad body or query with the Spanish message of each field, a missing one with its own', () => {
    expect(checkRouteInput(rename, { params: { id: 'abc' }, fields: { size: 'grande' } })).toEqual({
      ok: false,
      code: 'VALIDATION',
      message: 'Revisa los datos enviados.',
      fields: { name: 'Escribe un nombre.', size: 'Valor no válido.' },
    });
    expect(checkRouteInput(rename, { params: { id: 'abc' }, fields: undefined })).toEqual({
      ok: false,
      code: 'VALIDATION',
      message: MISSING_INPUT_MESSAGE,
    });
    expect(checkRouteInput(search, { params: {}, fields: { q: 'a' } })).toEqual({
      ok: false,
      code: 'VALIDATION',
      message: 'Escribe al menos dos letras.',
      fields: { q: 'Escribe al menos dos letras.' },
    });
  });

  it('gives the handler the parsed fields with the parameters over them', () => {
    expect(checkRouteInput(rename, { params: { id: 'abc' }, fields: { name: '  Mesa ' } })).toEqual({
      ok: true,
      data: { name: 'Mesa', id: 'abc' },
    });
    // A row without body or query reads none.
    expect(checkRouteInput(remove, { params: { id: 'abc' }, fields: { ignored: true } })).toEqual({
      ok: true,
      data: { id: 'abc' },
    });
  });

  it('checkSchema is the same check for one schema', () => {
    expect(checkSchema(z.number({ error: 'Un número, por favor.' }), 'x')).toEqual({
      ok: false,
      code: 'VALIDATION',
      message: 'Un número, por favor.',
    });
    expect(checkSchema(z.number(), 3)).toEqual({ ok: true, data: 3 });
  });
});

describe('a flat input checked as the request made of it', () => {
  it('splits the parameters off and keeps the fields as the server would read them', () => {
    expect(splitRouteInput(rename, { id: 'abc', name: 'Mesa', size: Number.NaN, skip: undefined })).toEqual({
      params: { id: 'abc' },
      fields: { name: 'Mesa', size: null },
    });
    expect(splitRouteInput(search, { q: 'mar', page: 2, none: undefined })).toEqual({
      params: {},
      fields: { q: 'mar', page: '2' },
    });
    expect(splitRouteInput(remove, 'texto')).toEqual({ params: { id: undefined }, fields: {} });
  });

  it('answers what the server would answer, and on success what to send', () => {
    expect(checkFlatInput(rename, { id: '../x', name: 'Mesa' })).toMatchObject({ code: 'NOT_FOUND' });
    expect(checkFlatInput(rename, { id: 42, name: 'Mesa' })).toMatchObject({ code: 'NOT_FOUND' });
    // NaN travels as JSON's null: the message is the one the server gives for the null it receives.
    expect(checkFlatInput(rename, { id: 'abc', name: 'Mesa', size: Number.NaN })).toEqual({
      ok: false,
      code: 'VALIDATION',
      message: 'Valor no válido.',
      fields: { size: 'Valor no válido.' },
    });
    // What is sent is the input as encoded, not the parsed value: the server parses it itself.
    expect(checkFlatInput(rename, { id: 'abc', name: '  Mesa ' })).toEqual({
      ok: true,
      wire: { name: '  Mesa ', id: 'abc' },
    });
    expect(checkFlatInput(search, { q: 'mar', page: 2 })).toEqual({ ok: true, wire: { q: 'mar', page: '2' } });
  });

  it('refuses a field given to a row that takes none, each with its message', () => {
    expect(checkFlatInput(remove, { id: 'abc' })).toEqual({ ok: true, wire: { id: 'abc' } });
    expect(checkFlatInput(remove, { id: 'abc', force: true, all: 1 })).toEqual({
      ok: false,
      code: 'VALIDATION',
      message: 'Revisa los datos enviados.',
      fields: { force: 'Campo no permitido.', all: 'Campo no permitido.' },
    });
    expect(checkFlatInput(API.getPrice, undefined)).toEqual({ ok: true, wire: {} });
    expect(checkFlatInput(API.getPrice, { undefinedIsNothing: undefined })).toEqual({ ok: true, wire: {} });
  });

  it('answers as the contract’s rows do', () => {
    expect(checkFlatInput(API.setEnquiryStatus, { id: 'corto', status: 'rara' })).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: 'No encontramos esa consulta.',
    });
    expect(checkFlatInput(API.setEnquiryStatus, { id: 'AAAAAAAAAAAAAAAA', status: 'rara' })).toMatchObject({
      ok: false,
      code: 'VALIDATION',
      fields: { status: expect.any(String) as string },
    });
  });
});
