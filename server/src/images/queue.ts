import pLimit, { type LimitFunction } from 'p-limit';
import { unavailable } from '../domain-errors';

export interface WorkQueueOptions {
  /** Spanish message of the 503 given when the queue is full. */
  busyMessage?: string;
  retryAfterSeconds?: number;
}

export const IMAGES_BUSY = 'Estamos procesando muchas imágenes. Inténtalo de nuevo en un momento.';

/** Runs at most `concurrency` jobs at once; refuses new work (UNAVAILABLE) when too many already wait. */
export class WorkQueue {
  // p-limit takes a slot (or a place in line) within the call, so `full` is right for the very
  // next caller, also in a burst of requests handled in one tick.
  readonly #pool: LimitFunction;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
    readonly opts: WorkQueueOptions = {},
  ) {
    this.#pool = pLimit(concurrency);
  }

  get running() {
    return this.#pool.activeCount;
  }
  get waiting() {
    return this.#pool.pendingCount;
  }
  /** True when `run` would refuse a new job right now: callers can say so before doing any work. */
  get full() {
    return this.running >= this.concurrency && this.waiting >= this.maxWaiting;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.full) {
      throw unavailable(this.opts.busyMessage ?? IMAGES_BUSY, this.opts.retryAfterSeconds);
    }
    return this.#pool(job);
  }
}
