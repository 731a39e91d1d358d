import { timingSafeEqual } from 'node:crypto';

/**
 * Whether two secrets (tokens, MACs in their text form) are the same text, in time that does not
 * depend on where they differ. Compares the text, never what it decodes to: base64url's last
 * character carries unused bits, so two different strings can decode to the same bytes and a
 * changed proof would still pass.
 */
export function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
