import { ApiError } from '@cabana/shared/api/errors';
import type { I18n } from '../../i18n/i18n';
import { api } from '../../lib/api';
import { actionError } from './guest-actions';

/** What sending the lost-link form came to: done, refused as malformed (400), or another failure's sentence. */
export type LinkRecovery = { ok: true } | { ok: false; bad: boolean; text: string };

/** POST /api/reserva/enlace: the same answer whether or not code and e-mail match (issue 32). */
export async function recoverLink(code: string, email: string, i18n: I18n): Promise<LinkRecovery> {
  try {
    await api.recoverGuestLink({ code, email });
    return { ok: true };
  } catch (err) {
    const bad = err instanceof ApiError && err.status === 400;
    return { ok: false, bad, text: bad ? '' : actionError(err, i18n) };
  }
}
