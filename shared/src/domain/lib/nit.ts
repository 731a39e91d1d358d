/**
 * The NIT (Número de Identificación Tributaria) and its check digit (dígito de verificación), as
 * DIAN computes it: the digits from the right times 3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53,
 * 59, 67, 71; the sum modulo 11; a remainder of 0 or 1 is the digit itself, any other r gives 11 − r.
 * Zod-free: the footer and the policy pages format it, the settings schema checks it.
 */
const WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71] as const;

/** The check digit of a NIT's base digits (without the check digit). */
export function nitCheckDigit(base: string): number {
  const digits = base.replace(/\D/g, '');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * WEIGHTS[i]!;
  const r = sum % 11;
  return r > 1 ? 11 - r : r;
}

/** Base digits of a NIT as written (`901.555.014-3`, `901555014-3`), or null when it is not written so. */
export function parseNit(s: string): { base: string; check: number } | null {
  const m = /^(\d{1,3}(?:\.?\d{3}){1,4})-(\d)$/.exec(s.trim().replace(/\s/g, ''));
  if (!m) return null;
  const base = m[1]!.replace(/\./g, '');
  if (base.length < 6 || base.length > WEIGHTS.length) return null;
  return { base, check: Number(m[2]) };
}

/** A NIT written the usual way: thousands separated by dots, the check digit after a dash. */
export function formatNit(base: string, check: number): string {
  return `${base.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${check}`;
}
