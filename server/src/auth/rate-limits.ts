import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited } from '../domain-errors';

/** A fixed-window counter; `consume` throws RATE_LIMITED, with the wait, once the window is full. */
export class Limiter {
  readonly #limiter: RateLimiterMemory;

  constructor(
    readonly points: number,
    windowMs: number,
    readonly message: string,
  ) {
    this.#limiter = new RateLimiterMemory({ points, duration: Math.max(1, Math.ceil(windowMs / 1000)) });
  }

  /** Throws RATE_LIMITED if the key already used up its window, without counting this call. */
  async check(key: string): Promise<void> {
    const res = await this.#limiter.get(key);
    if (res && res.consumedPoints >= this.points) throw rateLimited(this.message, res.msBeforeNext / 1000);
  }

  async consume(key: string): Promise<void> {
    try {
      await this.#limiter.consume(key);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw rateLimited(this.message, res.msBeforeNext / 1000);
      throw res;
    }
  }

  /** Counts a failure without throwing (the caller answers its own error). */
  async penalize(key: string): Promise<void> {
    await this.#limiter.penalty(key, 1);
  }

  async reset(key: string): Promise<void> {
    await this.#limiter.delete(key);
  }
}
