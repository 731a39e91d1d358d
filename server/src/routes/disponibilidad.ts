import { Router } from '@koa/router';
import { API_ROUTES } from '@cabana/shared/api/paths';
import { CALENDAR_LIMITS } from '@cabana/shared/config/calendar';
import { availabilityWindowEnd } from '@cabana/shared/availability/calendar-window';
import { clipRanges } from '@cabana/shared/availability/ranges';
import { nightsBetween, todayAtCabin } from '@cabana/shared/pricing/dates';
import { AvailabilityQuerySchema, type Availability } from '@cabana/shared/schemas/availability';
import type { AppDeps } from '../deps';
import { invalidInput } from '../domain-errors';
import { validate } from '../middleware/validate';
import { blockedRanges } from '../calendar/entries';

/** Public: which nights are taken, merged, with nothing about who or why. */
export function disponibilidadRouter({ store }: AppDeps): Router {
  const router = new Router();
  router.get(API_ROUTES.availability, (ctx) => {
    const query = validate(AvailabilityQuerySchema, ctx.query);
    const from = query.from ?? todayAtCabin();
    const to = query.to ?? availabilityWindowEnd(from);
    if (to <= from) {
      throw invalidInput('La fecha final ("to") debe ser posterior a la inicial ("from").', {
        to: 'Debe ser posterior a "from".',
      });
    }
    if (nightsBetween(from, to) > CALENDAR_LIMITS.maxWindowDays) {
      throw invalidInput(`Consulta como máximo ${CALENDAR_LIMITS.maxWindowDays} días a la vez.`, {
        to: 'Intervalo demasiado largo.',
      });
    }
    const body: Availability = { from, to, blocked: clipRanges(blockedRanges(store.view), { start: from, end: to }) };
    ctx.body = body;
  });
  return router;
}
