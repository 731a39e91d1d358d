import type { Clock } from '../server/src/clock';

/**
 * The app's clock for tests: it follows real time, plus whatever the test skipped with
 * `advance`, so an expiry or a rate-limit window can pass without a sleep. Following real time
 * (rather than standing still) keeps every other timestamp ordered as in production.
 */
export class TestClock implements Clock {
  #skipped = 0;

  now(): number {
    return Date.now() + this.#skipped;
  }

  advance(ms: number): void {
    if (!(ms >= 0)) throw new Error(`a test clock only moves forward (asked for ${ms} ms)`);
    this.#skipped += ms;
  }
}
