import type { Context, Middleware } from 'koa';
import type { ZodError } from 'zod';
import type { ApiErrorBody, ErrorCode } from '@cabana/shared/schemas/errors';

/** An error we mean to show: its message is Spanish and safe to send. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'VALIDATION', message, fields);
export const unauthenticated = (message = 'Inicia sesión para continuar.') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'No tienes permiso para hacer esto.') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'No encontramos lo que buscas.') => new AppError(404, 'NOT_FOUND', message);
export const tooLarge = (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message);
export const unsupportedMedia = (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', message, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const unavailable = (message: string, retryAfterSeconds = 30) =>
  new AppError(503, 'UNAVAILABLE', message, undefined, { 'Retry-After': String(retryAfterSeconds) });

/** Zod issues → one Spanish message per field (first issue wins). */
export function fromZodError(err: ZodError, fallback = 'Revisa los datos enviados.'): AppError {
  // No prototype: a field named `constructor` or `__proto__` must get its own message.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const issue of err.issues) {
    let key = issue.path.map(String).join('.');
    let message = issue.message;
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) fields[key ? `${key}.${k}` : k] ??= 'Campo no permitido.';
      continue;
    }
    if (key === '') key = '_';
    // Zod's own English defaults are not fit to show: replace them with a generic Spanish one.
    if (/received undefined/i.test(message)) message = 'Este campo es obligatorio.';
    else if (/^(Invalid|Expected|Required|Too (big|small))/i.test(message)) message = 'Valor no válido.';
    fields[key] ??= message;
  }
  const messages = Object.values(fields);
  if (fields._ !== undefined && messages.length === 1) return badRequest(fields._);
  // One problem: say it plainly; several: a summary, with each one beside its field.
  return badRequest(messages.length === 1 ? (messages[0] ?? fallback) : fallback, fields);
}

const GENERIC: Record<number, [ErrorCode, string]> = {
  400: ['VALIDATION', 'La solicitud no es válida.'],
  401: ['UNAUTHENTICATED', 'Inicia sesión para continuar.'],
  403: ['FORBIDDEN', 'No tienes permiso para hacer esto.'],
  404: ['NOT_FOUND', 'No encontramos lo que buscas.'],
  405: ['VALIDATION', 'Método no permitido.'],
  411: ['VALIDATION', 'Falta la longitud del contenido.'],
  413: ['PAYLOAD_TOO_LARGE', 'El envío es demasiado grande.'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'Tipo de contenido no admitido.'],
  429: ['RATE_LIMITED', 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.'],
  503: ['UNAVAILABLE', 'El servidor está ocupado. Inténtalo de nuevo en un momento.'],
};

export const INTERNAL_MESSAGE = 'Error interno del servidor';

function statusOf(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { status?: unknown; statusCode?: unknown; httpCode?: unknown };
  // formidable puts its limit errors' status in httpCode only.
  const s = e.status ?? e.statusCode ?? e.httpCode;
  return typeof s === 'number' && s >= 400 && s < 600 ? s : undefined;
}

export function sendError(ctx: Context, status: number, body: ApiErrorBody, headers?: Record<string, string>) {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  if (headers) for (const [k, v] of Object.entries(headers)) ctx.set(k, v);
  ctx.type = 'application/json';
  ctx.body = body;
}

/** First in the chain: every failure becomes the one JSON shape; unexpected ones hide their details. */
export function errorHandler(log: (msg: string, err?: unknown) => void): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.body === undefined && (ctx.path === '/api' || ctx.path.startsWith('/api/'))) {
        if (ctx.status === 404) throw notFound('Ruta de la API no encontrada.');
        if (ctx.status === 405) throw new AppError(405, 'VALIDATION', 'Método no permitido para esta ruta.');
      }
    } catch (err) {
      if (err instanceof AppError) {
        sendError(
          ctx,
          err.status,
          { error: err.message, code: err.code, ...(err.fields ? { fields: err.fields } : {}) },
          err.headers,
        );
        return;
      }
      const status = statusOf(err);
      if (status !== undefined && status < 500 && GENERIC[status]) {
        const [code, message] = GENERIC[status];
        sendError(ctx, status, { error: message, code });
        return;
      }
      if (status === 503) {
        sendError(ctx, 503, { error: GENERIC[503]![1], code: 'UNAVAILABLE' });
        return;
      }
      log(`${ctx.method} ${ctx.path} failed`, err);
      sendError(ctx, 500, { error: INTERNAL_MESSAGE, code: 'INTERNAL' });
    }
  };
}
