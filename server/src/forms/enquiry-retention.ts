import type { Store } from '../db/store';
import type { Logger } from '../deps';

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
export function startEnquiryRetention(
  store: Store,
  months: number,
  log: Logger,
  everyMs = 6 * 60 * 60 * 1000,
): { ready: Promise<void>; stop(): void } {
  const run = async () => {
    const removed = purgeOldEnquiries(store, months);
    if (removed === 0) return;
    await store.save();
    log.info(`retention: deleted ${removed} enquiry(ies) older than ${months} months`);
  };
  const ready = run();
  const timer = setInterval(() => {
    run().catch((err: unknown) => log.error('retention: purge failed', err));
  }, everyMs);
  timer.unref();
  return { ready, stop: () => clearInterval(timer) };
}
