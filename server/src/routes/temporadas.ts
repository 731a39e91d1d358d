import { randomBytes } from 'node:crypto';
import { Router } from '@koa/router';
import { API_ROUTES } from '@cabana/shared/api/paths';
import { UpdateSeasonsInputSchema } from '@cabana/shared/schemas/season';
import type { AppDeps } from '../deps';
import { requireAdmin } from '../middleware/auth';
import { jsonBody, validate } from '../middleware/validate';
import { seasonsView } from '../calendar/views';

const newId = () => randomBytes(12).toString('base64url');

/** Seasons: public to read (the plans page prices stays with them), the admin replaces them. */
export function temporadasRouter({ store }: AppDeps): Router {
  const router = new Router();
  router.get(API_ROUTES.seasons, (ctx) => {
    ctx.body = seasonsView(store.data);
  });
  router.put(API_ROUTES.seasons, requireAdmin, jsonBody(), async (ctx) => {
    // Validated as a whole before anything changes: a bad list leaves the stored seasons alone.
    const input = validate(UpdateSeasonsInputSchema, ctx.request.body);
    store.data.calendar.seasons = input.seasons
      .map((s) => ({
        id: s.id ?? newId(),
        name: s.name,
        start: s.start,
        end: s.end,
        pricePerPerson: s.pricePerPerson,
        minNights: s.minNights,
      }))
      .sort((a, b) => (a.start < b.start ? -1 : 1));
    if (input.baseMinNights !== undefined) store.data.calendar.baseMinNights = input.baseMinNights;
    await store.save();
    ctx.body = seasonsView(store.data);
  });
  return router;
}
