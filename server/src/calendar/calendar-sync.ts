import { todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import type { Store } from '../db/store';
import type { StoredFeed, StoredFeedEvent } from '../db/schema';
import type { Logger } from '../lib/logger';
import { fetchFeed, FeedFetchError, type FetchFeedOptions } from './fetch-feed';
import { FeedBudgetError, FeedParseError, type ParsedEvent } from './parse-feed';
import { FeedParser, ParseCancelledError, type ParseLimits } from './feed-parser';
import { importedEventId } from './entries';

export class FeedNotFoundError extends Error {
  override name = 'FeedNotFoundError';
}

/** A sync that could not read the feed: its blocks were kept and `lastError` says why (Spanish). */
export class FeedSyncError extends Error {
  override name = 'FeedSyncError';
  constructor(
    message: string,
    readonly feed: StoredFeed,
  ) {
    super(message);
  }
}

const UNEXPECTED = 'No se pudo leer el calendario por un error inesperado. Se volverá a intentar más tarde.';

const HOUR_MS = 3_600_000;
/** After a feed ran out of its budget, automatic syncs leave it alone for 1 h, then 2, 4… up to a day. */
const BACKOFF_FIRST_MS = HOUR_MS;
const BACKOFF_MAX_MS = 24 * HOUR_MS;

const backoffMs = (failures: number) =>
  Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, Math.min(failures, 16) - 1));

const retryNote = (ms: number) =>
  ` Se volverá a intentar automáticamente dentro de ${Math.round(ms / HOUR_MS)} h; puedes sincronizarlo a mano antes.`;

export interface CalendarSyncOptions extends Omit<FetchFeedOptions, 'signal'> {
  /** Time between two syncs of every feed; 0 turns the timer off. */
  intervalMs: number;
  log: Logger;
  now?: () => Date;
  /** What parsing one feed file may cost (defaults: CALENDAR_LIMITS). */
  parseLimits?: ParseLimits;
}

interface FeedQueue {
  /** Settles when the last sync asked for has run. */
  tail: Promise<unknown>;
  /** A sync asked for but not started yet: later requests share it rather than queue another. */
  waiting?: Promise<StoredFeed>;
}

/**
 * Imports the owner's other calendars: on start, on a timer and on demand. One sync per feed at a
 * time; a failed fetch changes nothing but the feed's `lastError`. Files are parsed off the event
 * loop within a budget (feed-parser.ts); a feed that exceeds it is left out of the automatic
 * syncs for a while (`retryAt`), which also survives a restart.
 */
export class CalendarSync {
  #queues = new Map<string, FeedQueue>();
  readonly #parser: FeedParser;
  #timer: NodeJS.Timeout | undefined;
  /** The round of every feed under way (start-up's or a timer tick's), if any. */
  #round: Promise<void> | undefined;
  #abort = new AbortController();
  #stopped = false;

  constructor(
    readonly store: Store,
    readonly opts: CalendarSyncOptions,
  ) {
    this.#parser = new FeedParser(opts.parseLimits);
  }

  #now() {
    return (this.opts.now ?? (() => new Date()))();
  }

  /** Syncs every feed now, then every `intervalMs` (the timer never keeps the process alive). */
  start(): void {
    this.#tick();
    if (this.opts.intervalMs > 0) {
      this.#timer = setInterval(() => this.#tick(), this.opts.intervalMs);
      this.#timer.unref();
    }
  }

  /**
   * A tick while the last round still runs (a slow channel, a short interval) is skipped: rounds
   * would otherwise pile up behind each other and fetch several feeds at once.
   */
  #tick(): void {
    if (this.#round) return;
    this.#round = this.syncAll().finally(() => {
      this.#round = undefined;
    });
  }

  /** Stops the timer, cuts fetches and parses short and waits for syncs under way to finish. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    this.#abort.abort();
    await Promise.allSettled([...this.#queues.values()].map((q) => q.tail));
  }

  /**
   * One feed after the other: a cabin has a handful, and this keeps the work off the visitors' way.
   * Feeds backing off after running out of budget wait for their `retryAt`.
   */
  async syncAll(): Promise<void> {
    for (const { id, retryAt } of [...this.store.data.calendar.feeds]) {
      if (this.#stopped) return;
      if (retryAt && Date.parse(retryAt) > this.#now().getTime()) continue;
      await this.syncFeed(id).catch((err: unknown) => {
        if (err instanceof FeedSyncError) this.opts.log.info(`calendar feed ${id}: ${err.message}`);
        else if (!(err instanceof FeedNotFoundError)) this.opts.log.error(`calendar feed ${id} failed`, err);
      });
    }
  }

  /**
   * Fetches and imports one feed; resolves to its state, or rejects with FeedSyncError /
   * FeedNotFoundError. A request while another waits for the feed's sync under way shares the
   * waiting one (it starts after both were made), so clicks cannot pile syncs up.
   */
  syncFeed(id: string): Promise<StoredFeed> {
    const queue = this.#queues.get(id) ?? { tail: Promise.resolve() };
    if (queue.waiting) return queue.waiting;
    const run: Promise<StoredFeed> = queue.tail.then(() => {
      queue.waiting = undefined;
      return this.#sync(id);
    });
    queue.waiting = run;
    const tail = run.catch(() => undefined);
    queue.tail = tail;
    this.#queues.set(id, queue);
    void tail.then(() => {
      if (queue.tail === tail) this.#queues.delete(id);
    });
    return run;
  }

  async #sync(id: string): Promise<StoredFeed> {
    const feed = this.#find(id);
    if (!feed) throw new FeedNotFoundError(id);
    let events: ParsedEvent[] | undefined;
    let error: string | undefined;
    let overBudget = false;
    try {
      const text = await fetchFeed(feed.url, { ...this.opts, signal: this.#abort.signal });
      const { checkInTime, checkOutTime } = this.store.data.settings;
      events = await this.#parser.parse(text, todayAtCabin(this.#now()), this.#abort.signal, {
        checkIn: checkInTime,
        checkOut: checkOutTime,
      });
    } catch (err) {
      if (err instanceof FeedFetchError || err instanceof FeedParseError) {
        error = err.message;
        overBudget = err instanceof FeedBudgetError;
      } else if (!(err instanceof ParseCancelledError)) {
        this.opts.log.error(`calendar feed ${id}: unexpected failure`, err);
        error = UNEXPECTED;
      }
    }
    // Shutting down cut the fetch short: that says nothing about the feed, so nothing is recorded.
    if (this.#stopped && !events) throw new FeedSyncError(error ?? UNEXPECTED, feed);

    // The feed may have been removed while its fetch ran; from here on nothing awaits until the save.
    const current = this.#find(id);
    if (!current) throw new FeedNotFoundError(id);
    const at = this.#now();
    const now = at.toISOString();
    if (events) {
      current.events = upsertEvents(current, events, now);
      current.lastSyncAt = now;
      current.lastError = null;
      delete current.retryAt;
      delete current.budgetFailures;
    } else if (overBudget) {
      const failures = (current.budgetFailures ?? 0) + 1;
      const wait = backoffMs(failures);
      current.budgetFailures = failures;
      current.retryAt = new Date(at.getTime() + wait).toISOString();
      current.lastError = (error ?? UNEXPECTED) + retryNote(wait);
    } else {
      current.lastError = error ?? UNEXPECTED;
    }
    await this.store.save();
    if (!events) throw new FeedSyncError(current.lastError!, current);
    return current;
  }

  #find(id: string): StoredFeed | undefined {
    return this.store.data.calendar.feeds.find((f) => f.id === id);
  }
}

/**
 * The feed's events after a successful fetch, matched to the stored ones by key: a known event
 * keeps its id (so our export's UID stays put), a new one is added, one no longer listed is gone
 * (a cancellation frees its nights).
 */
function upsertEvents(feed: StoredFeed, parsed: readonly ParsedEvent[], now: string): StoredFeedEvent[] {
  const known = new Map(feed.events.map((e) => [e.key, e]));
  const used = new Set<string>();
  return parsed.map((e) => {
    // A feed listing one UID twice (against the RFC) keeps both, told apart by their dates.
    const key = used.has(e.key) ? `${e.key}~${e.start}~${e.end}` : e.key;
    used.add(key);
    const old = known.get(key);
    return {
      id: old?.id ?? importedEventId(feed.id, key),
      key,
      start: e.start,
      end: e.end,
      summary: e.summary,
      firstSeenAt: old?.firstSeenAt ?? now,
    };
  });
}
