import type { Logger } from '../lib/logger';
import { RETENTION_SWEEP_MS, runPeriodically, type Periodic } from '../lib/periodic';
import type { ImageService } from './image-service';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Photos sent from the public page that nobody approved are deleted `days` after they arrived,
 * with the name their sender gave (Ley 1581's temporality, as for enquiries; /privacidad states
 * the period). At start-up and then every few hours; the count, never a name, goes to the log.
 */
export function startPendingPhotoRetention(
  images: ImageService,
  days: number,
  log: Logger,
  now: () => number,
): Periodic {
  return runPeriodically(
    async () => {
      const removed = await images.removePendingBefore(now() - days * DAY_MS);
      if (removed > 0) log.info(`retention: deleted ${removed} photo(s) still waiting for approval after ${days} days`);
    },
    RETENTION_SWEEP_MS,
    (err) => log.error('retention: deleting photos left waiting for approval failed', err),
  );
}
