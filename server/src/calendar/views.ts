import { API_PATHS } from '@cabana/shared/api/paths';
import type { Feed } from '@cabana/shared/domain/schemas/calendar';
import type { Seasons } from '@cabana/shared/domain/schemas/season';
import type { Config } from '../env';
import type { Data, StoredFeed } from '../db/schema';
import { pricingRules } from './entries';

/**
 * Absolute base of our export links: the configured public origin, else the origin the owner's
 * request came to (the links are pasted into other sites, so they cannot be relative).
 */
export function exportBase(requestOrigin: string, config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl ?? requestOrigin}/api`;
}

export const exportUrl = (base: string, token: string) => `${base}${API_PATHS.calendarExport({ token })}`;

export const feedView = (feed: StoredFeed, base: string): Feed => ({
  id: feed.id,
  name: feed.name,
  url: feed.url,
  exportUrl: exportUrl(base, feed.exportToken),
  lastSyncAt: feed.lastSyncAt,
  lastError: feed.lastError,
});

export function seasonsView(data: Data): Seasons {
  const { base, seasons } = pricingRules(data);
  return { base, seasons: [...seasons].sort((a, b) => (a.start < b.start ? -1 : 1)) };
}
