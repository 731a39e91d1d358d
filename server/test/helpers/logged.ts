import type { TestServer } from '../../../test-support/server';

/** What `s` logs as an unexpected failure from now on, each as `[message, error]` (still logged as before). */
export function loggedErrors(s: TestServer): unknown[] {
  const logged: unknown[] = [];
  const log = s.running.deps.log;
  const original = log.error.bind(log);
  log.error = (msg, err) => {
    logged.push([msg, err]);
    original(msg, err);
  };
  return logged;
}
