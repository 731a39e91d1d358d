import { BUSINESS } from '@cabana/shared/config/business';
import { isIsoDate, nightsBetween } from '@cabana/shared/pricing/dates';
import { formatMoney, totalForStay, totalPerNight, type Currency } from '@cabana/shared/pricing/pricing';
import type { Settings } from '@cabana/shared/schemas/settings';

export interface Stay {
  checkIn: string;
  checkOut: string;
  numPeople: number;
}

/** A stay not chosen yet: the usual group size, within the owner's current limits. */
export function defaultStay(s: Pick<Settings, 'minPeople' | 'maxPeople'>): Stay {
  return { checkIn: '', checkOut: '', numPeople: Math.min(s.maxPeople, Math.max(s.minPeople, BUSINESS.defaultPeople)) };
}

const dateFormat = new Intl.DateTimeFormat('es-CO', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "sáb, 5 de dic de 2026": dates are calendar days, so format them in UTC to avoid shifts. */
export function formatDay(iso: string): string {
  return dateFormat.format(new Date(`${iso}T00:00:00Z`));
}

/** Nights of the stay, or 0 until both dates are set and in order. */
export function stayNights(stay: Stay): number {
  if (!isIsoDate(stay.checkIn) || !isIsoDate(stay.checkOut)) return 0;
  return Math.max(0, nightsBetween(stay.checkIn, stay.checkOut));
}

export interface StayQuote {
  perNight: number | null;
  nights: number;
  total: number | null;
}

export function quoteStay(stay: Stay, price: number | null): StayQuote {
  const nights = stayNights(stay);
  if (price === null) return { perNight: null, nights, total: null };
  return {
    perNight: totalPerNight(price, stay.numPeople),
    nights,
    total: totalForStay(price, stay.numPeople, nights),
  };
}

/** The WhatsApp text that carries what the visitor chose, so the owner can answer at once. */
export function stayWhatsappText(
  stay: Stay,
  price: number | null,
  currency: Currency,
  copPerUsd: number,
  name?: string,
): string {
  const q = quoteStay(stay, price);
  const lines = [`Hola, quisiera reservar la cabaña ${BUSINESS.shortName}.`];
  if (name) lines.push(`Nombre: ${name}`);
  if (isIsoDate(stay.checkIn)) lines.push(`Llegada: ${formatDay(stay.checkIn)}`);
  if (isIsoDate(stay.checkOut)) lines.push(`Salida: ${formatDay(stay.checkOut)}`);
  lines.push(`Personas: ${stay.numPeople}`);
  if (q.nights > 0) lines.push(`Noches: ${q.nights}`);
  if (q.perNight !== null) lines.push(`Total por noche: ${formatMoney(q.perNight, currency, copPerUsd)}`);
  if (q.total !== null) lines.push(`Total de la estadía: ${formatMoney(q.total, currency, copPerUsd)}`);
  lines.push('¿Está disponible?');
  return lines.join('\n');
}
