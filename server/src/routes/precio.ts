import { Router } from '@koa/router';
import { API_ROUTES } from '@cabana/shared/api/paths';
import { PriceSchema } from '@cabana/shared/schemas/price';
import type { AppDeps } from '../deps';
import { requireAdmin } from '../middleware/auth';
import { jsonBody, validate } from '../middleware/validate';
import { publicJson } from '../http/public-json';

export function precioRouter({ store, clock }: AppDeps): Router {
  const router = new Router();
  router.get(
    API_ROUTES.price,
    publicJson(store, () => ({ precio: store.data.price.precio })),
  );
  router.patch(API_ROUTES.price, requireAdmin, jsonBody(), async (ctx) => {
    // Validated before anything changes, so a bad value leaves the stored price alone.
    const { precio } = validate(PriceSchema, ctx.request.body);
    store.data.price = { precio, updatedAt: new Date(clock.now()).toISOString() };
    await store.save();
    ctx.body = { precio };
  });
  return router;
}
