type LoadOutcome<T> = { status: 'ok'; data: T } | { status: 'failed'; error: unknown } | { status: 'cancelled' };

/**
 * One load at a time: starting a new one, or `cancel()`, aborts the one in flight, whose answer
 * (data or error) is then dropped. This is what a component needs so that a slow, stale answer
 * never overwrites a newer one or lands after unmount. Framework-free; `useLoad` wraps it.
 */
export class LatestLoad<T> {
  #current: AbortController | null = null;

  /** Starts `load`, aborting the previous one; resolves with its outcome, never rejects. */
  async run(load: (signal: AbortSignal) => Promise<T>): Promise<LoadOutcome<T>> {
    this.#current?.abort();
    const controller = new AbortController();
    this.#current = controller;
    let outcome: LoadOutcome<T>;
    try {
      outcome = { status: 'ok', data: await load(controller.signal) };
    } catch (error) {
      outcome = { status: 'failed', error };
    }
    if (controller.signal.aborted) return { status: 'cancelled' };
    this.#current = null;
    return outcome;
  }

  /** Aborts the load in flight, if any. */
  cancel(): void {
    this.#current?.abort();
    this.#current = null;
  }
}
