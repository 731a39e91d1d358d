import { z } from 'zod';
import { isIsoDate } from '../pricing/dates';
import { cleanName } from './text';

/**
 * Guest registration (issue 34): what Colombia's TRA (MinCIT) and, for foreigners, SIRE
 * (Migración Colombia) need of each guest of a stay. The first guest is the main guest
 * (the TRA's "huésped principal"); companions follow, at most the booking's party size.
 * No photo of a document is ever asked (Ley 1581: sensitive data; docs COLOMBIA.md).
 */

/**
 * Document types, by the codes the API and the panel use: cédula de ciudadanía, cédula de
 * extranjería, tarjeta de identidad, pasaporte, documento extranjero; then registro civil (a
 * Colombian child), PEP/PPT (Venezuelan permits) and carné diplomático.
 */
export const DOCUMENT_TYPES = ['CC', 'CE', 'TI', 'PA', 'DE', 'RC', 'PEP', 'PPT', 'CD'] as const;
export const DocumentTypeSchema = z.enum(DOCUMENT_TYPES, {
  error: `Elige el tipo de documento: ${DOCUMENT_TYPES.join(', ')}.`,
});
export type DocumentType = z.infer<typeof DocumentTypeSchema>;

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, { es: string; en: string }> = {
  CC: { es: 'Cédula de ciudadanía', en: 'Colombian citizen ID (cédula)' },
  CE: { es: 'Cédula de extranjería', en: 'Colombian foreigner ID (cédula de extranjería)' },
  TI: { es: 'Tarjeta de identidad', en: 'Colombian minor ID (tarjeta de identidad)' },
  PA: { es: 'Pasaporte', en: 'Passport' },
  DE: { es: 'Documento extranjero', en: 'Foreign ID document' },
  RC: { es: 'Registro civil', en: 'Colombian birth registration (registro civil)' },
  PEP: { es: 'Permiso especial de permanencia', en: 'Special stay permit (PEP)' },
  PPT: { es: 'Permiso por protección temporal', en: 'Temporary protection permit (PPT)' },
  CD: { es: 'Carné diplomático', en: 'Diplomatic ID' },
};

const NAME_MAX = 80;
const CITY_MAX = 80;

/** A one-line text a person types: cleaned like a name, required, bounded. */
const line = (label: string, max: number) =>
  z
    .string({ error: `Escribe ${label}.` })
    .transform((s) => cleanName(s).trim())
    .pipe(
      z
        .string()
        .min(1, `Escribe ${label}.`)
        .max(max, `${label[0]!.toUpperCase()}${label.slice(1)} admite hasta ${max} caracteres.`),
    );

/** A SIRE place code: digits only. */
const placeCode = (what: string) =>
  z
    .string({ error: `Escribe el código SIRE del lugar de ${what}.` })
    .trim()
    .regex(/^\d{1,6}$/, `El código SIRE del lugar de ${what} lleva de 1 a 6 dígitos.`);

/** Letters, digits and dashes, as documents print them (spaces and dots are dropped). */
const DOCUMENT_NUMBER = /^[A-Z0-9-]{3,20}$/;

/** One guest's data, as the form and the API send it. */
export const GuestIdentitySchema = z.strictObject({
  firstNames: line('los nombres', NAME_MAX),
  lastNames: line('los apellidos', NAME_MAX),
  documentType: DocumentTypeSchema,
  documentNumber: z
    .string({ error: 'Escribe el número de documento.' })
    .transform((s) => s.replace(/[\s.]/g, '').toUpperCase())
    .pipe(z.string().regex(DOCUMENT_NUMBER, 'El número de documento lleva de 3 a 20 letras, números o guiones.')),
  nationality: z
    .string({ error: 'Elige la nacionalidad.' })
    .transform((s) => s.trim().toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, 'La nacionalidad va como código de país de dos letras (CO, US, ES…).')),
  birthDate: z
    .string({ error: 'Escribe la fecha de nacimiento.' })
    .refine(isIsoDate, 'La fecha de nacimiento va como AAAA-MM-DD.')
    .refine((d) => d >= '1900-01-01', 'Revisa la fecha de nacimiento.'),
  residenceCity: line('la ciudad de residencia', CITY_MAX),
  originCity: line('la ciudad de procedencia', CITY_MAX),
  /** Where the guest goes after the stay: SIRE asks it of foreigners; optional for Colombians. */
  destinationCity: line('la ciudad de destino', CITY_MAX).optional(),
  /**
   * SIRE's codes of the places of origin and destination (a DIVIPOLA city code, or SIRE's country
   * code abroad), which the owner sets in the panel when the typed city is not one the server
   * codes by itself (config/sire-countries.ts).
   */
  originCode: placeCode('procedencia').optional(),
  destinationCode: placeCode('destino').optional(),
});
export type GuestIdentity = z.infer<typeof GuestIdentitySchema>;

/** The fields a guest fills in the check-in, in the form's order (the owner's form adds SIRE's place codes). */
export const GUEST_FIELDS = [
  'firstNames',
  'lastNames',
  'documentType',
  'documentNumber',
  'nationality',
  'birthDate',
  'residenceCity',
  'originCity',
  'destinationCity',
] as const satisfies readonly (keyof GuestIdentity)[];

/** The party, main guest first (the guest's body adds the link's secret: booking.ts). */
export const GuestsSchema = z
  .array(GuestIdentitySchema, { error: 'Envía la lista de huéspedes.' })
  .min(1, 'Registra al menos al huésped principal.');

/** The owner's PUT body: the party as the owner filled or corrected it. */
export const OwnerRegistrationInputSchema = z.strictObject({ guests: GuestsSchema });
export type OwnerRegistrationInput = z.infer<typeof OwnerRegistrationInputSchema>;

/** The registration as stored on the booking. */
export const RegistrationSchema = z.object({
  guests: z.array(GuestIdentitySchema),
  /** When consent under Ley 1581 was given (the guest's first save; the owner's fill counts as the stay's record). */
  consentAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.enum(['huesped', 'propietario']),
  /**
   * Retention (issue 34, Ley 1581): when the identity data were purged, a set time after
   * check-out. What the stay's record keeps: how many guests, and MinCIT's codes (`booking.tra`).
   */
  purgedAt: z.string().optional(),
  guestCount: z.number().int().optional(),
});
export type Registration = z.infer<typeof RegistrationSchema>;

/** Whether a registration lists every guest of the party (the fields are complete by the schema). */
export const registrationComplete = (r: Registration | undefined, numPeople: number): boolean =>
  r !== undefined && (r.guests.length >= numPeople || (r.purgedAt !== undefined && (r.guestCount ?? 0) >= numPeople));

/** What GET/PUT /api/reserva/:code/huespedes and the owner's calls answer. */
export const RegistrationViewSchema = z.object({
  code: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  /** The party size: the most guests the list may hold, and how many make it complete. */
  numPeople: z.number().int(),
  guests: z.array(GuestIdentitySchema),
  complete: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type RegistrationView = z.infer<typeof RegistrationViewSchema>;

/**
 * The booking's filing with MinCIT's TRA (issue 34): the codes MinCIT answered, the guest being
 * sent (saved before the call: found at start, it means a kill mid-call), retries and errors.
 */
export const TraFilingSchema = z.object({
  /** MinCIT's `code` for the main guest (`padre` of the companions). */
  mainCode: z.number().int().optional(),
  /** MinCIT's codes of the companions, by position (guest 2 at 0); null: not yet filed. */
  companionCodes: z.array(z.number().int().nullable()),
  /** The guest whose POST is under way (0: the main guest); saved before the call. */
  sending: z.object({ index: z.number().int(), at: z.string() }).optional(),
  /**
   * A previous process died between saving `sending` and saving MinCIT's answer: whether MinCIT
   * registered that guest is unknown. Filing stops until the owner checks (never filed twice).
   */
  uncertain: z.object({ index: z.number().int(), at: z.string() }).optional(),
  /** Failed attempts in a row, the next try, the last error (Spanish, for the panel). */
  attempts: z.number().int(),
  nextAt: z.string().optional(),
  lastError: z.string().optional(),
  /** When the owner was told the filing keeps failing (once). */
  failingNotifiedAt: z.string().optional(),
  /** When the whole party, as registered then, was filed (a companion added later is filed after). */
  filedAt: z.string().optional(),
});
export type TraFiling = z.infer<typeof TraFilingSchema>;
