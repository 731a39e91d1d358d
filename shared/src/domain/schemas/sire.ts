import { z } from 'zod';
import { isIsoDate } from '../pricing/dates';

/**
 * The SIRE file and the owner's registration duties (issue 34): owner-only shapes, in a module of
 * their own so the guest's pages (which carry registration.ts through the public contract) do not.
 */

/** A month of SIRE movements, `YYYY-MM`. */
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** GET /api/registro/sire?desde&hasta: the range of movement dates, both days included, at most a year. */
export const SireRangeQuerySchema = z
  .strictObject({
    desde: z
      .string({ error: 'Indica desde qué fecha (desde=AAAA-MM-DD).' })
      .refine(isIsoDate, 'La fecha «desde» va como AAAA-MM-DD.'),
    hasta: z
      .string({ error: 'Indica hasta qué fecha (hasta=AAAA-MM-DD).' })
      .refine(isIsoDate, 'La fecha «hasta» va como AAAA-MM-DD.'),
  })
  .refine((q) => q.hasta >= q.desde, { message: 'La fecha «hasta» no puede ser anterior a «desde».', path: ['hasta'] })
  .refine((q) => Date.parse(q.hasta) - Date.parse(q.desde) <= 366 * 86_400_000, {
    message: 'El archivo del SIRE abarca como mucho un año.',
    path: ['hasta'],
  });
export type SireRangeQuery = z.infer<typeof SireRangeQuerySchema>;

/** A movement that cannot go in the SIRE file as it is: the owner fixes it (panel) or reports it by hand. */
export const SireProblemSchema = z.object({
  bookingId: z.string(),
  code: z.string(),
  guest: z.string(),
  movement: z.enum(['E', 'S']),
  date: z.string(),
  text: z.string(),
});
export type SireProblem = z.infer<typeof SireProblemSchema>;

/** One month of SIRE movements for the panel: the file, what it leaves out, and whether it was uploaded. */
export const SireMonthSchema = z.object({
  month: z.string().regex(MONTH),
  desde: z.string(),
  hasta: z.string(),
  /** Lines in the file (movements of foreign guests in the month). */
  movements: z.number().int(),
  /** Of those, movements already happened (dated today or before). */
  due: z.number().int(),
  problems: z.array(SireProblemSchema),
  /** When the owner marked the month as uploaded to the SIRE portal, and how many movements it had then. */
  uploadedAt: z.string().nullable(),
  uploadedMovements: z.number().int().nullable(),
  fileName: z.string(),
  /** The file itself (CRLF lines, tab-separated), as GET /api/registro/sire answers it. */
  text: z.string(),
});
export type SireMonth = z.infer<typeof SireMonthSchema>;

/** GET /api/registro: the owner's registration duties at a glance (issue 34). */
export const RegistrationStatusSchema = z.object({
  /** Whether the server has MinCIT's token (TRA_TOKEN): without it nothing is filed. */
  traConfigured: z.boolean(),
  /** Whether the SIRE hotel and city codes are set in Ajustes. */
  sireConfigured: z.boolean(),
  /** Months with movements of foreign guests, newest first (the last 12, this one and the next). */
  months: z.array(SireMonthSchema),
});
export type RegistrationStatus = z.infer<typeof RegistrationStatusSchema>;

/** POST /api/registro/sire/subido: the owner uploaded that month's file to the SIRE portal. */
export const MarkSireUploadedInputSchema = z.strictObject({
  month: z.string({ error: 'Indica el mes (AAAA-MM).' }).regex(MONTH, 'El mes va como AAAA-MM.'),
});

/** The stored mark of a month uploaded to SIRE. */
export const SireUploadSchema = z.object({ month: z.string(), at: z.string(), movements: z.number().int() });
export type SireUpload = z.infer<typeof SireUploadSchema>;
