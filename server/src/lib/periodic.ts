export interface Periodic {
  /** The first run, which start-up waits for (its failure stops the start). */
  ready: Promise<void>;
  stop(): void;
}

/**
 * Runs `task` now and then every `everyMs` for as long as the server runs (the retention
 * sweeps). A later run that fails is reported to `onError`, and the next one tries again.
 */
export function runPeriodically(task: () => Promise<void>, everyMs: number, onError: (err: unknown) => void): Periodic {
  const ready = task();
  const timer = setInterval(() => void task().catch(onError), everyMs);
  timer.unref();
  return { ready, stop: () => clearInterval(timer) };
}

/** How often the retention sweeps run, beside the one at start-up. */
export const RETENTION_SWEEP_MS = 6 * 60 * 60 * 1000;
