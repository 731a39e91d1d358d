import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where a run's results go (gitignored): file-times.json and the counters below. */
export const TEST_RESULTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results');

/**
 * The name of a run's results: `npm test` runs two vitest processes (scripts/test.mjs) and names
 * each (TEST_JOB), so that neither overwrites the other's; a plain `vitest run` has none.
 */
export const resultsName = (base: string, ext: string) =>
  path.join(TEST_RESULTS_DIR, process.env.TEST_JOB ? `${base}.${process.env.TEST_JOB}.${ext}` : `${base}.${ext}`);

/** One line per counted event, appended by every process of a run (workers, globalSetup). */
export const COUNTERS_FILE = resultsName('counters', 'ndjson');

/**
 * What a run counts, so the summary can say what the suite costs besides time:
 * - `page-load`: a document loaded in a test browser's page (its `load` event: a first visit, a
 *   reload, a full navigation; not client-side navigations),
 * - `axe-run`: one axe-core analysis of a page,
 * - `build`: a build made for the tests (the website, the server, the desktop app),
 * - `browser`: a test browser launched (the detail says which executable and version).
 */
export type CountedEvent = 'page-load' | 'axe-run' | 'build' | 'browser';

/**
 * Counts one event. The summary reporter (scripts/summary-reporter.ts) empties the file when a
 * run starts and adds up its lines at the end; a small append is atomic, so processes that count
 * at once never mix their lines.
 */
export function countEvent(kind: CountedEvent, detail = ''): void {
  mkdirSync(TEST_RESULTS_DIR, { recursive: true });
  appendFileSync(COUNTERS_FILE, `${JSON.stringify({ kind, detail, file: currentFile })}\n`);
}

/** The test file this worker runs (set by test-support/count-assertions.ts), to count per file. */
let currentFile: string | undefined;

export function countingFor(file: string | undefined): void {
  currentFile = file;
}

declare module '@vitest/runner' {
  interface TaskMeta {
    /** The assertions the test made (test-support/count-assertions.ts). */
    assertionCalls?: number;
  }
}
