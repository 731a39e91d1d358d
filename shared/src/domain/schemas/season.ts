import { z } from 'zod';
import { CALENDAR_LIMITS } from '../config/calendar';
import { seasonProblems } from '../pricing/season-problems';
import { plainLine } from './text';

const SEASON_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** A season as stored and served: nights `[start, end)` at its own price and minimum stay. */
export const SeasonSchema = z.object({
  id: z.string(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  pricePerPerson: z.number().int(),
  minNights: z.number().int(),
});
export type Season = z.infer<typeof SeasonSchema>;

/** Answer of `GET /api/temporadas` (and of the PUT). */
export const SeasonsSchema = z.object({
  base: z.object({ pricePerPerson: z.number().int(), minNights: z.number().int() }),
  seasons: z.array(SeasonSchema),
});
export type Seasons = z.infer<typeof SeasonsSchema>;

const MIN_NIGHTS_MESSAGE = `Las noches mínimas deben ser un número entero entre 1 y ${CALENDAR_LIMITS.maxMinNights}.`;

/** One season in `PUT /api/temporadas`; `id` keeps an existing season's id, a new one gets its own. */
export const SeasonInputSchema = z.strictObject({
  id: z.string().regex(SEASON_ID, 'Identificador de temporada no válido.').optional(),
  name: plainLine(z.string({ error: 'Escribe el nombre de la temporada.' }).trim()),
  start: z.string({ error: 'Elige una fecha de inicio válida.' }).trim(),
  end: z.string({ error: 'Elige una fecha de fin válida.' }).trim(),
  pricePerPerson: z.number({ error: 'El precio debe ser un número.' }),
  minNights: z.number({ error: MIN_NIGHTS_MESSAGE }),
});
export type SeasonInput = z.infer<typeof SeasonInputSchema>;

/** Body of `PUT /api/temporadas`: replaces every season (and, when given, the base minimum stay). */
export const UpdateSeasonsInputSchema = z
  .strictObject({
    seasons: z
      .array(SeasonInputSchema)
      .max(CALENDAR_LIMITS.maxSeasons, `Se admiten hasta ${CALENDAR_LIMITS.maxSeasons} temporadas.`),
    baseMinNights: z
      .number({ error: MIN_NIGHTS_MESSAGE })
      .int(MIN_NIGHTS_MESSAGE)
      .min(1, MIN_NIGHTS_MESSAGE)
      .max(CALENDAR_LIMITS.maxMinNights, MIN_NIGHTS_MESSAGE)
      .optional(),
  })
  .superRefine((input, ctx) => {
    for (const p of seasonProblems(input.seasons)) {
      ctx.addIssue({ code: 'custom', path: ['seasons', p.index, p.field], message: p.message });
    }
    const seen = new Set<string>();
    input.seasons.forEach((s, i) => {
      if (s.id === undefined) return;
      if (seen.has(s.id)) ctx.addIssue({ code: 'custom', path: ['seasons', i, 'id'], message: 'Temporada repetida.' });
      seen.add(s.id);
    });
  });
export type UpdateSeasonsInput = z.infer<typeof UpdateSeasonsInputSchema>;
