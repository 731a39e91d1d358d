import { numberFormat, type Lang } from '../i18n/lang';

export type Currency = 'COP' | 'USD';

/** The default currency of each language's pages: foreign guests read dollars first. */
export const DEFAULT_CURRENCY: Record<Lang, Currency> = { es: 'COP', en: 'USD' };

/**
 * Pesos without decimals: "$ 150.000" on Spanish pages, "COP 150,000" on English ones (where a
 * bare "$" would read as dollars). Dollars are written "$39.47" in both.
 */
const copFormat = (lang: Lang) =>
  numberFormat(lang, {
    style: 'currency',
    currency: 'COP',
    ...(lang === 'en' ? { currencyDisplay: 'code' } : {}),
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
const usdFormat = () => numberFormat('en', { style: 'currency', currency: 'USD' });

/**
 * Formats an amount given in COP in the chosen currency; USD at the owner's current rate
 * (settings `copPerUsd`), which every caller that may show dollars has to pass.
 */
export function formatMoney(amountCop: number, currency: 'COP', copPerUsd?: number, lang?: Lang): string;
export function formatMoney(amountCop: number, currency: Currency, copPerUsd: number, lang?: Lang): string;
export function formatMoney(amountCop: number, currency: Currency, copPerUsd?: number, lang: Lang = 'es'): string {
  if (currency === 'COP') return copFormat(lang).format(amountCop);
  if (copPerUsd === undefined || !(copPerUsd > 0)) throw new Error('formatMoney: USD needs the current rate');
  return usdFormat().format(amountCop / copPerUsd);
}

/** Total per night for a group: people × price per person. */
export function totalPerNight(pricePerPerson: number, people: number): number {
  return pricePerPerson * people;
}

/** Total for the stay, or null while the dates do not give at least one night. */
export function totalForStay(pricePerPerson: number, people: number, nights: number): number | null {
  return nights > 0 ? totalPerNight(pricePerPerson, people) * nights : null;
}
