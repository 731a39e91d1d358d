import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by the `slow` project of vitest.config.ts (`npm run test:slow`). */
    longRuns?: boolean;
  }
}

/**
 * True under `npm run test:slow`: the crash and soak tests then run their long versions; in
 * `npm test` they run short ones that exercise the same code paths.
 */
export function longRuns(): boolean {
  return inject('longRuns') === true;
}
