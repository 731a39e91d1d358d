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
  houseRules:
    'No se permite fumar dentro de la cabaña.\nNo se admiten fiestas ni eventos.\nMascotas solo con aviso previo.\nSilencio entre las 22:00 y las 8:00.\nEl número de huéspedes no puede superar el de la reserva.',
};

/**
 * How guests pay (bank account, Nequi and Daviplata numbers): only the owner, a guest's private
 * page (GET /api/reserva/:code?t=) and the booking e-mails show them; the public settings
 * (GET /api/ajustes, every page's data) leave them out.
 */
export const PAYMENT_SETTING_KEYS = ['bankAccount', 'nequiNumber', 'daviplataNumber', 'notificationEmail'] as const;

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
