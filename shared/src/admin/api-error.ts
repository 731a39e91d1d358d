import { NETWORK_ERROR_MESSAGE } from '../api/errors';

/**
 * The panel only needs an error's status and Spanish message. Checked by shape rather than
 * `instanceof ApiError` because a host may hand errors across a bridge (the desktop preload)
 * where the class identity is lost.
 */
export interface ErrorLike {
  status: number;
  message: string;
  retryAfter?: number;
}

export function asErrorLike(err: unknown): ErrorLike {
  if (typeof err === 'object' && err !== null) {
    const e = err as { status?: unknown; message?: unknown; retryAfter?: unknown };
    if (typeof e.status === 'number' && typeof e.message === 'string') {
      return {
        status: e.status,
        message: e.message || 'Ocurrió un error inesperado.',
        retryAfter: typeof e.retryAfter === 'number' ? e.retryAfter : undefined,
      };
    }
    if (e instanceof TypeError) return { status: 0, message: NETWORK_ERROR_MESSAGE };
  }
  return { status: 500, message: 'Ocurrió un error inesperado. Inténtalo de nuevo.' };
}

export function isUnauthenticated(err: unknown): boolean {
  return asErrorLike(err).status === 401;
}
