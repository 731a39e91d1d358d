import { isIsoDate, nightsBetween } from '@cabana/shared/domain/pricing/dates';
import { formatAmount, inCurrency, totalPerNight, type Currency } from '@cabana/shared/domain/pricing/pricing';
import { quoteStay as quoteNights, type PricingRules, type QuotePart } from '@cabana/shared/domain/pricing/seasons';
import type { Settings } from '@cabana/shared/domain/schemas/settings';
import type { I18n } from '../i18n/i18n';
import { formatDay, type Stay } from './stay';

/*
 * The stay priced and worded: what the summary, the payment terms, the e-mails and the WhatsApp
 * texts show. Apart from lib/stay.ts because none of it is needed before the visitor acts: it
 * loads with those parts (issue 31, /planes' first load).
 */

/** The messages the texts below need: the page's language and its `plans` group. */
export type StayI18n = Pick<I18n, 'lang' | 'm' | 't' | 'p'>;

/** Nights of the stay, or 0 until both dates are set and in order. */
export function stayNights(stay: Stay): number {
  if (!isIsoDate(stay.checkIn) || !isIsoDate(stay.checkOut)) return 0;
  return Math.max(0, nightsBetween(stay.checkIn, stay.checkOut));
}

/** The stay's figures in the currency shown (`inCurrency`'s units: pesos, or cents of a dollar). */
export interface StayQuote {
  /** The group's price per night, while every night has the same one (or no dates yet: the base). */
  perNight: number | null;
  nights: number;
  /** The sum of the parts' subtotals: the rows always add up to it. */
  total: number | null;
  /** Nights grouped by season (or base price), in the order of the stay; empty without dates. */
  parts: QuotePart[];
  /** The shortest stay allowed for these dates; null without dates. */
  minNights: number | null;
}

/**
 * The stay priced night by night with the server's own function (shared), so the page shows what
 * it will quote. In dollars each price per person is converted (and rounded to the cent) once and
 * every figure computed from it, so "3 nights at USD 19.90" is USD 119.40 in the row and in the
 * total (issue 32); in pesos the figures are the server's.
 */
export function quoteStay(
  stay: Stay,
  rules: PricingRules | null,
  currency: Currency = 'COP',
  copPerUsd?: number,
): StayQuote {
  const nights = stayNights(stay);
  if (rules === null) return { perNight: null, nights, total: null, parts: [], minNights: null };
  const perPerson = (cop: number) => inCurrency(cop, currency, copPerUsd);
  const base = totalPerNight(perPerson(rules.base.pricePerPerson), stay.numPeople);
  if (nights === 0) return { perNight: base, nights, total: null, parts: [], minNights: null };
  const q = quoteNights(stay, rules);
  const parts = q.breakdown.map((part) => {
    const price = perPerson(part.pricePerPerson);
    return { ...part, pricePerPerson: price, subtotal: totalPerNight(price, stay.numPeople) * part.nights };
  });
  return {
    perNight: parts.length === 1 ? totalPerNight(parts[0]!.pricePerPerson, stay.numPeople) : null,
    nights,
    total: parts.reduce((sum, part) => sum + part.subtotal, 0),
    parts,
    minNights: q.minNights,
  };
}

/** "Temporada alta: 3 noches a $ 150.000 por persona", of a part priced by `quoteStay`. Season names are the owner's (Spanish). */
export function partText(part: QuotePart, currency: Currency, i: StayI18n): string {
  return i.t(i.m.plans.part, {
    season: part.seasonId === null ? i.m.plans.baseSeason : part.name,
    nights: i.p(i.m.plans.nights, part.nights),
    money: formatAmount(part.pricePerPerson, currency, i.lang),
  });
}

/** The WhatsApp text that carries what the visitor chose, so the owner can answer at once. */
export function stayWhatsappText(
  stay: Stay,
  rules: PricingRules | null,
  currency: Currency,
  settings: Pick<Settings, 'name' | 'copPerUsd'>,
  i: StayI18n,
  guestName?: string,
): string {
  const w = i.m.plans.whatsappText;
  const line = (template: string, value: string | number) => i.t(template, { value });
  const money = (n: number) => formatAmount(n, currency, i.lang);
  const q = quoteStay(stay, rules, currency, settings.copPerUsd);
  const lines = [i.t(w.hello, { name: settings.name })];
  if (guestName) lines.push(line(w.name, guestName));
  if (isIsoDate(stay.checkIn)) lines.push(line(w.checkIn, formatDay(stay.checkIn, i.lang)));
  if (isIsoDate(stay.checkOut)) lines.push(line(w.checkOut, formatDay(stay.checkOut, i.lang)));
  lines.push(line(w.people, stay.numPeople));
  if (q.nights > 0) lines.push(line(w.nights, q.nights));
  if (q.parts.length > 1) for (const part of q.parts) lines.push(partText(part, currency, i));
  if (q.perNight !== null) lines.push(line(w.perNight, money(q.perNight)));
  if (q.total !== null) lines.push(line(w.total, money(q.total)));
  lines.push(w.question);
  return lines.join('\n');
}
