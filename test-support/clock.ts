/**
 * Moved to server/fixtures/clock.ts (shared with server/bench, which must not import test-support);
 * kept here so tests of every workspace import it as before.
 */
export * from '../server/fixtures/clock';
