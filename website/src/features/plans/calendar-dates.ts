/**
 * The picker works with `Date`s at local midnight (the visitor's or the server's zone, whatever
 * it is); the site works with `YYYY-MM-DD` strings at the cabin. These two functions are the only
 * crossing: a date is built from its parts and read back from its parts, never parsed from an
 * ISO string (`new Date('2026-12-05')` is UTC midnight, the 4th west of Greenwich).
 */
export function dateOfIso(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** The calendar day a picker `Date` stands for, as YYYY-MM-DD. */
export function isoOfDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
