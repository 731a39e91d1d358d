import { unavailable } from '../domain-errors';

/** Runs at most `concurrency` jobs at once; refuses new work (UNAVAILABLE) when too many already wait. */
export class WorkQueue {
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  get running() {
    return this.#running;
  }
  get waiting() {
    return this.#waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency) {
      if (this.#waiting.length >= this.maxWaiting) {
        throw unavailable('Estamos procesando muchas imágenes. Inténtalo de nuevo en un momento.');
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
