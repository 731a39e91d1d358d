import type { ServerErrorCode } from '@cabana/shared/domain/schemas/errors';

/** Every server code but INTERNAL: an error the domain cannot name is simply not a DomainError. */
export type DomainErrorCode = Exclude<ServerErrorCode, 'INTERNAL'>;

export interface DomainErrorDetails {
  /** Field name → Spanish message, for input that failed validation. */
  fields?: Record<string, string>;
  /** When trying again makes sense (rate limits, a full queue). */
  retryAfterSeconds?: number;
}

/**
 * A failure the caller can act on. Domain modules (db, images, auth, forms) and routes throw it
 * and know nothing of HTTP: the error middleware alone gives each code its status, and its
 * Spanish default message when the error brings none. A message given here is Spanish and safe
 * to show; anything that is not a DomainError is answered as an internal error without details.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly fields?: Record<string, string>;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: DomainErrorCode,
    message = '',
    details: DomainErrorDetails = {},
  ) {
    super(message);
    if (details.fields) this.fields = details.fields;
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

export const invalidInput = (message: string, fields?: Record<string, string>) =>
  new DomainError('VALIDATION', message, { fields });
export const unauthenticated = (message?: string) => new DomainError('UNAUTHENTICATED', message);
export const forbidden = (message?: string) => new DomainError('FORBIDDEN', message);
export const notFound = (message?: string) => new DomainError('NOT_FOUND', message);
/** The request clashes with the current state (a night already taken, a run in progress). */
export const conflict = (message: string, fields?: Record<string, string>) =>
  new DomainError('CONFLICT', message, { fields });
/** A calendar feed could not be read (network, non-2xx, not a calendar). */
export const feedUnreadable = (message: string) => new DomainError('FEED_UNREADABLE', message);
export const tooLarge = (message: string) => new DomainError('PAYLOAD_TOO_LARGE', message);
export const unsupportedMedia = (message: string) => new DomainError('UNSUPPORTED_MEDIA_TYPE', message);
/** The room set aside for something is full (photos waiting for approval). */
export const insufficientStorage = (message: string) => new DomainError('INSUFFICIENT_STORAGE', message);
/** The payment gateway could not be reached, or answered something we cannot read. */
export const paymentUnreachable = (message: string) => new DomainError('PAYMENT_UNREACHABLE', message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new DomainError('RATE_LIMITED', message, { retryAfterSeconds });
export const unavailable = (message: string, retryAfterSeconds = 30) =>
  new DomainError('UNAVAILABLE', message, { retryAfterSeconds });
