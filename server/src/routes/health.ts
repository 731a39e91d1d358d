import { Router } from '@koa/router';
import { API_ROUTES } from '@cabana/shared/api/paths';

export function healthRouter(): Router {
  const router = new Router();
  router.get(API_ROUTES.health, (ctx) => {
    ctx.body = { ok: true };
  });
  return router;
}
