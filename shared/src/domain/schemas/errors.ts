import { z } from 'zod';

/** Codes the server answers with; the error middleware gives each its HTTP status. */
export const SERVER_ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
  /** A calendar feed could not be read (network, non-2xx, not a calendar). */
  'FEED_UNREADABLE',
  /** The client did not send its request in time (a slow body). */
  'REQUEST_TIMEOUT',
  /** The room set aside for something (photos waiting for approval) is full. */
  'INSUFFICIENT_STORAGE',
  /** The payment gateway (Wompi) could not be reached or answered nonsense. */
  'PAYMENT_UNREACHABLE',
] as const;
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

/** The HTTP status of each code the server answers. */
export const ERROR_STATUS: Record<ServerErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  FEED_UNREADABLE: 502,
  REQUEST_TIMEOUT: 408,
  INSUFFICIENT_STORAGE: 507,
  PAYMENT_UNREACHABLE: 502,
};

/**
 * Every error code, on every host: the server's, plus two that only a client makes for itself,
 * `NETWORK` (no answer: offline, server down, a stalled upload) and `CANCELLED` (the person
 * stopped it).
 */
export const ERROR_CODES = [...SERVER_ERROR_CODES, 'NETWORK', 'CANCELLED'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every API error has this one JSON shape; `error` is a Spanish sentence fit to show. */
export const ApiErrorBodySchema = z.object({
  error: z.string(),
  // A code this client does not know yet (a newer server) keeps its message and reads as INTERNAL.
  code: z.enum(ERROR_CODES).catch('INTERNAL'),
  /** Field name → Spanish message, for validation errors. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
