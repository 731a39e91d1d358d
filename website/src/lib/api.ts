import { createApiClient } from '@cabana/shared/api/client';
import { env } from '../config/env';

/** The website's API client: same origin by default, session cookie when signed in. */
export const api = createApiClient({ baseUrl: env.apiUrl });
