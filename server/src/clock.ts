/**
 * Where the app reads the time. Built once in start.ts and passed to everything that measures
 * time (sessions, form tokens, rate limits, timestamps), so tests can move it forward instead of
 * sleeping.
 */
export interface Clock {
  /** Milliseconds since the epoch, like Date.now(). */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
