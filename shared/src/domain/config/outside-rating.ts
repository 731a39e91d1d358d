/**
 * A rating the cabin has on another platform (issue 35), as the owner read it there: shown with the
 * platform's name, the number of reviews, the month it was read and a link to the listing, never as
 * the site's own. Zod-free: the home page shows it, the settings schema checks it.
 */
export const OUTSIDE_PLATFORMS = {
  airbnb: { name: 'Airbnb', scale: 5, hosts: ['airbnb.com', 'airbnb.com.co'] },
  booking: { name: 'Booking.com', scale: 10, hosts: ['booking.com'] },
} as const;
export type OutsidePlatform = keyof typeof OUTSIDE_PLATFORMS;
export const OUTSIDE_PLATFORM_IDS = Object.keys(OUTSIDE_PLATFORMS) as [OutsidePlatform, ...OutsidePlatform[]];

export interface OutsideRating {
  platform: OutsidePlatform;
  /** As the platform shows it: 1–5 on Airbnb, 1–10 on Booking.com, up to two decimals. */
  rating: number;
  /** Reviews the rating is the average of. */
  count: number;
  /** The listing on that platform (https, the platform's own domain). */
  url: string;
  /** The day the owner read it (YYYY-MM-DD, not in the future). */
  readOn: string;
}

/** Whether a host name is the platform's domain or one of its subdomains. */
export function isPlatformHost(platform: OutsidePlatform, host: string): boolean {
  const h = host.toLowerCase();
  return OUTSIDE_PLATFORMS[platform].hosts.some((d) => h === d || h.endsWith(`.${d}`));
}

const WORDS = {
  es: { on: 'en', reviews: (n: string) => (n === '1' ? '1 reseña' : `${n} reseñas`) },
  en: { on: 'on', reviews: (n: string) => (n === '1' ? '1 review' : `${n} reviews`) },
} as const;

/**
 * "4,9" and "en Airbnb (150 reseñas, nov. 2026)" / "4.9" and "on Airbnb (150 reviews, Nov 2026)":
 * the words the home page links to the listing, the figure apart so it can stand out.
 */
export function outsideRatingParts(r: OutsideRating, lang: 'es' | 'en'): { rating: string; rest: string } {
  const locale = lang === 'es' ? 'es-CO' : 'en-US';
  const rating = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(r.rating);
  const count = new Intl.NumberFormat(locale).format(r.count);
  const parts = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).formatToParts(
    new Date(`${r.readOn}T12:00:00Z`),
  );
  const short = (parts.find((p) => p.type === 'month')?.value ?? '').replace(/\.$/, '');
  const month = `${short}${lang === 'es' ? '.' : ''} ${r.readOn.slice(0, 4)}`;
  const w = WORDS[lang];
  return { rating, rest: `${w.on} ${OUTSIDE_PLATFORMS[r.platform].name} (${w.reviews(count)}, ${month})` };
}

/** The same as one line: "4,9 en Airbnb (150 reseñas, nov. 2026)". */
export function outsideRatingText(r: OutsideRating, lang: 'es' | 'en'): string {
  const { rating, rest } = outsideRatingParts(r, lang);
  return `${rating} ${rest}`;
}
