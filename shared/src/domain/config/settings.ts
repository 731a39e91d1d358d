import { BUSINESS } from './business';
import type { PublicSettings, Settings } from '../schemas/settings';
import { BOOKING_DEFAULTS, LEGAL_DEFAULTS, PRIVATE_SETTING_KEYS } from './setting-defaults';

/**
 * The settings' fresh-install values and the helpers every page uses to show them, without zod:
 * public pages load this on a first visit, the schema (`schemas/settings.ts`) only with a form.
 */

/** The settings anyone may read: all but `PRIVATE_SETTING_KEYS`. */
export function publicSettings(s: Settings): PublicSettings {
  const hidden: readonly string[] = PRIVATE_SETTING_KEYS;
  return Object.fromEntries(Object.entries(s).filter(([key]) => !hidden.includes(key))) as PublicSettings;
}

/** The settings a page reads: the house's facts are there whenever the server sent the page's data. */
export type PageSettings = Omit<PublicSettings, 'property'> & Partial<Pick<PublicSettings, 'property'>>;

/**
 * A fresh install's settings: today's facts from `business.ts`. Without the house's facts
 * (issue 32), which the server's first settings add (`initialSettings`, server/src/db/settings.ts)
 * with the English texts: every public page's first load carries this object (the fallback of
 * pages without a data island: the /login and /admin shells, the dev server), and only the
 * server renders the house.
 */
export const DEFAULT_SETTINGS: Omit<Settings, 'property'> = {
  name: BUSINESS.name,
  tagline: BUSINESS.tagline,
  phone: BUSINESS.phoneDisplay,
  whatsappNumber: BUSINESS.whatsappNumber,
  whatsappGreeting: BUSINESS.whatsappGreeting,
  email: BUSINESS.email,
  address: BUSINESS.address.display,
  mapUrl: BUSINESS.mapUrl,
  hours: { ...BUSINESS.hours },
  socials: BUSINESS.socials.map((s) => ({ ...s })),
  rnt: BUSINESS.rnt,
  copPerUsd: BUSINESS.copPerUsd,
  minPeople: BUSINESS.minPeople,
  maxPeople: BUSINESS.maxPeople,
  ...BOOKING_DEFAULTS,
  ...LEGAL_DEFAULTS,
};

function digits(s: string): string {
  return s.replace(/\D/g, '');
}

/** E.164 of the shown phone, for `tel:` links and structured data. */
export const phoneE164 = (s: Pick<Settings, 'phone'>): string => `+${digits(s.phone)}`;

/** A wa.me link to the business with a message written in (the greeting by default). */
export const whatsappLink = (s: Pick<Settings, 'whatsappNumber' | 'whatsappGreeting'>, message?: string): string =>
  `https://wa.me/${s.whatsappNumber}?text=${encodeURIComponent(message ?? s.whatsappGreeting)}`;

/** The Spanish reason a group size is outside the owner's limits, or null when it fits. */
export function peopleLimitError(n: number, s: Pick<Settings, 'minPeople' | 'maxPeople'>): string | null {
  if (n < s.minPeople) return `El mínimo es de ${s.minPeople} personas.`;
  if (n > s.maxPeople) return `La capacidad máxima es de ${s.maxPeople} personas.`;
  return null;
}
