import { z } from 'zod';
import { CALENDAR_LIMITS } from '../config/calendar';
import { nightsBetween } from '../pricing/dates';
import { CalendarDateSchema } from './availability';
import { plainLine } from './text';

/** Where a blocked range comes from: the owner, a confirmed direct reservation, or a feed (its id). */
export const CALENDAR_SOURCES = { manual: 'manual', direct: 'directa' } as const;

/** One blocked range in the owner's calendar. */
export const CalendarEntrySchema = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  /** `manual`, `directa` or the id of the feed that imported it. */
  source: z.string(),
  /** The note, the guest's name or the imported event's summary (owner only, never exported). */
  label: z.string(),
});
export type CalendarEntry = z.infer<typeof CalendarEntrySchema>;

/** Body of `POST /api/calendario/bloqueos`. */
export const CreateBlockInputSchema = z
  .strictObject({
    start: CalendarDateSchema('Elige la fecha de inicio del bloqueo.'),
    end: CalendarDateSchema('Elige la fecha de fin del bloqueo.'),
    note: plainLine(
      z
        .string({ error: 'La nota debe ser texto.' })
        .trim()
        .max(CALENDAR_LIMITS.blockNoteMax, `La nota admite hasta ${CALENDAR_LIMITS.blockNoteMax} caracteres.`),
    ).default(''),
  })
  .superRefine((b, ctx) => {
    if (b.end <= b.start) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'El bloqueo debe terminar después de su inicio.' });
    } else if (nightsBetween(b.start, b.end) > CALENDAR_LIMITS.maxBlockNights) {
      ctx.addIssue({
        code: 'custom',
        path: ['end'],
        message: `Un bloqueo puede durar ${CALENDAR_LIMITS.maxBlockNights} noches como máximo.`,
      });
    }
  });
export type CreateBlockInput = z.infer<typeof CreateBlockInputSchema>;

/** A calendar feed of another channel (Airbnb, Booking.com, Vrbo, any iCal URL) and our export for it. */
export const FeedSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  /** Our calendar for this channel to import: everything but this feed's own events. */
  exportUrl: z.string(),
  /** Last successful sync (ISO time), null before the first one. */
  lastSyncAt: z.string().nullable(),
  /** Why the last sync failed (Spanish), null when it worked. */
  lastError: z.string().nullable(),
});
export type Feed = z.infer<typeof FeedSchema>;

/** Apple's and some channels' `webcal://` links are plain https. */
const normalizeFeedUrl = (url: string) => url.replace(/^webcals?:\/\//i, 'https://');

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** Body of `POST /api/calendario/fuentes`. */
export const CreateFeedInputSchema = z.strictObject({
  name: plainLine(
    z
      .string({ error: 'Escribe un nombre para la fuente (por ejemplo, Airbnb).' })
      .trim()
      .min(1, 'Escribe un nombre para la fuente (por ejemplo, Airbnb).')
      .max(CALENDAR_LIMITS.feedNameMax, `El nombre admite hasta ${CALENDAR_LIMITS.feedNameMax} caracteres.`),
  ),
  url: z
    .string({ error: 'Pega la dirección del calendario (iCal).' })
    .trim()
    .max(CALENDAR_LIMITS.feedUrlMax, 'La dirección es demasiado larga.')
    .transform(normalizeFeedUrl)
    .refine(isHttpUrl, 'Pega una dirección de calendario que empiece por https:// o http://.'),
});
export type CreateFeedInput = z.infer<typeof CreateFeedInputSchema>;

/** An imported event overlapping a confirmed direct reservation: both stay, the owner decides. */
export const ConflictSchema = z.object({ direct: CalendarEntrySchema, imported: CalendarEntrySchema });
export type Conflict = z.infer<typeof ConflictSchema>;

/** Answer of `GET /api/calendario`. */
export const CalendarSchema = z.object({
  entries: z.array(CalendarEntrySchema),
  feeds: z.array(FeedSchema),
  conflicts: z.array(ConflictSchema),
  /** Everything we block, for a channel without its own feed here or for the owner's own calendar. */
  exportUrl: z.string(),
});
export type Calendar = z.infer<typeof CalendarSchema>;
