import { Router } from '@koa/router';
import { API_ROUTES } from '@cabana/shared/api/paths';
import { SettingsPatchSchema, SettingsSchema } from '@cabana/shared/schemas/settings';
import type { AppDeps } from '../deps';
import { requireAdmin } from '../middleware/auth';
import { jsonBody, validate } from '../middleware/validate';
import { publicJson } from '../http/public-json';

export function ajustesRouter({ store }: AppDeps): Router {
  const router = new Router();
  router.get(
    API_ROUTES.settings,
    publicJson(store, () => store.data.settings),
  );
  router.patch(API_ROUTES.settings, requireAdmin, jsonBody(), async (ctx) => {
    const patch = validate(SettingsPatchSchema, ctx.request.body);
    // The merged whole is checked again: rules that tie fields together (people limits, one
    // entry per network) hold whichever of them the patch carries. Nothing changes until both pass.
    const next = validate(SettingsSchema, { ...store.data.settings, ...patch });
    store.data.settings = next;
    await store.save();
    ctx.body = next;
  });
  return router;
}
