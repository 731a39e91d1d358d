import { z } from 'zod';
import { BUSINESS } from '../config/business';
import { LINE_CONTROL, plainLine } from './text';
import { CANCELLATION_POLICY_IDS } from '../pricing/booking';
import { BOOKING_DEFAULTS, LEGAL_DEFAULTS, PRIVATE_SETTING_KEYS, STAY_SETTING_KEYS } from '../config/setting-defaults';
import { CalendarDateSchema } from './availability';
import { formatNit, nitCheckDigit, parseNit } from '../lib/nit';
import { isPlatformHost, OUTSIDE_PLATFORM_IDS, OUTSIDE_PLATFORMS } from '../config/outside-rating';
import { AMENITY_IDS, BED_TYPES, PROPERTY_DEFAULTS } from '../config/property-words';

/**
 * The business facts the owner edits from the panel (issue 11): what every page, e-mail and the
 * desktop app's link allowlist read. `BUSINESS` holds only their values on a fresh install.
 */

/** Networks the site links to, and the hosts each one's profile may live on. */
export const SOCIAL_NETWORKS = {
  Facebook: ['facebook.com', 'www.facebook.com', 'm.facebook.com'],
  Instagram: ['instagram.com', 'www.instagram.com'],
  TikTok: ['tiktok.com', 'www.tiktok.com'],
  YouTube: ['youtube.com', 'www.youtube.com'],
  X: ['x.com', 'twitter.com', 'www.twitter.com'],
} as const satisfies Record<string, readonly string[]>;
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;
const NETWORK_NAMES = Object.keys(SOCIAL_NETWORKS) as [SocialNetwork, ...SocialNetwork[]];

export const SETTINGS_LIMITS = {
  nameMax: 80,
  taglineMax: 160,
  greetingMax: 300,
  addressMax: 200,
  hoursMax: 100,
  urlMax: 500,
  emailMax: 254,
  socialsMax: NETWORK_NAMES.length,
  /** Sane bounds for pesos per dollar: catches a typo of a digit too many or too few. */
  copPerUsdMin: 1_000,
  copPerUsdMax: 20_000,
  /** The cabin's real capacity bounds the people limits; it is a fact of the building, not a setting. */
  peopleMax: BUSINESS.capacity,
  bankAccountMax: 200,
  houseRulesMax: 4_000,
  /** Directions, check-in and check-out steps, arrival instructions: each, per language. */
  stayTextMax: 2_000,
  preArrivalDaysMax: 14,
  legalNameMax: 120,
  outsideCountMax: 1_000_000,
  /** Rooms, bathrooms and beds of one type: a house for the building's 20 people, with room for typos caught. */
  roomsMax: 30,
  bedsMax: 40,
} as const;

const text = (label: string, max: number) =>
  plainLine(
    z
      .string({ error: `Escribe ${label}.` })
      .trim()
      .min(1, `Escribe ${label}.`)
      .max(max, `Admite hasta ${max} caracteres.`),
  );

/**
 * The English version of a text field (issue 23): optional, empty when the owner has not written
 * one, and then the English pages show the Spanish text (marked `lang="es"`).
 */
const english = (max: number) =>
  plainLine(
    z.string({ error: 'Escribe el texto en inglés.' }).trim().max(max, `Admite hasta ${max} caracteres.`),
  ).optional();

const httpsUrl = (label: string) =>
  z
    .string({ error: `Escribe ${label}.` })
    .trim()
    .max(SETTINGS_LIMITS.urlMax, `Admite hasta ${SETTINGS_LIMITS.urlMax} caracteres.`)
    .refine((s) => httpsHost(s) !== null, `Escribe ${label} completo, empezando por https://.`);

/** The host of an https URL without credentials, or null. */
function httpsHost(s: string): string | null {
  if (LINE_CONTROL.test(s) || /\s/.test(s)) return null;
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || !url.hostname.includes('.')) return null;
  return url.hostname.toLowerCase();
}

const SocialSchema = z
  .strictObject({
    name: z.enum(NETWORK_NAMES, { error: `Elige una red: ${NETWORK_NAMES.join(', ')}.` }),
    url: httpsUrl('el enlace del perfil'),
  })
  .superRefine((s, ctx) => {
    const host = httpsHost(s.url);
    if (host !== null && !(SOCIAL_NETWORKS[s.name] as readonly string[]).includes(host))
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: `El enlace debe ser de ${s.name} (${SOCIAL_NETWORKS[s.name][0]}).`,
      });
  });
export type Social = z.infer<typeof SocialSchema>;

const time = z
  .string({ error: 'Escribe la hora como 08:00.' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Escribe la hora como 08:00 (24 horas).');

const people = (label: string) =>
  z
    .number({ error: `Escribe el ${label} de personas.` })
    .int(`El ${label} de personas es un número entero.`)
    .min(1, `El ${label} de personas es al menos 1.`)
    .max(SETTINGS_LIMITS.peopleMax, `La cabaña admite como mucho ${SETTINGS_LIMITS.peopleMax} personas.`);

/** Every field and its rules; the cross-field rules are in `SettingsSchema`. */
const fields = {
  name: text('el nombre', SETTINGS_LIMITS.nameMax),
  tagline: text('la frase de presentación', SETTINGS_LIMITS.taglineMax),
  /** As shown to people; `tel:` links and structured data use `phoneE164` of it. */
  phone: z
    .string({ error: 'Escribe el teléfono.' })
    .trim()
    .regex(/^\+\d[\d ()-]*\d$/, 'Escribe el teléfono con el indicativo del país, p. ej. +57 300 555 0142.')
    .refine((s) => {
      const n = s.replace(/\D/g, '').length;
      return n >= 8 && n <= 15;
    }, 'El teléfono debe tener de 8 a 15 dígitos.'),
  /** wa.me number: digits only, country code first. */
  whatsappNumber: z
    .string({ error: 'Escribe el número de WhatsApp.' })
    .trim()
    .regex(/^\d{8,15}$/, 'Escribe solo dígitos, con el indicativo del país y sin +, p. ej. 573005550142.'),
  whatsappGreeting: text('el saludo de WhatsApp', SETTINGS_LIMITS.greetingMax),
  email: z
    .string({ error: 'Escribe el correo.' })
    .trim()
    .max(SETTINGS_LIMITS.emailMax, 'El correo es demasiado largo.')
    .pipe(z.email('Escribe un correo electrónico válido.')),
  address: text('la dirección', SETTINGS_LIMITS.addressMax),
  mapUrl: httpsUrl('el enlace del mapa'),
  hours: z.strictObject({
    opens: time,
    closes: time,
    display: text('el horario como lo leen los visitantes', SETTINGS_LIMITS.hoursMax),
  }),
  socials: z
    .array(SocialSchema, { error: 'Las redes sociales deben ser una lista.' })
    .max(SETTINGS_LIMITS.socialsMax, `Hasta ${SETTINGS_LIMITS.socialsMax} redes sociales.`),
  /** Registro Nacional de Turismo: listings must display it. */
  rnt: z
    .string({ error: 'Escribe el RNT.' })
    .trim()
    .regex(/^\d{4,10}$/, 'El RNT son de 4 a 10 dígitos.'),
  /** Pesos per dollar, for the USD figures only (payments are in COP). */
  copPerUsd: z
    .number({ error: 'Escribe la tasa como un número.' })
    .finite('Escribe la tasa como un número.')
    .min(SETTINGS_LIMITS.copPerUsdMin, `La tasa debe ser de al menos ${SETTINGS_LIMITS.copPerUsdMin} pesos por dólar.`)
    .max(SETTINGS_LIMITS.copPerUsdMax, `La tasa no puede superar ${SETTINGS_LIMITS.copPerUsdMax} pesos por dólar.`)
    .refine((n) => Number.isInteger(n * 100), 'La tasa admite como mucho dos decimales.'),
  minPeople: people('mínimo'),
  maxPeople: people('máximo'),
  taglineEn: english(SETTINGS_LIMITS.taglineMax),
  whatsappGreetingEn: english(SETTINGS_LIMITS.greetingMax),
  addressEn: english(SETTINGS_LIMITS.addressMax),
  hoursDisplayEn: english(SETTINGS_LIMITS.hoursMax),
};

const optionalLine = (max: number) =>
  plainLine(z.string({ error: 'Escribe un texto.' }).trim().max(max, `Admite hasta ${max} caracteres.`));
const walletNumber = (label: string) =>
  z
    .string({ error: `Escribe el número de ${label}.` })
    .trim()
    .regex(/^(\d{10})?$/, `El número de ${label} son 10 dígitos (p. ej. 3005550142), o déjalo vacío.`);

/** Text of several lines the guest reads as text (house rules, directions, steps): newlines kept, no markup characters. */
const multiline = (max: number, what: string, tooLong = `Admite hasta ${max} caracteres.`) =>
  z
    .string({ error: `Escribe ${what}.` })
    .overwrite((s) => s.replace(/\r\n?/g, '\n'))
    .trim()
    .max(max, tooLong)
    .refine((s) => !/[<>{}`]/.test(s), 'No puede tener los caracteres < > { } `.');

/** A guest's text of the itinerary or the pre-arrival message (issue 32), in one language; '' when none. */
const stayText = (what: string) => multiline(SETTINGS_LIMITS.stayTextMax, what);

const count = (label: string, max: number) =>
  z
    .number({ error: `Escribe el número de ${label}.` })
    .int(`El número de ${label} es un número entero.`)
    .min(0, `El número de ${label} no puede ser negativo.`)
    .max(max, `Admite como mucho ${max} ${label}.`);

/**
 * The property's facts (issue 32): rooms, beds by type and amenities, shown on the home page and
 * /planes in both languages and in the page's structured data. Words: `config/property-words.ts`.
 */
export const PropertySchema = z.strictObject(
  {
    bedrooms: count('habitaciones', SETTINGS_LIMITS.roomsMax),
    bathrooms: count('baños', SETTINGS_LIMITS.roomsMax),
    beds: z.partialRecord(z.enum(BED_TYPES), count('camas', SETTINGS_LIMITS.bedsMax), {
      error: `Las camas son un número por tipo de cama: ${BED_TYPES.join(', ')}.`,
    }),
    amenities: z
      .array(z.enum(AMENITY_IDS, { error: `Elige comodidades de la lista: ${AMENITY_IDS.join(', ')}.` }), {
        error: 'Las comodidades deben ser una lista.',
      })
      .max(AMENITY_IDS.length, `Hasta ${AMENITY_IDS.length} comodidades.`)
      .refine((list) => new Set(list).size === list.length, 'Una comodidad está repetida.'),
  },
  { error: 'Escribe habitaciones, baños, camas y comodidades.' },
);
export type Property = z.infer<typeof PropertySchema>;

/** The booking terms (issue 21): how requests are handled, paid and cancelled. */
const bookingFields = {
  /** Accept a request for free nights at once (the hold starts). */
  instantBooking: z.boolean({ error: 'Elige si las reservas se aceptan al instante.' }),
  depositPercent: z
    .number({ error: 'Escribe el anticipo como un porcentaje.' })
    .int('El anticipo es un porcentaje entero.')
    .min(0, 'El anticipo no puede ser negativo.')
    .max(100, 'El anticipo no puede superar el 100 %.'),
  /** Days before arrival the balance is due; null: on arrival. */
  balanceDueDays: z
    .number({ error: 'Escribe cuántos días antes de la llegada se paga el saldo.' })
    .int('Escribe un número entero de días.')
    .min(1, 'El saldo se paga al menos 1 día antes, o a la llegada.')
    .max(90, 'El saldo se paga como mucho 90 días antes de la llegada.')
    .nullable(),
  /** Per stay, in pesos. */
  cleaningFee: z
    .number({ error: 'Escribe la tarifa de limpieza en pesos.' })
    .int('Escribe la tarifa de limpieza en pesos enteros.')
    .min(0, 'La tarifa de limpieza no puede ser negativa.')
    .max(5_000_000, 'La tarifa de limpieza no puede superar 5 000 000 de pesos.'),
  cancellationPolicy: z.enum(CANCELLATION_POLICY_IDS, {
    error: 'Elige una política de cancelación: flexible, moderada o estricta.',
  }),
  checkInTime: time,
  checkOutTime: time,
  /** Bank, type, number and holder, as the guest must read them ('' when none). */
  bankAccount: optionalLine(SETTINGS_LIMITS.bankAccountMax),
  nequiNumber: walletNumber('Nequi'),
  daviplataNumber: walletNumber('Daviplata'),
  /** Where the owner's alerts go ('' = the admin account's e-mail); private, like the payment keys. */
  notificationEmail: z
    .string({ error: 'Escribe el correo de avisos.' })
    .trim()
    .max(SETTINGS_LIMITS.emailMax, 'El correo es demasiado largo.')
    .refine((s) => s === '' || z.email().safeParse(s).success, 'Escribe un correo electrónico válido, o déjalo vacío.'),
  /** How long an accepted request waits for the deposit. */
  holdHours: z
    .number({ error: 'Escribe cuántas horas se guardan las fechas.' })
    .int('Escribe un número entero de horas.')
    .min(1, 'Las fechas se guardan al menos 1 hora.')
    .max(168, 'Las fechas se guardan como mucho 168 horas (7 días).'),
  /**
   * Days a request may wait unanswered: then it lapses (`vencida`), as it does once its check-in
   * date has passed, so unanswered requests never pile up (issue 28).
   */
  requestExpiryDays: z
    .number({ error: 'Escribe cuántos días espera una solicitud sin respuesta.' })
    .int('Escribe un número entero de días.')
    .min(1, 'Una solicitud espera al menos 1 día.')
    .max(60, 'Una solicitud espera como mucho 60 días.'),
  /** Longest stay instant booking holds at once; a longer request waits for the owner. */
  instantMaxNights: z
    .number({ error: 'Escribe cuántas noches puede tener una reserva inmediata.' })
    .int('Escribe un número entero de noches.')
    .min(1, 'Una reserva inmediata tiene al menos 1 noche.')
    .max(365, 'Una reserva inmediata tiene como mucho 365 noches.'),
  /** Days after check-out the guests' identity documents are kept, then purged (issue 34). */
  identityRetentionDays: z
    .number({ error: 'Escribe cuántos días después de la salida se guardan los documentos de los huéspedes.' })
    .int('Escribe un número entero de días.')
    .min(1, 'Los documentos se guardan al menos 1 día después de la salida.')
    .max(1825, 'Los documentos se guardan como mucho 1825 días (5 años).'),
  /** The lodging's code in Migración Colombia's SIRE, the first column of its file (issue 34); '' until set. */
  sireHotelCode: z
    .string({ error: 'Escribe el código del establecimiento en el SIRE.' })
    .trim()
    .regex(/^(\d{1,10})?$/, 'El código del SIRE son solo dígitos (hasta 10), o déjalo vacío.'),
  /** The DIVIPOLA code of the cabin's municipality (Santiago de Tolú 70820, Coveñas 70221), the file's second column. */
  sireCityCode: z
    .string({ error: 'Escribe el código de la ciudad para el SIRE.' })
    .trim()
    .regex(/^(\d{5})?$/, 'El código de la ciudad (DIVIPOLA) son 5 dígitos, p. ej. 70820 para Santiago de Tolú.'),
  /** The house rules, as the /condiciones page shows them. */
  houseRules: multiline(
    SETTINGS_LIMITS.houseRulesMax,
    'las normas de la casa',
    `Las normas admiten hasta ${SETTINGS_LIMITS.houseRulesMax} caracteres.`,
  ),
  /** Their English version (issue 32): optional, empty when none, and then English pages show the Spanish ones. */
  houseRulesEn: multiline(
    SETTINGS_LIMITS.houseRulesMax,
    'las normas en inglés',
    `Las normas admiten hasta ${SETTINGS_LIMITS.houseRulesMax} caracteres.`,
  ).optional(),
  /** Who signs the itinerary ("Mensaje de …"); '' = the business's name. */
  hostName: optionalLine(SETTINGS_LIMITS.nameMax),
  directionsTolu: stayText('cómo llegar desde Tolú'),
  directionsToluEn: stayText('cómo llegar desde Tolú, en inglés'),
  directionsCovenas: stayText('cómo llegar desde Coveñas'),
  directionsCovenasEn: stayText('cómo llegar desde Coveñas, en inglés'),
  checkInSteps: stayText('los pasos de la llegada'),
  checkInStepsEn: stayText('los pasos de la llegada, en inglés'),
  checkOutSteps: stayText('los pasos de la salida'),
  checkOutStepsEn: stayText('los pasos de la salida, en inglés'),
  arrivalInstructions: stayText('las instrucciones de llegada'),
  arrivalInstructionsEn: stayText('las instrucciones de llegada, en inglés'),
  preArrivalDays: z
    .number({ error: 'Escribe cuántos días antes de la llegada se envían las instrucciones.' })
    .int('Escribe un número entero de días.')
    .min(1, 'Las instrucciones se envían al menos 1 día antes de la llegada.')
    .max(
      SETTINGS_LIMITS.preArrivalDaysMax,
      `Las instrucciones se envían como mucho ${SETTINGS_LIMITS.preArrivalDaysMax} días antes de la llegada.`,
    ),
};

/** The legal entity (issue 35): what the footer, /condiciones, /privacidad and the markup print. */
const legalFields = {
  /** Razón social (or the owner's full name), the data controller under Ley 1581. */
  legalName: text('la razón social', SETTINGS_LIMITS.legalNameMax),
  /** Written with its check digit; stored as 901.555.014-3. */
  nit: z
    .string({ error: 'Escribe el NIT.' })
    .trim()
    .refine((s) => parseNit(s) !== null, 'Escribe el NIT con su dígito de verificación, p. ej. 901.555.014-3.')
    .refine((s) => {
      const n = parseNit(s);
      return n === null || nitCheckDigit(n.base) === n.check;
    }, 'El dígito de verificación no corresponde a ese NIT: revísalo en el RUT.')
    .overwrite((s) => {
      const n = parseNit(s);
      return n ? formatNit(n.base, n.check) : s;
    }),
  /**
   * The rating on Airbnb or Booking.com as the owner read it there, or null: shown with the
   * platform's name, the count, the month and the link, never as the site's own. That the day read
   * is not in the future is checked with the server's clock (settings-service.ts).
   */
  outsideRating: z
    .strictObject({
      platform: z.enum(OUTSIDE_PLATFORM_IDS, { error: 'Elige la plataforma: Airbnb o Booking.com.' }),
      rating: z
        .number({ error: 'Escribe la calificación como un número.' })
        .finite('Escribe la calificación como un número.')
        .min(1, 'La calificación es al menos 1.')
        .refine(
          (n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6,
          'La calificación admite como mucho dos decimales.',
        ),
      count: z
        .number({ error: 'Escribe cuántas reseñas tiene.' })
        .int('Escribe un número entero de reseñas.')
        .min(1, 'Escribe cuántas reseñas tiene (al menos 1).')
        .max(SETTINGS_LIMITS.outsideCountMax, 'Son demasiadas reseñas: revisa el número.'),
      url: httpsUrl('el enlace del anuncio'),
      readOn: CalendarDateSchema('Escribe la fecha en que leíste la calificación como AAAA-MM-DD.'),
    })
    .superRefine((r, ctx) => {
      const p = OUTSIDE_PLATFORMS[r.platform];
      if (r.rating > p.scale)
        ctx.addIssue({
          code: 'custom',
          path: ['rating'],
          message: `En ${p.name} la calificación va de 1 a ${p.scale}.`,
        });
      const host = httpsHost(r.url);
      if (host !== null && !isPlatformHost(r.platform, host))
        ctx.addIssue({
          code: 'custom',
          path: ['url'],
          message: `El enlace debe ser del anuncio en ${p.name} (${p.hosts[0]}).`,
        });
    })
    .nullable(),
};

/** The same fields with their fresh-install values: data files from before issue 21 load with them. */
const d = BOOKING_DEFAULTS;
const bookingFieldsWithDefaults = {
  instantBooking: bookingFields.instantBooking.default(d.instantBooking),
  depositPercent: bookingFields.depositPercent.default(d.depositPercent),
  balanceDueDays: bookingFields.balanceDueDays.default(d.balanceDueDays),
  cleaningFee: bookingFields.cleaningFee.default(d.cleaningFee),
  cancellationPolicy: bookingFields.cancellationPolicy.default(d.cancellationPolicy),
  checkInTime: bookingFields.checkInTime.default(d.checkInTime),
  checkOutTime: bookingFields.checkOutTime.default(d.checkOutTime),
  bankAccount: bookingFields.bankAccount.default(d.bankAccount),
  nequiNumber: bookingFields.nequiNumber.default(d.nequiNumber),
  daviplataNumber: bookingFields.daviplataNumber.default(d.daviplataNumber),
  holdHours: bookingFields.holdHours.default(d.holdHours),
  requestExpiryDays: bookingFields.requestExpiryDays.default(d.requestExpiryDays),
  notificationEmail: bookingFields.notificationEmail.default(d.notificationEmail),
  instantMaxNights: bookingFields.instantMaxNights.default(d.instantMaxNights),
  identityRetentionDays: bookingFields.identityRetentionDays.default(d.identityRetentionDays),
  sireHotelCode: bookingFields.sireHotelCode.default(d.sireHotelCode),
  sireCityCode: bookingFields.sireCityCode.default(d.sireCityCode),
  houseRules: bookingFields.houseRules.default(d.houseRules),
  ...stayFieldsOptional(),
  legalName: legalFields.legalName.default(LEGAL_DEFAULTS.legalName),
  nit: legalFields.nit.default(LEGAL_DEFAULTS.nit),
  outsideRating: legalFields.outsideRating.default(LEGAL_DEFAULTS.outsideRating),
  houseRulesEn: bookingFields.houseRulesEn,
  // Data files from before issue 32 describe the house with a fresh install's facts.
  property: PropertySchema.default(() => structuredClone(PROPERTY_DEFAULTS)),
};

/** The itinerary's settings (issue 32): optional, absent until the owner writes them (setting-defaults.ts). */
function stayFieldsOptional() {
  const out: Record<string, z.ZodType> = {};
  for (const key of STAY_SETTING_KEYS) out[key] = bookingFields[key].optional();
  return out as { [K in (typeof STAY_SETTING_KEYS)[number]]: z.ZodOptional<(typeof bookingFields)[K]> };
}
const crossField = (s: { socials: Social[]; minPeople: number; maxPeople: number }, ctx: z.RefinementCtx) => {
  if (s.minPeople > s.maxPeople)
    ctx.addIssue({
      code: 'custom',
      path: ['maxPeople'],
      message: `El máximo de personas no puede ser menor que el mínimo (${s.minPeople}).`,
    });
  const seen = new Set<string>();
  s.socials.forEach((social, i) => {
    if (seen.has(social.name))
      ctx.addIssue({ code: 'custom', path: ['socials', i, 'name'], message: `${social.name} ya está en la lista.` });
    seen.add(social.name);
  });
};

const SettingsObjectSchema = z.strictObject({ ...fields, ...bookingFieldsWithDefaults });

/** The whole settings object: the owner's GET /api/ajustes/completos, PATCH's answer, the stored value. */
export const SettingsSchema = SettingsObjectSchema.superRefine(crossField);
export type Settings = z.infer<typeof SettingsSchema>;

/** What anyone may read (GET /api/ajustes, every public page's data): all but how guests pay and what only a confirmed guest reads. */
export const PublicSettingsSchema = SettingsObjectSchema.omit(
  Object.fromEntries(PRIVATE_SETTING_KEYS.map((key) => [key, true])) as Record<
    (typeof PRIVATE_SETTING_KEYS)[number],
    true
  >,
).superRefine(crossField);
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

/**
 * PATCH /api/ajustes: any subset, unknown keys refused. The server merges it into the current
 * settings and checks the result with `SettingsSchema`, so the people limits stay consistent
 * even when only one of them is sent.
 */
export const SettingsPatchSchema = z
  .strictObject({ ...fields, ...bookingFields, ...legalFields, property: PropertySchema })
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'No hay ningún ajuste que cambiar.');
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;
