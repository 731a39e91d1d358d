import { Router } from '@koa/router';
import { API_ROUTES } from '@cabana/shared/api/paths';
import { checkStay, quoteStay } from '@cabana/shared/pricing/seasons';
import { reservationDateErrors } from '@cabana/shared/schemas/enquiry';
import { QuoteQuerySchema, type Quote } from '@cabana/shared/schemas/quote';
import { peopleLimitError } from '@cabana/shared/schemas/settings';
import type { AppDeps } from '../deps';
import { validate } from '../middleware/validate';
import { invalidInput } from '../domain-errors';
import { blockedRanges, pricingRules } from '../calendar/entries';

/** Public: the price of a stay night by night, and whatever would stop it being booked. */
export function cotizacionRouter({ store }: AppDeps): Router {
  const router = new Router();
  router.get(API_ROUTES.quote, (ctx) => {
    const { checkIn, checkOut, numPeople } = validate(QuoteQuerySchema, ctx.query);
    const people = peopleLimitError(numPeople, store.data.settings);
    if (people) throw invalidInput(people, { numPeople: people });
    const rules = pricingRules(store.data);
    const quote = quoteStay({ checkIn, checkOut, numPeople }, rules);
    const stay = checkStay({ checkIn, checkOut }, rules, blockedRanges(store.data));
    const body: Quote = {
      checkIn,
      checkOut,
      numPeople,
      nights: quote.nights,
      nightly: quote.nightly,
      total: quote.total,
      minNights: quote.minNights,
      available: stay.available,
      problems: [...Object.values(reservationDateErrors(checkIn, checkOut)), ...stay.problems],
      breakdown: quote.breakdown,
    };
    ctx.body = body;
  });
  return router;
}
