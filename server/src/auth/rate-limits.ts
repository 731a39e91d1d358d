import { rateLimited } from '../domain-errors';

interface Window {
  used: number;
  endsAt: number;
}

/**
 * A fixed-window counter per key; `consume` throws a Spanish 429 with Retry-After once the
 * window is full. It reads the time from the app's clock, so tests can let a window pass.
 */
export class Limiter {
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #windows = new Map<string, Window>();
  /** Ended windows of clients that never came back are dropped at most once per window length. */
  #nextSweep = 0;

  constructor(
    readonly points: number,
    windowMs: number,
    readonly message: string,
    now: () => number = Date.now,
  ) {
    // Whole seconds, as Retry-After counts them.
    this.#windowMs = Math.max(1, Math.ceil(windowMs / 1000)) * 1000;
    this.#now = now;
  }

  #current(key: string, now: number): Window | undefined {
    const w = this.#windows.get(key);
    if (w && w.endsAt <= now) {
      this.#windows.delete(key);
      return undefined;
    }
    return w;
  }

  #count(key: string): Window {
    const now = this.#now();
    if (now >= this.#nextSweep) {
      for (const [k, w] of this.#windows) if (w.endsAt <= now) this.#windows.delete(k);
      this.#nextSweep = now + this.#windowMs;
    }
    let w = this.#current(key, now);
    if (!w) {
      w = { used: 0, endsAt: now + this.#windowMs };
      this.#windows.set(key, w);
    }
    w.used++;
    return w;
  }

  #refuse(w: Window): never {
    throw rateLimited(this.message, (w.endsAt - this.#now()) / 1000);
  }

  /** Throws RATE_LIMITED if the key already used up its window, without counting this call. */
  async check(key: string): Promise<void> {
    const w = this.#current(key, this.#now());
    if (w && w.used >= this.points) this.#refuse(w);
  }

  async consume(key: string): Promise<void> {
    const w = this.#count(key);
    if (w.used > this.points) this.#refuse(w);
  }

  /** Counts a failure without throwing (the caller answers its own error). */
  async penalize(key: string): Promise<void> {
    this.#count(key);
  }

  async reset(key: string): Promise<void> {
    this.#windows.delete(key);
  }
}
