import type { Context, Middleware } from 'koa';
import { ERROR_STATUS, type ApiErrorBody } from '@cabana/shared/domain/schemas/errors';
import { DomainError, invalidInput, notFound, type DomainErrorCode } from '../domain-errors';

export const INTERNAL_MESSAGE = 'Error interno del servidor';

/** The one place that knows HTTP: each code's status (shared with the clients), and its message when the error has none. */
const MESSAGES: Record<DomainErrorCode, string> = {
  VALIDATION: 'La solicitud no es válida.',
  UNAUTHENTICATED: 'Inicia sesión para continuar.',
  FORBIDDEN: 'No tienes permiso para hacer esto.',
  NOT_FOUND: 'No encontramos lo que buscas.',
  METHOD_NOT_ALLOWED: 'Método no permitido.',
  CONFLICT: 'Esto cambió mientras tanto. Recarga e inténtalo de nuevo.',
  PAYLOAD_TOO_LARGE: 'El envío es demasiado grande.',
  UNSUPPORTED_MEDIA_TYPE: 'Tipo de contenido no admitido.',
  RATE_LIMITED: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
  UNAVAILABLE: 'El servidor está ocupado. Inténtalo de nuevo en un momento.',
  FEED_UNREADABLE: 'No pudimos leer ese calendario.',
  REQUEST_TIMEOUT: 'La solicitud tardó demasiado en llegar.',
  INSUFFICIENT_STORAGE: 'No queda espacio para esto ahora. Inténtalo de nuevo más tarde.',
  PAYMENT_UNREACHABLE: 'No pudimos comunicarnos con la pasarela de pagos. Inténtalo de nuevo en unos minutos.',
};

export interface HttpError {
  status: number;
  body: ApiErrorBody;
  headers: Record<string, string>;
}

/** A domain error as the API answers it. */
export function toHttpError(err: DomainError): HttpError {
  const status = ERROR_STATUS[err.code];
  const message = MESSAGES[err.code];
  const headers: Record<string, string> = {};
  if (err.retryAfterSeconds !== undefined) {
    headers['Retry-After'] = String(Math.max(1, Math.ceil(err.retryAfterSeconds)));
  }
  return {
    status,
    body: { error: err.message || message, code: err.code, ...(err.fields ? { fields: err.fields } : {}) },
    headers,
  };
}

/**
 * Errors with an HTTP status that come from Koa, the router or the body parsers rather than from
 * our code: they keep their status (411 stays 411) and get the Spanish message of their kind.
 */
const FOREIGN: Partial<Record<number, DomainErrorCode>> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  411: 'VALIDATION',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};
const FOREIGN_MESSAGES: Partial<Record<number, string>> = { 411: 'Falta la longitud del contenido.' };

function statusOf(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { status?: unknown; statusCode?: unknown; httpCode?: unknown };
  // formidable puts its limit errors' status in httpCode only.
  const s = e.status ?? e.statusCode ?? e.httpCode;
  return typeof s === 'number' && s >= 400 && s < 600 ? s : undefined;
}

function sendError(ctx: Context, status: number, body: ApiErrorBody, headers?: Record<string, string>) {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  if (headers) for (const [k, v] of Object.entries(headers)) ctx.set(k, v);
  ctx.type = 'application/json';
  ctx.body = body;
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** A path segment that may be a secret (an export token is 43 characters): long and opaque. */
const OPAQUE_SEGMENT = /(?<=\/)[A-Za-z0-9_~.%-]{20,}(?=\/|$)/g;

/**
 * The request's path as logs may show it: the route's pattern when a route matched
 * (`/api/calendario/ical/:token.ics`), otherwise the path with long opaque segments hidden. Logs
 * outlive secrets and reach more people than the owner: an export link must never appear in them.
 */
function loggablePath(ctx: Pick<Context, 'path'> & { _matchedRoute?: unknown }): string {
  const route = ctx._matchedRoute;
  if (typeof route === 'string' && route !== '') return route;
  return ctx.path.replace(OPAQUE_SEGMENT, '…');
}

const ABORTED = 'El envío se interrumpió antes de terminar. Inténtalo de nuevo.';
/** formidable's code for a request the client aborted. */
const FORMIDABLE_ABORTED = 1002;

/** Whether a failure is the client's going away while its body was read. */
function clientAborted(ctx: Context, err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === FORMIDABLE_ABORTED || code === 'ECONNRESET' || ctx.req.readableAborted;
}

/** First in the chain: every failure becomes the one JSON shape; unexpected ones hide their details. */
export function errorHandler(
  log: (msg: string, err?: unknown) => void,
  info: (msg: string) => void = () => undefined,
): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.body === undefined && isApiPath(ctx.path)) {
        if (ctx.status === 404) throw notFound('Ruta de la API no encontrada.');
        if (ctx.status === 405) throw new DomainError('METHOD_NOT_ALLOWED', 'Método no permitido para esta ruta.');
      }
    } catch (err) {
      if (err instanceof DomainError) {
        const { status, body, headers } = toHttpError(err);
        sendError(ctx, status, body, headers);
        return;
      }
      const status = statusOf(err);
      const code = status === undefined ? undefined : FOREIGN[status];
      if (status !== undefined && code !== undefined) {
        const message = MESSAGES[code];
        sendError(ctx, status, { error: FOREIGN_MESSAGES[status] ?? message, code });
        return;
      }
      if (clientAborted(ctx, err)) {
        // The visitor's connection went away mid-upload (issue 28, item 9): theirs, not a fault here.
        info(`${ctx.method} ${loggablePath(ctx)}: the client closed the connection before its body arrived`);
        const { status, body, headers } = toHttpError(invalidInput(ABORTED));
        sendError(ctx, status, body, headers);
        return;
      }
      log(`${ctx.method} ${loggablePath(ctx)} failed`, err);
      sendError(ctx, 500, { error: INTERNAL_MESSAGE, code: 'INTERNAL' });
    }
  };
}
