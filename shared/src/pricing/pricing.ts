export type Currency = 'COP' | 'USD';

const copFormat = new Intl.NumberFormat('es-CO', {
  style: 'currency',
  currency: 'COP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Formats an amount given in COP in the chosen currency; USD at the owner's current rate
 * (settings `copPerUsd`), which every caller that may show dollars has to pass.
 */
export function formatMoney(amountCop: number, currency: 'COP'): string;
export function formatMoney(amountCop: number, currency: Currency, copPerUsd: number): string;
export function formatMoney(amountCop: number, currency: Currency, copPerUsd?: number): string {
  if (currency === 'COP') return copFormat.format(amountCop);
  if (copPerUsd === undefined || !(copPerUsd > 0)) throw new Error('formatMoney: USD needs the current rate');
  return usdFormat.format(amountCop / copPerUsd);
}

/** Total per night for a group: people × price per person. */
export function totalPerNight(pricePerPerson: number, people: number): number {
  return pricePerPerson * people;
}

/** Total for the stay, or null while the dates do not give at least one night. */
export function totalForStay(pricePerPerson: number, people: number, nights: number): number | null {
  return nights > 0 ? totalPerNight(pricePerPerson, people) * nights : null;
}
