/**
 * The last admin e-mail, kept only to prefill the sign-in form. It is a hint, never proof of a
 * session: /admin always asks the server.
 */
const KEY = 'cabana.admin.email';

export function readEmailHint(): string {
  try {
    return window.localStorage.getItem(KEY) ?? '';
  } catch {
    // Storage can be blocked (private mode, strict settings): no hint then.
    return '';
  }
}

export function saveEmailHint(email: string): void {
  try {
    window.localStorage.setItem(KEY, email);
  } catch {
    // Same as above: the hint is optional.
  }
}
