import { numberFormat, type Lang } from '../i18n/lang';

export type Currency = 'COP' | 'USD';

/** The default currency of each language's pages: foreign guests read dollars first. */
export const DEFAULT_CURRENCY: Record<Lang, Currency> = { es: 'COP', en: 'USD' };

/**
 * Pesos without decimals: "$ 150.000" on Spanish pages, "COP 150,000" on English ones (where a
 * bare "$" would read as dollars). Dollars are "USD 39.47" on every page (issue 32): in Colombia
 * "$" is the pesos' sign.
 */
const copFormat = (lang: Lang) =>
  numberFormat(lang, {
    style: 'currency',
    currency: 'COP',
    ...(lang === 'en' ? { currencyDisplay: 'code' } : {}),
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
const usdFormat = () => numberFormat('en', { style: 'currency', currency: 'USD', currencyDisplay: 'code' });

/**
 * An amount in pesos as the shown currency counts it: pesos as they are, dollars in whole cents at
 * the owner's rate (settings `copPerUsd`), rounded here and only here. Prices are converted once
 * and every row computed from the converted price, so the rows add up to the total (issue 32).
 */
export function inCurrency(amountCop: number, currency: Currency, copPerUsd = 0): number {
  if (currency === 'COP') return amountCop;
  if (!(copPerUsd > 0)) throw new Error('formatMoney: USD needs the current rate');
  return Math.round((amountCop * 100) / copPerUsd);
}

/** Formats an amount counted by `inCurrency`: pesos, or cents of a dollar. */
export const formatAmount = (amount: number, currency: Currency, lang: Lang = 'es'): string =>
  currency === 'COP' ? copFormat(lang).format(amount) : usdFormat().format(amount / 100);

/** Formats an amount given in COP in the chosen currency (dollars need the owner's current rate). */
export function formatMoney(amountCop: number, currency: 'COP', copPerUsd?: number, lang?: Lang): string;
export function formatMoney(amountCop: number, currency: Currency, copPerUsd: number, lang?: Lang): string;
export function formatMoney(amountCop: number, currency: Currency, copPerUsd?: number, lang: Lang = 'es'): string {
  return formatAmount(inCurrency(amountCop, currency, copPerUsd), currency, lang);
}

/** Total per night for a group: people × price per person. */
export function totalPerNight(pricePerPerson: number, people: number): number {
  return pricePerPerson * people;
}

/** Total for the stay, or null while the dates do not give at least one night. */
export function totalForStay(pricePerPerson: number, people: number, nights: number): number | null {
  return nights > 0 ? totalPerNight(pricePerPerson, people) * nights : null;
}
