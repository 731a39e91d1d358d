import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../api/errors';
import { asErrorLike, isUnauthenticated } from '../api-error';

describe('asErrorLike', () => {
  it('keeps status, typed code, message and wait of an ApiError, or of its copy across a bridge', () => {
    const err = new ApiError(429, { error: 'Espera un momento.', code: 'RATE_LIMITED' }, 12);
    const expected = { status: 429, code: 'RATE_LIMITED', message: 'Espera un momento.', retryAfter: 12 };
    expect(asErrorLike(err)).toEqual(expected);
    expect(asErrorLike({ ...err, message: err.message })).toEqual(expected);
    expect(asErrorLike(new ApiError(0, { error: 'Subida cancelada.', code: 'CANCELLED' })).code).toBe('CANCELLED');
  });

  it("keeps a validation error's message per field, across a bridge too", () => {
    const err = new ApiError(400, {
      error: 'Revisa los datos enviados.',
      code: 'VALIDATION',
      fields: { phone: 'Escribe el teléfono.', 'socials.0.url': 'El enlace debe ser de Facebook.' },
    });
    expect(asErrorLike(err).fields).toEqual({
      phone: 'Escribe el teléfono.',
      'socials.0.url': 'El enlace debe ser de Facebook.',
    });
    expect(asErrorLike({ status: 400, message: 'x', fields: { a: 1, b: 'ok' } }).fields).toEqual({ b: 'ok' });
    expect(asErrorLike(new ApiError(400, { error: 'x', code: 'VALIDATION' })).fields).toBeUndefined();
  });

  it('never passes on a code outside the shared set', () => {
    expect(asErrorLike({ status: 409, code: 'ABORTED', message: 'x' }).code).toBe('INTERNAL');
    expect(asErrorLike({ status: 0, message: 'x' }).code).toBe('NETWORK');
  });

  it('turns a failed fetch into a network error and anything else into a generic one', () => {
    expect(asErrorLike(new TypeError('Failed to fetch'))).toEqual({
      status: 0,
      code: 'NETWORK',
      message: NETWORK_ERROR_MESSAGE,
    });
    expect(asErrorLike('boom')).toMatchObject({ status: 500, code: 'INTERNAL' });
    expect(isUnauthenticated(new ApiError(401, { error: 'Inicia sesión.', code: 'UNAUTHENTICATED' }))).toBe(true);
    expect(isUnauthenticated(new Error('x'))).toBe(false);
  });
});

describe('asErrorLike fields', () => {
  it('keeps the server’s per-field messages, also across a bridge, and drops anything but text', () => {
    const err = new ApiError(400, {
      error: 'Revisa los campos.',
      code: 'VALIDATION',
      fields: { end: 'El bloqueo debe terminar después de su inicio.' },
    });
    expect(asErrorLike(err).fields).toEqual({ end: 'El bloqueo debe terminar después de su inicio.' });
    expect(asErrorLike({ status: 400, message: 'x', fields: { a: 'uno', b: 2 } }).fields).toEqual({ a: 'uno' });
    expect(asErrorLike(new ApiError(409, { error: 'Ocupado.', code: 'CONFLICT' })).fields).toBeUndefined();
  });
});
