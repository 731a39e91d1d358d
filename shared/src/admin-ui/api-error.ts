import { NETWORK_ERROR_MESSAGE } from '../api/errors';
import { ERROR_CODES, type ErrorCode } from '../domain/schemas/errors';

/**
 * The panel only needs an error's status, code and Spanish message. Checked by shape rather than
 * `instanceof ApiError` because a host may hand errors across a bridge (the desktop preload)
 * where the class identity is lost.
 */
export interface ErrorLike {
  status: number;
  code: ErrorCode;
  message: string;
  retryAfter?: number;
  /** Field path (`end`, `seasons.0.start`) → the server's Spanish message, for validation errors. */
  fields?: Record<string, string>;
}

function stringFields(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entries = Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string');
  return entries.length ? Object.fromEntries(entries) : undefined;
}

const isErrorCode = (value: unknown): value is ErrorCode => (ERROR_CODES as readonly unknown[]).includes(value);

export function asErrorLike(err: unknown): ErrorLike {
  if (typeof err === 'object' && err !== null) {
    const e = err as { status?: unknown; code?: unknown; message?: unknown; retryAfter?: unknown; fields?: unknown };
    if (typeof e.status === 'number' && typeof e.message === 'string') {
      return {
        status: e.status,
        code: isErrorCode(e.code) ? e.code : e.status === 0 ? 'NETWORK' : 'INTERNAL',
        message: e.message || 'Ocurrió un error inesperado.',
        retryAfter: typeof e.retryAfter === 'number' ? e.retryAfter : undefined,
        fields: stringFields(e.fields),
      };
    }
    if (e instanceof TypeError) return { status: 0, code: 'NETWORK', message: NETWORK_ERROR_MESSAGE };
  }
  return { status: 500, code: 'INTERNAL', message: 'Ocurrió un error inesperado. Inténtalo de nuevo.' };
}

export function isUnauthenticated(err: unknown): boolean {
  return asErrorLike(err).status === 401;
}
