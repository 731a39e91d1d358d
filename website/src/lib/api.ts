import { createApiClient } from '@cabana/shared/api/client';
import { PUBLIC_ROUTES } from '@cabana/shared/api/public-routes';
import { env } from '../config/env';

/**
 * The public pages' API client: the contract's public rows only, so a visitor's forms carry none
 * of the owner's schemas (the panel makes its own client of the whole contract).
 */
export const api = createApiClient(PUBLIC_ROUTES, { baseUrl: env.apiUrl });
