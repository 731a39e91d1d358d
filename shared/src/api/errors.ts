import { ApiErrorBodySchema, type ApiErrorBody, type ErrorCode } from '../domain/schemas/errors';

/** An error answered by the API (or a network failure, status 0), with a Spanish message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string>;
  /** Seconds to wait, from Retry-After on 429. */
  readonly retryAfter?: number;

  constructor(status: number, body: ApiErrorBody, retryAfter?: number) {
    super(body.error);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.fields = body.fields ?? {};
    this.retryAfter = retryAfter;
  }
}

export const NETWORK_ERROR_MESSAGE = 'No pudimos conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.';

/** Turns any non-2xx answer into an ApiError, whatever its body. */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  let body: ApiErrorBody = { error: `Error del servidor (${res.status}).`, code: 'INTERNAL' };
  try {
    const parsed = ApiErrorBodySchema.safeParse(await res.json());
    if (parsed.success) body = parsed.data;
  } catch {
    // Not JSON (a proxy page, say): keep the generic message.
  }
  const retry = Number(res.headers.get('retry-after'));
  return new ApiError(res.status, body, Number.isFinite(retry) && retry > 0 ? retry : undefined);
}

export function networkError(): ApiError {
  return new ApiError(0, { error: NETWORK_ERROR_MESSAGE, code: 'NETWORK' });
}

export const REDIRECT_REFUSED_MESSAGE =
  'El servidor respondió con una redirección a otra dirección y, por seguridad, no la seguimos. Revisa la dirección del servidor.';

/** The API answered with a redirect, which the client never follows (it would carry the credentials along). */
export function redirectRefused(): ApiError {
  return new ApiError(0, { error: REDIRECT_REFUSED_MESSAGE, code: 'NETWORK' });
}
