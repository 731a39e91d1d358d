import { ApiError } from '@cabana/shared/api/errors';
import type { RequestedBooking, RequestBookingInput } from '@cabana/shared/domain/schemas/booking';
import type { EnquiryInput } from '@cabana/shared/domain/schemas/enquiry';
import { api } from './api';
import { sendEmail, type EmailParams } from './emailjs';
import { apiErrorText, apiFieldErrors, type ErrorWords } from './validation';

export interface EnquiryEmail {
  templateId: string;
  params: EmailParams;
  /** The enquiry counts as delivered by e-mail only when a required template is accepted. */
  required: boolean;
}

export type SendOutcome =
  | {
      ok: true;
      /** The booking the server made of a request (`/planes`); absent for a contact message. */
      booking?: RequestedBooking;
      /** The server never answered: only the e-mail carries it. */
      stored: boolean;
      emailed: boolean;
    }
  /** The server refused some fields: show them next to the fields; nothing was e-mailed. */
  | { ok: false; kind: 'fields'; message: string; fields: Record<string, string> }
  /** The server refused it (or neither the server nor the e-mail service took it). */
  | { ok: false; kind: 'failed'; message: string };

/**
 * Whether the server could not be reached at all: no answer, or a gateway's in its place. Only
 * then does the browser's e-mail stand in for it; after the server's own refusal (a 4xx) an
 * e-mail would tell the owner of something the server turned down.
 */
const unreachable = (err: unknown) =>
  !(err instanceof ApiError) || err.code === 'NETWORK' || [502, 503, 504].includes(err.status);

/**
 * Delivers a form to the server and, once the server took it (or could not be reached), by
 * EmailJS. It counts as sent once either accepted it, so a visitor is never told "received" for
 * something lost, and an EmailJS outage alone never loses a request. The server's refusals are
 * worded in the page's language (`i`).
 */
async function deliver<T>(
  store: () => Promise<T>,
  emails: EnquiryEmail[],
  i: ErrorWords,
): Promise<SendOutcome & { value?: T }> {
  let value: T | undefined;
  let stored = false;
  let serverMessage = '';
  try {
    value = await store();
    stored = true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 400 && Object.keys(err.fields).length > 0) {
      return { ok: false, kind: 'fields', message: apiErrorText(err, i), fields: apiFieldErrors(err.fields, i) };
    }
    // A night of the stay is taken: final, and an e-mail would promise what the cabin cannot give.
    if (err instanceof ApiError && err.status === 409) {
      const message = apiErrorText(err, i, 'datesTaken');
      return { ok: false, kind: 'fields', message, fields: { checkIn: message } };
    }
    serverMessage = err instanceof ApiError ? apiErrorText(err, i) : String(err);
    console.warn('El servidor no aceptó el formulario:', serverMessage);
    if (!unreachable(err)) return { ok: false, kind: 'failed', message: serverMessage };
  }

  const results = await Promise.all(
    emails.map(async (e) => ({ required: e.required, ok: await sendEmail(e.templateId, e.params) })),
  );
  const emailed = results.some((r) => r.required && r.ok);

  if (stored || emailed) return { ok: true, stored, emailed, value };
  return { ok: false, kind: 'failed', message: serverMessage };
}

/** A contact message (or an enquiry of the older kind), stored for the admin inbox. */
export const sendEnquiry = (input: EnquiryInput, emails: EnquiryEmail[], i: ErrorWords): Promise<SendOutcome> =>
  deliver(() => api.sendEnquiry(input), emails, i);

/** A booking request from `/planes`: the outcome carries what the server made of it. */
export async function sendBookingRequest(
  input: RequestBookingInput,
  emails: EnquiryEmail[],
  i: ErrorWords,
): Promise<SendOutcome> {
  const { value, ...outcome } = await deliver(() => api.requestBooking(input), emails, i);
  return outcome.ok && value ? { ...outcome, booking: value } : outcome;
}
