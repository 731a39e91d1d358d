import { afterEach, expect } from 'vitest';
import './run-counters';

/**
 * A setup file of every project (vitest.config.ts): after each test, the number of assertions it
 * made (vitest's own count, `expect.getState().assertionCalls`: every `expect(…).matcher()`,
 * `expect.poll` and `expect.soft` call that ran) goes into the test's meta, where the summary
 * reporter (scripts/summary-reporter.ts) adds them up. The suite's size is counted in assertions
 * that ran, not in tests or in lines of test code.
 */
afterEach((context) => {
  context.task.meta.assertionCalls = expect.getState().assertionCalls;
});
