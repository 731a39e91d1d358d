import { z } from 'zod';
import { CALENDAR_LIMITS } from '../config/calendar';
import { nightsBetween } from '../pricing/dates';
import { CalendarDateSchema } from './availability';
import { NumPeopleSchema } from './enquiry';

/** Query of `GET /api/cotizacion` (query strings carry text: the number of people is read strictly). */
export const QuoteQuerySchema = z
  .object({
    checkIn: CalendarDateSchema('Elige la fecha de llegada (AAAA-MM-DD).'),
    checkOut: CalendarDateSchema('Elige la fecha de salida (AAAA-MM-DD).'),
    numPeople: z
      .string({ error: 'Elige el número de personas.' })
      .regex(/^\d{1,3}$/, 'Elige el número de personas.')
      .transform(Number)
      .pipe(NumPeopleSchema),
  })
  .superRefine((q, ctx) => {
    if (q.checkOut <= q.checkIn) {
      ctx.addIssue({ code: 'custom', path: ['checkOut'], message: 'La salida debe ser posterior a la llegada.' });
    } else if (nightsBetween(q.checkIn, q.checkOut) > CALENDAR_LIMITS.maxStayNights) {
      ctx.addIssue({
        code: 'custom',
        path: ['checkOut'],
        message: `La estadía puede ser de ${CALENDAR_LIMITS.maxStayNights} noches como máximo.`,
      });
    }
  });
export type QuoteQuery = z.infer<typeof QuoteQuerySchema>;

export const QuotePartSchema = z.object({
  seasonId: z.string().nullable(),
  name: z.string(),
  nights: z.number().int(),
  pricePerPerson: z.number().int(),
  subtotal: z.number().int(),
});

/** Answer of `GET /api/cotizacion`: the price of every night and what stands in the way of booking. */
export const QuoteSchema = z.object({
  checkIn: z.string(),
  checkOut: z.string(),
  numPeople: z.number().int(),
  nights: z.number().int(),
  nightly: z.array(z.object({ date: z.string(), pricePerPerson: z.number().int() })),
  total: z.number().int(),
  minNights: z.number().int(),
  available: z.boolean(),
  /** Spanish sentences fit to show; empty when the stay can be asked for. */
  problems: z.array(z.string()),
  /** Nights grouped by season (or base price), in the order of the stay. */
  breakdown: z.array(QuotePartSchema),
});
export type Quote = z.infer<typeof QuoteSchema>;
