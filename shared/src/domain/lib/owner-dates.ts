import { BUSINESS } from '../config/business';

const dateFormat = new Intl.DateTimeFormat('es-CO', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTimeFormat = new Intl.DateTimeFormat('es-CO', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: BUSINESS.timeZone,
});

/**
 * A YYYY-MM-DD stay date as the owner reads it ("1 dic 2026"); unknown shapes pass through.
 * The one date format of the owner's panel and of the texts the server writes for it.
 */
export function formatStayDate(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? isoDate : dateFormat.format(d);
}

/** A stay's dates as one range: "12 dic 2026 – 15 dic 2026". */
export const formatStayRange = (checkIn: string, checkOut: string): string =>
  `${formatStayDate(checkIn)} – ${formatStayDate(checkOut)}`;

/**
 * A moment (ISO timestamp) in the cabin's time zone ("1 dic 2026, 1:11 p. m."). The day period
 * ends with its own period ("a. m."), so a sentence after it must not add another.
 */
export function formatReceivedAt(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTimeFormat.format(d);
}

const monthFormat = new Intl.DateTimeFormat('es-CO', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A month `YYYY-MM` as the owner reads it ("noviembre de 2026"); unknown shapes pass through. */
export function formatMonth(month: string): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? month : monthFormat.format(d);
}
