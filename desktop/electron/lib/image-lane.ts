/**
 * One decode at a time in the main process (decision on the desktop's upload memory): a photo
 * about to be sent goes before the row previews that wait, each kind in its arrival order.
 * p-limit (the project's pool) has no priorities, and this is all the lane needs.
 */
export class ImageLane {
  #busy = false;
  readonly #urgent: Array<() => void> = [];
  readonly #background: Array<() => void> = [];

  /** Jobs waiting for the lane. */
  get waiting(): number {
    return this.#urgent.length + this.#background.length;
  }

  get running(): boolean {
    return this.#busy;
  }

  /** Runs `job` when the lane is free; `urgent` jobs go before every background one still waiting. */
  async run<T>(job: () => T | Promise<T>, opts: { urgent?: boolean } = {}): Promise<T> {
    if (this.#busy) {
      await new Promise<void>((resolve) => (opts.urgent ? this.#urgent : this.#background).push(resolve));
    } else {
      this.#busy = true;
    }
    try {
      return await job();
    } finally {
      // Hand the lane straight to the next job, so it is never free while someone waits.
      const next = this.#urgent.shift() ?? this.#background.shift();
      if (next) next();
      else this.#busy = false;
    }
  }
}
