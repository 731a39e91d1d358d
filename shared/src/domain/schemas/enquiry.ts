import { z } from 'zod';
import { BUSINESS } from '../config/business';
import { LIMITS } from '../config/limits';
import { CALENDAR_LIMITS } from '../config/calendar';
import { isIsoDate, nightsBetween, todayAtCabin } from '../pricing/dates';
import { isCalendarDate } from '../availability/calendar-window';
import { cleanName, cleanText } from './text';

const name = z
  .string()
  .overwrite(cleanName)
  .trim()
  .min(2, 'Escribe tu nombre.')
  .max(LIMITS.nameMax, `El nombre admite hasta ${LIMITS.nameMax} caracteres.`);
const email = z
  .string()
  .trim()
  .max(LIMITS.emailMax, 'El correo es demasiado largo.')
  .pipe(z.email('Escribe un correo electrónico válido.'));
const phone = z
  .string()
  .trim()
  .regex(/^\+?[\d\s().-]{7,}$/, 'Escribe un teléfono válido (solo números, espacios o +).')
  .max(LIMITS.phoneMax, 'El teléfono es demasiado largo.');
/**
 * Size of the group, within the cabin's capacity. The owner's narrower limits (settings
 * `minPeople`/`maxPeople`, `peopleLimitError`) are checked where the current settings are known.
 */
export const NumPeopleSchema = z
  .number({ error: 'Elige el número de personas.' })
  .int('Elige el número de personas.')
  .min(1, 'Elige el número de personas.')
  .max(BUSINESS.capacity, `La capacidad máxima es de ${BUSINESS.capacity} personas.`);
/** The last night a stay may reach: the calendar's own limit, shared with the quote and availability. */
const LAST_DAY = new Date(Date.parse(`${CALENDAR_LIMITS.maxDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const date = (label: string) =>
  z
    .string()
    .trim()
    .refine(isIsoDate, `Elige la fecha de ${label}.`)
    .refine((d) => !isIsoDate(d) || isCalendarDate(d), `Elige una fecha de ${label} hasta el ${LAST_DAY}.`);
const consent = z.literal(true, {
  error: 'Debes aceptar el tratamiento de tus datos personales.',
});
/**
 * Bot traps: the honeypot must stay empty; the token is issued by GET /api/consultas/token, and
 * is empty when the form could not fetch one.
 */
const antiBot = {
  website: z.string().max(200).optional(),
  formToken: z.string().max(500),
};

/** Which date rule a stay breaks, per field (the website words them in the page's language). */
export interface DateProblems {
  checkIn?: 'past';
  checkOut?: 'order' | 'long';
}

/** The reservation's date rules as problems: what `reservationDateErrors` words in Spanish. */
export function reservationDateProblems(
  checkIn: string,
  checkOut: string,
  today: string = todayAtCabin(),
): DateProblems {
  const problems: DateProblems = {};
  if (isIsoDate(checkIn) && checkIn < today) problems.checkIn = 'past';
  if (isIsoDate(checkIn) && isIsoDate(checkOut) && checkOut <= checkIn) problems.checkOut = 'order';
  else if (
    isIsoDate(checkIn) &&
    isIsoDate(checkOut) &&
    nightsBetween(checkIn, checkOut) > CALENDAR_LIMITS.maxStayNights
  ) {
    problems.checkOut = 'long';
  }
  return problems;
}

const DATE_RULE_MESSAGES = {
  past: 'La fecha de llegada no puede estar en el pasado.',
  order: 'La salida debe ser posterior a la llegada.',
  long: `La estadía puede ser de ${CALENDAR_LIMITS.maxStayNights} noches como máximo.`,
};

/**
 * The reservation's date rules. zod skips an object's refinements while other fields are
 * invalid, so forms call this too, to show every error at once.
 */
export function reservationDateErrors(
  checkIn: string,
  checkOut: string,
  today: string = todayAtCabin(),
): { checkIn?: string; checkOut?: string } {
  const p = reservationDateProblems(checkIn, checkOut, today);
  return {
    ...(p.checkIn ? { checkIn: DATE_RULE_MESSAGES[p.checkIn] } : {}),
    ...(p.checkOut ? { checkOut: DATE_RULE_MESSAGES[p.checkOut] } : {}),
  };
}

/** A stay's fields as the guest fills them (the reservation enquiry and the booking request share them). */
export const stayRequestFields = {
  name,
  email,
  phone,
  checkIn: date('llegada'),
  checkOut: date('salida'),
  numPeople: NumPeopleSchema,
  message: z
    .string()
    .overwrite(cleanText)
    .trim()
    .max(LIMITS.messageMax, `El mensaje admite hasta ${LIMITS.messageMax} caracteres.`)
    .default(''),
  consent,
  ...antiBot,
};

/** The date rules of a stay as issues on its fields (for `superRefine`). */
export function checkStayDates(v: { checkIn: string; checkOut: string }, ctx: z.RefinementCtx): void {
  const errors = reservationDateErrors(v.checkIn, v.checkOut);
  if (errors.checkIn) ctx.addIssue({ code: 'custom', path: ['checkIn'], message: errors.checkIn });
  if (errors.checkOut) ctx.addIssue({ code: 'custom', path: ['checkOut'], message: errors.checkOut });
}

/**
 * Why POST /api/consultas refuses `type: "reserva"` (issue 33, one inbox per thing): a stay is
 * asked for on /planes (POST /api/reservas) and answered in the panel's Reservas.
 */
export const RESERVATION_ENQUIRY_MOVED =
  'Las reservas ya no se piden con este formulario: elige tus fechas en /planes (en inglés, /en/plans) y envía allí la solicitud.';

export const ContactInputSchema = z.strictObject({
  type: z.literal('contacto'),
  name,
  email,
  message: z
    .string()
    .overwrite(cleanText)
    .trim()
    .min(2, 'Escribe tu mensaje.')
    .max(LIMITS.messageMax, `El mensaje admite hasta ${LIMITS.messageMax} caracteres.`),
  consent,
  ...antiBot,
});
export type ContactInput = z.infer<typeof ContactInputSchema>;

/**
 * Body of POST /api/consultas: a contact message. A body of the old reservation form gets one
 * answer, whatever else it holds: a stay is asked for on /planes (POST /api/reservas).
 */
export const EnquiryInputSchema = z.discriminatedUnion('type', [
  ContactInputSchema,
  // Never valid: its one issue is the answer, whatever else the body holds.
  z.looseObject({ type: z.literal('reserva') }).superRefine((_body, ctx) => {
    ctx.addIssue({ code: 'custom', message: RESERVATION_ENQUIRY_MOVED, path: [] });
  }),
]);
/** What POST /api/consultas takes through: a contact message. */
export type EnquiryInput = ContactInput;

/**
 * `confirmada` blocks a reservation's nights as a direct booking; `cancelada` (or any other status)
 * leaves them free.
 */
export const EnquiryStatusSchema = z.enum(['nueva', 'respondida', 'confirmada', 'cancelada']);
export type EnquiryStatus = z.infer<typeof EnquiryStatusSchema>;

/**
 * `missing-token`: sent without a form token, which the site's own form does when it could not
 * fetch one (a flaky connection as the visitor started on the form).
 */
export const SuspectReasonSchema = z.enum(['too-fast', 'expired', 'missing-token']);
export type SuspectReason = z.infer<typeof SuspectReasonSchema>;

/** Why a form was kept but marked, for the owner (the panel's inbox and bookings, the owner's e-mail). */
export const SUSPECT_REASON_TEXT: Record<SuspectReason, string> = {
  'too-fast': 'Se envió más rápido de lo que una persona suele escribir (quizás con autocompletar).',
  expired: 'Se envió desde una página abierta hace demasiado tiempo.',
  'missing-token':
    'Llegó sin la verificación del formulario: quizás la conexión falló al abrirlo, o la envió un programa.',
};

const stored = {
  id: z.string(),
  status: EnquiryStatusSchema,
  createdAt: z.string(),
  /** When consent to process personal data was given, and to which policy version. */
  consentAt: z.string(),
  policyVersion: z.string(),
  /**
   * Set when the form looked human but its token did not (sent faster than a person types, from
   * a page left open too long, e.g. after browser autofill, or without a token because the form
   * could not fetch one): kept, and marked in the inbox, rather than dropped while the visitor is
   * told it arrived.
   */
  suspect: SuspectReasonSchema.optional(),
};

/** An enquiry as stored and as the admin inbox receives it (no bot-trap fields). */
export const EnquirySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('reserva'),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    checkIn: z.string(),
    checkOut: z.string(),
    numPeople: z.number().int(),
    message: z.string(),
    /**
     * A request of the old reservation form (before issue 33): archived at the first start that
     * knows Reservas is the one inbox for stays. Its nights stay blocked while `confirmada`.
     */
    archivedAt: z.string().optional(),
    ...stored,
  }),
  z.object({
    type: z.literal('contacto'),
    name: z.string(),
    email: z.string(),
    message: z.string(),
    ...stored,
  }),
]);
export type Enquiry = z.infer<typeof EnquirySchema>;

export const UpdateEnquiryInputSchema = z.strictObject({ status: EnquiryStatusSchema });
export type UpdateEnquiryInput = z.infer<typeof UpdateEnquiryInputSchema>;

/** Body of POST /api/consultas/eliminar: the admin deletes several enquiries at once. */
export const DeleteEnquiriesInputSchema = z.strictObject({
  ids: z
    .array(z.string().max(64))
    .min(1, 'Elige al menos una consulta.')
    .max(500, 'Elimina como máximo 500 consultas a la vez.'),
});
export type DeleteEnquiriesInput = z.infer<typeof DeleteEnquiriesInputSchema>;

/** `<issuedAt>.<nonce>.<hmac>` as GET /api/consultas/token issues it (server/src/forms/form-token.ts). */
export const FORM_TOKEN_PATTERN = /^(\d{10,16})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

/** A token of another shape fails here, and the form then sends none (kept and marked by the server). */
export const FormTokenSchema = z.object({ token: z.string().regex(FORM_TOKEN_PATTERN) });
