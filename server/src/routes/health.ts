import type { ApiHandlers } from './handlers';

export function healthRoutes(): Pick<ApiHandlers, 'health'> {
  return { health: () => ({ ok: true }) };
}
