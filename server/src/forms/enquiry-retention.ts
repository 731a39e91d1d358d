import type { Store } from '../db/store';
import type { Logger } from '../lib/logger';
import { RETENTION_SWEEP_MS, runPeriodically, type Periodic } from '../lib/periodic';

/** The moment `months` calendar months before `now`: enquiries received before it are deleted. */
export function retentionCutoff(months: number, now: number): number {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.getTime();
}

/**
 * Removes enquiries older than the retention period from `store.data` (the caller saves).
 * Personal data is kept only as long as the privacy policy says (Ley 1581, principle of
 * temporality); the count, never the content, goes to the log.
 */
function purgeOldEnquiries(store: Store, months: number, now: number = Date.now()): number {
  const cutoff = retentionCutoff(months, now);
  const all = store.data.enquiries;
  const kept = all.filter((e) => !(Date.parse(e.createdAt) < cutoff));
  const removed = all.length - kept.length;
  if (removed > 0) all.splice(0, Infinity, ...kept);
  return removed;
}

/** Purges at start-up and then every few hours for as long as the server runs. */
export function startEnquiryRetention(store: Store, months: number, log: Logger): Periodic {
  return runPeriodically(
    async () => {
      const removed = purgeOldEnquiries(store, months);
      if (removed === 0) return;
      await store.save();
      log.info(`retention: deleted ${removed} enquiry(ies) older than ${months} months`);
    },
    RETENTION_SWEEP_MS,
    (err) => log.error('retention: purge failed', err),
  );
}
