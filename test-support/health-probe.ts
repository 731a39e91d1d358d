import { API_PATHS } from '@cabana/shared/api/paths';

/** What a probe saw: every health check's time in ms, slowest last. */
export interface HealthSamples {
  latencies: number[];
  /** The given percentile (0–100) of the latencies. */
  percentile(p: number): number;
  max: number;
}

export interface HealthProbe {
  /** Stops sending, waits for the checks still out and returns them all. */
  stop(): Promise<HealthSamples>;
}

/**
 * Asks `GET /api/health` every `everyMs` whether or not the earlier checks have answered, as
 * visitors would: a server whose event loop is blocked for two seconds makes every check sent
 * meanwhile slow, not just one. A check that gets no answer within `timeoutMs` counts as that
 * long. At most `maxInFlight` are out at once (the server limits connections per client).
 */
export function probeHealth(origin: string, everyMs = 25, timeoutMs = 10_000, maxInFlight = 40): HealthProbe {
  const latencies: number[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const check = () => {
    if (inFlight.size >= maxInFlight) return;
    const t0 = performance.now();
    const done = fetch(`${origin}/api${API_PATHS.health}`, { signal: AbortSignal.timeout(timeoutMs) })
      .then((res) => res.arrayBuffer())
      .then(
        () => latencies.push(performance.now() - t0),
        () => latencies.push(Math.max(timeoutMs, performance.now() - t0)),
      )
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };
  const timer = setInterval(check, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all([...inFlight]);
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        latencies: sorted,
        percentile: (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0,
        max: sorted.at(-1) ?? 0,
      };
    },
  };
}
