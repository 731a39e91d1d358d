import type { AppDeps } from '../deps';
import { overviewInput } from '../overview/overview-input';
import { computeAlerts } from '../overview/alerts';
import { computeOverview } from '../overview/overview';
import type { ApiHandlers } from './handlers';

/** The owner's overview and the alerts a poller reads: computed from the store at each call. */
export function overviewRoutes({ store, clock, outbox }: AppDeps): Pick<ApiHandlers, 'getOverview' | 'getAlerts'> {
  const input = () => overviewInput(store.view, { smtpConfigured: outbox.configured, now: clock.now() });
  return {
    getOverview: () => computeOverview(input(), clock.now()),
    getAlerts: () => computeAlerts(input()),
  };
}
