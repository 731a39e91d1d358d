import { afterEach, beforeAll, expect } from 'vitest';
import { countingFor } from './run-counters';

/**
 * A setup file of every project (vitest.config.ts): after each test, the number of assertions it
 * made (vitest's own count, `expect.getState().assertionCalls`: every `expect(…).matcher()`,
 * `expect.poll` and `expect.soft` call that ran) goes into the test's meta, where the summary
 * reporter (scripts/summary-reporter.ts) adds them up. The suite's size is counted in assertions
 * that ran, not in tests or in lines of test code.
 */
// What the file's browser and builds do is counted for it (test-support/run-counters.ts).
beforeAll(() => countingFor(expect.getState().testPath));

afterEach((context) => {
  context.task.meta.assertionCalls = expect.getState().assertionCalls;
});
