import { Router } from '@koa/router';
import { API_ROUTES } from '@cabana/shared/api/paths';
import type { AppDeps } from '../deps';
import { healthRouter } from './health';
import { imagenesRouter } from './imagenes';
import { precioRouter } from './precio';
import { ajustesRouter } from './ajustes';
import { sesionRouter } from './sesion';
import { consultasRouter } from './consultas';
import { disponibilidadRouter } from './disponibilidad';
import { cotizacionRouter } from './cotizacion';
import { temporadasRouter } from './temporadas';
import { calendarioRouter } from './calendario';
import { fuentesRouter } from './fuentes';

export const API_PREFIX = '/api';

/**
 * Writes anyone may make. Every other POST/PUT/PATCH/DELETE must carry the admin guard;
 * the route inventory test fails otherwise.
 */
export const PUBLIC_WRITE_ROUTES: ReadonlySet<string> = new Set([
  `POST ${API_PREFIX}${API_ROUTES.session}`,
  `DELETE ${API_PREFIX}${API_ROUTES.session}`,
  `POST ${API_PREFIX}${API_ROUTES.enquiries}`,
  `POST ${API_PREFIX}${API_ROUTES.imageUpload}`,
]);

export function createApiRouter(deps: AppDeps): Router {
  const api = new Router({ prefix: API_PREFIX });
  for (const r of [
    healthRouter(),
    imagenesRouter(deps),
    precioRouter(deps),
    ajustesRouter(deps),
    sesionRouter(deps),
    consultasRouter(deps),
    disponibilidadRouter(deps),
    cotizacionRouter(deps),
    temporadasRouter(deps),
    calendarioRouter(deps),
    fuentesRouter(deps),
  ]) {
    api.use(r.routes(), r.allowedMethods());
  }
  return api;
}
