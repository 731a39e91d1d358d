import { ApiError } from '@cabana/shared/api/errors';
import type { EnquiryInput } from '@cabana/shared/schemas/enquiry';
import { api } from './api';
import { sendEmail, type EmailParams } from './emailjs';

export interface EnquiryEmail {
  templateId: string;
  params: EmailParams;
  /** The enquiry counts as delivered by e-mail only when a required template is accepted. */
  required: boolean;
}

export type SendOutcome =
  | { ok: true; storedId: string | null; emailed: boolean }
  /** The server refused some fields: show them next to the fields; nothing was e-mailed. */
  | { ok: false; kind: 'fields'; message: string; fields: Record<string, string> }
  /** Neither the server nor the e-mail service accepted it. */
  | { ok: false; kind: 'failed'; message: string };

/**
 * Delivers an enquiry to the server (stored for the admin inbox) and by e-mail. It counts as
 * sent once either accepted it, so a visitor is never told "confirmed" for something lost, and
 * an EmailJS outage alone never loses a booking.
 */
export async function sendEnquiry(input: EnquiryInput, emails: EnquiryEmail[]): Promise<SendOutcome> {
  let storedId: string | null = null;
  let serverMessage = '';
  try {
    storedId = (await api.sendEnquiry(input)).id;
  } catch (err) {
    if (err instanceof ApiError && err.status === 400 && Object.keys(err.fields).length > 0) {
      return { ok: false, kind: 'fields', message: err.message, fields: err.fields };
    }
    // A night of the stay is taken: final, and an e-mail would promise what the cabin cannot give.
    if (err instanceof ApiError && err.status === 409) {
      return { ok: false, kind: 'fields', message: err.message, fields: { checkIn: err.message } };
    }
    serverMessage = err instanceof ApiError ? err.message : String(err);
    console.warn('El servidor no aceptó la consulta:', serverMessage);
  }

  const results = await Promise.all(
    emails.map(async (e) => ({ required: e.required, ok: await sendEmail(e.templateId, e.params) })),
  );
  const emailed = results.some((r) => r.required && r.ok);

  if (storedId !== null || emailed) return { ok: true, storedId, emailed };
  return { ok: false, kind: 'failed', message: serverMessage };
}
