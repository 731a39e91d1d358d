import { BUSINESS } from './business';
import type { OutsideRating } from './outside-rating';

/**
 * The settings' values that the schema (`schemas/settings.ts`) and the zod-free helpers
 * (`config/settings.ts`) both need: a leaf, so neither imports the other's values.
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
  /** The lodging's code in Migración Colombia's SIRE (assigned there) and its city's DIVIPOLA code; '' until set. */
  sireHotelCode: '',
  sireCityCode: '',
  houseRules:
    'No se permite fumar dentro de la cabaña.\nNo se admiten fiestas ni eventos.\nMascotas solo con aviso previo.\nSilencio entre las 22:00 y las 8:00.\nEl número de huéspedes no puede superar el de la reserva.',
};

/** The legal entity and the outside rating of a fresh install (issue 35): samples until the owner sets them. */
export const LEGAL_DEFAULTS = {
  legalName: BUSINESS.dataController.name,
  nit: BUSINESS.dataController.nit,
  outsideRating: null as OutsideRating | null,
};

/**
 * How guests pay (bank account, Nequi and Daviplata numbers): only the owner, a guest's private
 * page (GET /api/reserva/:code?t=) and the booking e-mails show them; the public settings
 * (GET /api/ajustes, every page's data) leave them out.
 */
export const PAYMENT_SETTING_KEYS = ['bankAccount', 'nequiNumber', 'daviplataNumber', 'notificationEmail'] as const;

/**
 * What a confirmed guest reads before and during the stay (issue 32): the itinerary of the
 * confirmation e-mail and private page, and the pre-arrival message. Optional (absent until the
 * owner writes them, so no page carries their defaults): an absent or empty text is left out, an
 * absent English one shows the Spanish text, an absent `hostName` is the business's name.
 * `arrivalInstructions` (Wi-Fi, key, parking) go only in the pre-arrival message.
 */
export const STAY_SETTING_KEYS = [
  'hostName',
  'directionsTolu',
  'directionsToluEn',
  'directionsCovenas',
  'directionsCovenasEn',
  'checkInSteps',
  'checkInStepsEn',
  'checkOutSteps',
  'checkOutStepsEn',
  'arrivalInstructions',
  'arrivalInstructionsEn',
  'preArrivalDays',
] as const;

/** Days before arrival the pre-arrival message goes, until the owner sets `preArrivalDays`. */
export const PRE_ARRIVAL_DAYS_DEFAULT = 3;

/** Every setting the public settings (GET /api/ajustes, every page's data) leave out. */
export const PRIVATE_SETTING_KEYS = [
  ...PAYMENT_SETTING_KEYS,
  ...STAY_SETTING_KEYS,
  // The lodging's codes for Migración's SIRE file (issue 34): the owner's, not the public's.
  'sireHotelCode',
  'sireCityCode',
] as const;

/**
 * The English versions of a fresh install's texts (issue 32), so the English site reads English
 * from the start: the owner edits or empties them in Ajustes. The server's first settings carry
 * them (server/src/db/settings.ts), not `DEFAULT_SETTINGS`, which every public page loads.
 */
export const ENGLISH_DEFAULTS = {
  taglineEn: 'Holiday cabin 10 minutes from the sea in Tolú, Sucre',
  hoursDisplayEn: 'Every day, 8:00 AM – 8:00 PM',
  houseRulesEn:
    'No smoking inside the cabin.\nNo parties or events.\nPets only if you tell us in advance.\nQuiet hours from 10:00 PM to 8:00 AM.\nNo more guests than the booking says.',
};
