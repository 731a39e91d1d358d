import { rateLimited } from '../domain-errors';

interface Window {
  count: number;
  resetAt: number;
}

export interface LimiterOptions {
  /**
   * Most keys tracked at once. A flood of fresh addresses must not grow memory without end:
   * beyond this the window closest to its end is forgotten first (that client could only gain
   * the budget every fresh address already has).
   */
  maxKeys?: number;
  now?: () => number;
}

const DEFAULT_MAX_KEYS = 10_000;

/**
 * A fixed-window counter per key; `consume` throws a Spanish 429 with Retry-After once the
 * window is full. Kept in one Map in insertion order, which is also the order windows end in
 * (every window has the same length), so expired ones are dropped from the front.
 */
export class Limiter {
  readonly #windows = new Map<string, Window>();
  readonly #maxKeys: number;
  readonly #now: () => number;

  constructor(
    readonly points: number,
    readonly windowMs: number,
    readonly message: string,
    opts: LimiterOptions = {},
  ) {
    this.#maxKeys = Math.max(1, opts.maxKeys ?? DEFAULT_MAX_KEYS);
    this.#now = opts.now ?? Date.now;
  }

  /** Keys tracked right now (bounded by maxKeys). */
  get size(): number {
    return this.#windows.size;
  }

  #prune(now: number) {
    for (const [key, w] of this.#windows) {
      if (w.resetAt > now) break;
      this.#windows.delete(key);
    }
  }

  #live(key: string, now: number): Window | undefined {
    const w = this.#windows.get(key);
    if (w && w.resetAt <= now) {
      this.#windows.delete(key);
      return undefined;
    }
    return w;
  }

  #open(key: string, now: number): Window {
    this.#prune(now);
    while (this.#windows.size >= this.#maxKeys) {
      const oldest = this.#windows.keys().next().value as string;
      this.#windows.delete(oldest);
    }
    const w = { count: 0, resetAt: now + this.windowMs };
    this.#windows.set(key, w);
    return w;
  }

  /** How many times this key was counted in its current window. */
  count(key: string): number {
    return this.#live(key, this.#now())?.count ?? 0;
  }

  /** Throws 429 if the key already used up its window, without counting this call. */
  check(key: string): void {
    const now = this.#now();
    const w = this.#live(key, now);
    if (w && w.count >= this.points) throw rateLimited(this.message, (w.resetAt - now) / 1000);
  }

  /** Counts one use, or throws 429 (without counting) when the window is already full. */
  consume(key: string): void {
    const now = this.#now();
    const w = this.#live(key, now) ?? this.#open(key, now);
    if (w.count >= this.points) throw rateLimited(this.message, (w.resetAt - now) / 1000);
    w.count++;
  }

  /** Gives back one use taken by `consume` (the work it paid for never happened). */
  refund(key: string): void {
    const w = this.#live(key, this.#now());
    if (w && w.count > 0) w.count--;
  }

  /** Counts a use without throwing (the caller answers its own error). */
  penalize(key: string): void {
    const now = this.#now();
    (this.#live(key, now) ?? this.#open(key, now)).count++;
  }

  reset(key: string): void {
    this.#windows.delete(key);
  }
}

/**
 * A budget every visitor shares (enquiries or public photos per window), of which one network
 * may spend only `perNetwork`: a flood from one /24 (or IPv6 /48) cannot block everyone else.
 * Networks, not addresses, because whoever floods usually holds many neighbouring ones; and a
 * share, not a per-client limit, because many real visitors may sit behind one network (CGNAT).
 */
export class SharedBudget {
  readonly #all: Limiter;
  readonly #networks: Limiter;

  constructor(points: number, perNetwork: number, windowMs: number, message: string, opts: LimiterOptions = {}) {
    this.#all = new Limiter(points, windowMs, message, opts);
    this.#networks = new Limiter(Math.min(perNetwork, points), windowMs, message, opts);
  }

  /** Throws 429 if the budget, or this network's share of it, is spent, without counting. */
  check(network: string): void {
    this.#networks.check(network);
    this.#all.check('all');
  }

  /** Counts one use against both, or throws 429 and counts nothing. */
  consume(network: string): void {
    this.#all.check('all');
    this.#networks.consume(network);
    this.#all.consume('all');
  }

  /** Gives back one use taken by `consume`. */
  refund(network: string): void {
    this.#networks.refund(network);
    this.#all.refund('all');
  }
}
