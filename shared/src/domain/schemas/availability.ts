import { z } from 'zod';
import { isCalendarDate } from '../availability/calendar-window';

/** A YYYY-MM-DD date at the cabin, within the calendar's years. */
export const CalendarDateSchema = (message = 'Usa una fecha válida con el formato AAAA-MM-DD.') =>
  z.string({ error: message }).trim().refine(isCalendarDate, message);

/** Nights `[start, end)`: `end` is the day after the last night. */
export const DateRangeSchema = z.object({ start: z.string(), end: z.string() });
export type DateRangeOutput = z.infer<typeof DateRangeSchema>;

/** Query of `GET /api/disponibilidad`; both ends are optional (today and about 12 months ahead). */
export const AvailabilityQuerySchema = z.object({
  from: CalendarDateSchema('La fecha "from" no es válida (AAAA-MM-DD).').optional(),
  to: CalendarDateSchema('La fecha "to" no es válida (AAAA-MM-DD).').optional(),
});
export type AvailabilityQuery = z.infer<typeof AvailabilityQuerySchema>;

/** Answer of `GET /api/disponibilidad`: merged, sorted blocked ranges; nothing about who or why. */
export const AvailabilitySchema = z.object({
  from: z.string(),
  to: z.string(),
  blocked: z.array(DateRangeSchema),
});
export type Availability = z.infer<typeof AvailabilitySchema>;
