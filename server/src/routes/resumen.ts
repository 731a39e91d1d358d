import type { AppDeps } from '../deps';
import { overviewInput } from '../overview/overview-input';
import { computeAlerts, computeOverview } from '../overview/overview';
import type { ApiHandlers } from './handlers';

/** The owner's overview and the alerts a poller reads: computed from the store at each call. */
export function overviewRoutes({ store, clock }: AppDeps): Pick<ApiHandlers, 'getOverview' | 'getAlerts'> {
  return {
    getOverview: () => computeOverview(overviewInput(store.view), clock.now()),
    getAlerts: () => computeAlerts(overviewInput(store.view)),
  };
}
