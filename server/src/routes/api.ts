import type { Router } from '@koa/router';
import { API } from '@cabana/shared/api/contract';
import { API_PREFIX } from '@cabana/shared/api/http';
import type { RouteSpec } from '@cabana/shared/api/route';
import type { AppDeps } from '../deps';
import { contractRouter } from '../http/contract-router';
import { healthRoutes } from './health';
import { imageRoutes } from './imagenes';
import { settingsRoutes } from './ajustes';
import { sessionRoutes } from './sesion';
import { enquiryRoutes } from './consultas';
import { calendarRoutes } from './calendario';
import { bookingRoutes } from './reservas';
import { overviewRoutes } from './resumen';
import { paymentRoutes } from './pagos';
import { registrationRoutes } from './huespedes';
import { reviewRoutes } from './opiniones';

export { API_PREFIX };

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes anyone may make, as the contract says. Every other write carries the admin guard; the
 * route inventory test checks both against the mounted router.
 */
export const PUBLIC_WRITE_ROUTES: ReadonlySet<string> = new Set(
  (Object.values(API) as RouteSpec[])
    .filter((spec) => spec.access === 'public' && WRITE_METHODS.has(spec.method))
    .map((spec) => `${spec.method} ${API_PREFIX}${spec.path}`),
);

/** The whole API: every contract row with the handler of its resource. */
export function createApiRouter(deps: AppDeps): Router {
  return contractRouter(
    API,
    {
      ...healthRoutes(),
      ...imageRoutes(deps),
      ...settingsRoutes(deps),
      ...sessionRoutes(deps),
      ...enquiryRoutes(deps),
      ...calendarRoutes(deps),
      ...bookingRoutes(deps),
      ...overviewRoutes(deps),
      ...paymentRoutes(deps),
      ...registrationRoutes(deps),
      ...reviewRoutes(deps),
    },
    { store: deps.store, verify: deps.config.verifyContract },
  ).prefix(API_PREFIX);
}
