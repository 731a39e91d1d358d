import { Limiter } from '@cabana/shared/lib/limiter';
import { unavailable } from '../domain-errors';

/** Runs at most `concurrency` jobs at once; refuses new work (UNAVAILABLE) when too many already wait. */
export class WorkQueue {
  readonly #pool: Limiter;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {
    this.#pool = new Limiter(concurrency);
  }

  get running() {
    return this.#pool.running;
  }
  get waiting() {
    return this.#pool.waiting;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.#pool.running >= this.concurrency && this.#pool.waiting >= this.maxWaiting) {
      throw unavailable('Estamos procesando muchas imágenes. Inténtalo de nuevo en un momento.');
    }
    return this.#pool.run(job);
  }
}
