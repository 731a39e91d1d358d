import { unavailable } from '../middleware/errors';

export interface WorkQueueOptions {
  /** Spanish message of the 503 given when the queue is full. */
  busyMessage?: string;
  retryAfterSeconds?: number;
}

export const IMAGES_BUSY = 'Estamos procesando muchas imágenes. Inténtalo de nuevo en un momento.';

/** Runs at most `concurrency` jobs at once; refuses new work (503) when too many already wait. */
export class WorkQueue {
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
    readonly opts: WorkQueueOptions = {},
  ) {}

  get running() {
    return this.#running;
  }
  get waiting() {
    return this.#waiting.length;
  }
  /** True when `run` would refuse a new job right now: callers can say so before doing any work. */
  get full() {
    return this.#running >= this.concurrency && this.#waiting.length >= this.maxWaiting;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency) {
      if (this.#waiting.length >= this.maxWaiting) {
        throw unavailable(this.opts.busyMessage ?? IMAGES_BUSY, this.opts.retryAfterSeconds);
      }
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    try {
      return await job();
    } finally {
      const next = this.#waiting.shift();
      // Hand the slot straight to the next job, so the count never drops and rises again.
      if (next) next();
      else this.#running--;
    }
  }
}
