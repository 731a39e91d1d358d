import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CALENDAR_LIMITS } from '@cabana/shared/domain/config/calendar';
import { LIMITS } from '@cabana/shared/domain/config/limits';
import { RequestBookingInputSchema } from '@cabana/shared/domain/schemas/booking';
import {
  ContactInputSchema,
  reservationDateErrors,
  reservationDateProblems,
} from '@cabana/shared/domain/schemas/enquiry';
import { UploadImageFieldsSchema } from '@cabana/shared/domain/schemas/image';
import { ApiError } from '@cabana/shared/api/errors';
import { addDays, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { apiErrorText, apiFieldErrors, dateRuleErrors, fieldErrorsOf } from '../../lib/validation';
import { en } from '../en';
import { es } from '../es';
import { makeI18n } from '../i18n';

const ES = makeI18n('es', es);
const EN = makeI18n('en', en);

const long = (n: number) => 'x'.repeat(n + 1);
const today = todayAtCabin();

/** What an untouched form sends. */
const EMPTY = {
  name: '',
  email: '',
  phone: '',
  checkIn: '',
  checkOut: '',
  message: '',
  consent: false,
  website: '',
  formToken: '',
};

/** Every way the public forms' fields can be wrong (each issue code each field can get). */
const BAD: [z.ZodType, Record<string, unknown>][] = [
  [RequestBookingInputSchema, { ...EMPTY, numPeople: 2 }],
  [
    RequestBookingInputSchema,
    {
      ...EMPTY,
      name: 'J',
      email: 'jane@',
      phone: 'call me',
      checkIn: 'x',
      checkOut: 'y',
      numPeople: 0,
      consent: false,
    },
  ],
  [
    RequestBookingInputSchema,
    {
      ...EMPTY,
      name: long(LIMITS.nameMax),
      email: `${long(LIMITS.emailMax)}@example.com`,
      phone: '1'.repeat(LIMITS.phoneMax + 1),
      numPeople: 999,
      message: long(LIMITS.messageMax),
    },
  ],
  [RequestBookingInputSchema, { ...EMPTY, numPeople: 2.5 }],
  [RequestBookingInputSchema, { ...EMPTY, numPeople: Number.NaN }],
  [ContactInputSchema, { ...EMPTY, type: 'contacto' }],
  [ContactInputSchema, { ...EMPTY, type: 'contacto', message: 'x', email: 'no' }],
  [ContactInputSchema, { ...EMPTY, type: 'contacto', message: long(LIMITS.messageMax) }],
  [UploadImageFieldsSchema, { title: '' }],
  [UploadImageFieldsSchema, { title: long(LIMITS.titleMax), description: long(LIMITS.descriptionMax) }],
];

/** zod's own first message per field, as the forms showed them before the catalogue. */
function zodMessages(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in out)) out[key] = issue.message;
  }
  return out;
}

describe('form errors in both languages', () => {
  const errorOf = (schema: z.ZodType, input: Record<string, unknown>) => {
    const parsed = schema.safeParse(input);
    expect(parsed.success).toBe(false);
    return parsed.error!;
  };

  it('Spanish pages show exactly the schemas’ messages; every issue has its English message', () => {
    const forms = [
      'name',
      'email',
      'phone',
      'checkIn',
      'checkOut',
      'numPeople',
      'message',
      'consent',
      'title',
      'description',
    ];
    for (const [schema, input] of BAD) {
      const error = errorOf(schema, input);
      const fields = Object.keys(zodMessages(error)).filter((k) => forms.includes(k));
      const spanish = fieldErrorsOf(error, ES);
      const english = fieldErrorsOf(error, EN);
      for (const field of fields) {
        expect(spanish[field], field).toBe(zodMessages(error)[field]);
        expect(english[field], field).not.toBe(spanish[field]);
      }
      // The catalogue knows each of these issues (a key per field and issue code).
      for (const issue of error.issues) {
        const field = String(issue.path[0]);
        if (forms.includes(field))
          expect(Object.keys(es.errors), `${field}.${issue.code}`).toContain(`${field}.${issue.code}`);
      }
    }
  });

  it('the date rules: the Spanish words are the shared ones; English has its own', () => {
    const cases = [
      [addDays(today, -3), addDays(today, 2)],
      [addDays(today, 5), addDays(today, 4)],
      [addDays(today, 5), addDays(today, 5 + CALENDAR_LIMITS.maxStayNights + 1)],
    ] as const;
    for (const [checkIn, checkOut] of cases) {
      const problems = reservationDateProblems(checkIn, checkOut);
      expect(dateRuleErrors(problems, ES, CALENDAR_LIMITS.maxStayNights)).toEqual(
        reservationDateErrors(checkIn, checkOut),
      );
      for (const text of Object.values(dateRuleErrors(problems, EN, CALENDAR_LIMITS.maxStayNights)))
        expect(text).toMatch(/^(The|Check-out|A stay)/);
    }
  });

  it("the server's refusals: its own sentence on Spanish pages, the catalogue's by code on English ones", () => {
    const err = new ApiError(409, { error: 'Algunas noches ya están ocupadas.', code: 'CONFLICT' });
    expect(apiErrorText(err, ES)).toBe('Algunas noches ya están ocupadas.');
    expect(apiErrorText(err, EN)).toBe(en.errors.server.CONFLICT);
    expect(apiErrorText(err, EN, 'datesTaken')).toBe(en.errors.server.datesTaken);
    const unknown = new ApiError(418, { error: 'Soy una tetera.', code: 'INTERNAL' });
    expect(apiErrorText(unknown, EN)).toBe(en.errors.server.generic);
    const fields = { numPeople: 'El grupo debe ser de 2 a 20 personas.', weird: 'Algo raro.' };
    expect(apiFieldErrors(fields, ES)).toEqual(fields);
    expect(apiFieldErrors(fields, EN)).toEqual({
      numPeople: en.errors.field.numPeople,
      weird: en.errors.server.VALIDATION,
    });
  });
});
