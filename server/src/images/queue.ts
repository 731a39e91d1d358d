import { Limiter } from '@cabana/shared/lib/limiter';
import { unavailable } from '../domain-errors';

export interface WorkQueueOptions {
  /** Spanish message of the 503 given when the queue is full. */
  busyMessage?: string;
  retryAfterSeconds?: number;
}

export const IMAGES_BUSY = 'Estamos procesando muchas imágenes. Inténtalo de nuevo en un momento.';

/** Runs at most `concurrency` jobs at once; refuses new work (UNAVAILABLE) when too many already wait. */
export class WorkQueue {
  readonly #pool: Limiter;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
    readonly opts: WorkQueueOptions = {},
  ) {
    this.#pool = new Limiter(concurrency);
  }

  get running() {
    return this.#pool.running;
  }
  get waiting() {
    return this.#pool.waiting;
  }
  /** True when `run` would refuse a new job right now: callers can say so before doing any work. */
  get full() {
    return this.#pool.running >= this.concurrency && this.#pool.waiting >= this.maxWaiting;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.full) {
      throw unavailable(this.opts.busyMessage ?? IMAGES_BUSY, this.opts.retryAfterSeconds);
    }
    return this.#pool.run(job);
  }
}
