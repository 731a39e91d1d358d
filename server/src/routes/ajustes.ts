import type { AppDeps } from '../deps';
import type { ApiHandlers } from './handlers';

/** The price per person and the business facts: public to read (cached for visitors), the owner changes them. */
export function settingsRoutes({
  settings,
}: AppDeps): Pick<ApiHandlers, 'getPrice' | 'setPrice' | 'getSettings' | 'updateSettings'> {
  return {
    getPrice: { cacheForVisitors: true, handle: () => settings.price() },
    setPrice: ({ precio }) => settings.setPrice(precio),
    getSettings: { cacheForVisitors: true, handle: () => settings.settings() },
    updateSettings: (patch) => settings.update(patch),
  };
}
