import { z } from 'zod';

/** Every API error has this one JSON shape; `error` is a Spanish sentence fit to show. */
export const ApiErrorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  /** Field name → Spanish message, for validation errors. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
  'REQUEST_TIMEOUT',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
