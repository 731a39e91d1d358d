/**
 * Runs at most `concurrency` jobs at once; the others wait their turn, first come first served.
 * The one worker pool of the project: the server's image queue, the panel's uploads and the
 * desktop's bulk upload all run on it. Works the same in Node and in browsers.
 */
export class Limiter {
  #running = 0;
  readonly #waiting: Array<() => void> = [];
  /** How many of `#waiting`, at its front, asked to go ahead. */
  #ahead = 0;

  constructor(readonly concurrency: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new RangeError(`concurrency must be a whole number of at least 1, not ${concurrency}`);
    }
  }

  /** Jobs running now. */
  get running(): number {
    return this.#running;
  }

  /** Jobs waiting for a slot. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * Runs `job` as soon as a slot is free and settles as it does. A job that throws frees its
   * slot like one that succeeds. The slot is taken (or the place in line) before `run` returns,
   * so callers can check `running` and `waiting` right after. A job run `ahead` waits behind
   * the other `ahead` ones only, in front of every job queued without it.
   */
  async run<T>(job: () => T | Promise<T>, opts: { ahead?: boolean } = {}): Promise<T> {
    if (this.#running >= this.concurrency) {
      await new Promise<void>((resolve) => {
        if (opts.ahead) this.#waiting.splice(this.#ahead++, 0, resolve);
        else this.#waiting.push(resolve);
      });
    } else {
      this.#running++;
    }
    try {
      return await job();
    } finally {
      const next = this.#waiting.shift();
      if (this.#ahead > 0) this.#ahead--;
      // Hand the slot straight to the next job, so the count never drops and rises again.
      if (next) next();
      else this.#running--;
    }
  }
}

/** Calls `fn` on every item, at most `concurrency` at a time; resolves with the results in order. */
export function mapLimited<T, R>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T, index: number) => R | Promise<R>,
): Promise<R[]> {
  const limiter = new Limiter(concurrency);
  return Promise.all(items.map((item, index) => limiter.run(() => fn(item, index))));
}
