import { BUSINESS } from './business';
import type { PublicSettings, Settings } from '../schemas/settings';

/**
 * The settings' fresh-install values and the helpers every page uses to show them, without zod:
 * public pages load this on a first visit, the schema (`schemas/settings.ts`) only with a form.
 */

/** The booking terms of a fresh install (and of a data file from before issue 21). */
export const BOOKING_DEFAULTS = {
  instantBooking: false,
  depositPercent: 50,
  balanceDueDays: null as number | null,
  cleaningFee: 0,
  cancellationPolicy: 'moderada' as 'flexible' | 'moderada' | 'estricta',
  checkInTime: '15:00',
  checkOutTime: '11:00',
  bankAccount: '',
  nequiNumber: '',
  daviplataNumber: '',
  holdHours: 24,
  requestExpiryDays: 7,
  /** Where the owner's alerts go (issue 29); '' = the admin account's e-mail, never the public contact address. */
  notificationEmail: '',
  /** Longest stay instant booking holds at once; a longer one waits for the owner as a request. */
  instantMaxNights: 30,
  /** Days after check-out the guests' identity documents are kept (issue 34, Ley 1581), then purged. */
  identityRetentionDays: 180,
  houseRules:
    'No se permite fumar dentro de la cabaña.\nNo se admiten fiestas ni eventos.\nMascotas solo con aviso previo.\nSilencio entre las 22:00 y las 8:00.\nEl número de huéspedes no puede superar el de la reserva.',
};

/**
 * How guests pay (bank account, Nequi and Daviplata numbers): only the owner, a guest's private
 * page (GET /api/reserva/:code?t=) and the booking e-mails show them; the public settings
 * (GET /api/ajustes, every page's data) leave them out.
 */
export const PAYMENT_SETTING_KEYS = ['bankAccount', 'nequiNumber', 'daviplataNumber', 'notificationEmail'] as const;

/** The settings anyone may read: all but `PAYMENT_SETTING_KEYS`. */
export function publicSettings(s: Settings): PublicSettings {
  const hidden: readonly string[] = PAYMENT_SETTING_KEYS;
  return Object.fromEntries(Object.entries(s).filter(([key]) => !hidden.includes(key))) as PublicSettings;
}

/** A fresh install's settings: today's facts from `business.ts`. */
export const DEFAULT_SETTINGS: Settings = {
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
