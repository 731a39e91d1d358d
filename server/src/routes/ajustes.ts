import { publicSettings } from '@cabana/shared/domain/config/settings';
import type { AppDeps } from '../deps';
import type { ApiHandlers } from './handlers';

/**
 * The price per person and the business facts: public to read (cached for visitors) but for how
 * guests pay, which only the owner reads; the owner changes them.
 */
export function settingsRoutes({
  settings,
}: AppDeps): Pick<ApiHandlers, 'getPrice' | 'setPrice' | 'getSettings' | 'getOwnerSettings' | 'updateSettings'> {
  return {
    getPrice: { cacheForVisitors: true, handle: () => settings.price() },
    setPrice: ({ precio }) => settings.setPrice(precio),
    // How guests pay stays out of what anyone may read (the guest's private page carries it).
    getSettings: { cacheForVisitors: true, handle: () => publicSettings(settings.settings()) },
    getOwnerSettings: () => settings.settings(),
    updateSettings: (patch) => settings.update(patch),
  };
}
