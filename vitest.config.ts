import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './scripts/longest-first-sequencer';

/**
 * One runner, one project per kind of test, each building only what it needs:
 *   unit         shared and website units, pure server units          npm run test:unit
 *   api          server/test over real HTTP; builds server/dist       npm run test:api
 *   beside       crash, soak, launcher, hostile feeds, Node versions, slow clients, upload
 *                memory: the files that mostly wait; builds server/dist  npm run test:beside
 *   web-e2e      website/e2e in Chromium; builds website/dist-e2e     npm run test:e2e
 *   desktop      desktop/test against the real server (no build)      npm run test:desktop
 *   desktop-e2e  the built desktop app; builds desktop/dist*          npm run test:desktop
 *   slow         long crash and soak runs, only with TEST_SLOW=1      npm run test:slow, test:crash
 * A build lives in its project's globalSetup, which vitest runs only when that project has files
 * in the run: `vitest run --project unit` builds nothing, `vitest run server/test/x.test.ts` only
 * server/dist (esbuild, about a second).
 * Browser tests launch Debian's Chromium through playwright-core themselves, so everything runs
 * in the node environment.
 */
const UNIT = [
  'shared/src/**/*.test.{ts,tsx}',
  'website/src/**/*.test.{ts,tsx}',
  'server/test/units.test.ts',
  'server/test/config.test.ts',
  'server/test/rate-limits.test.ts',
  'scripts/**/*.test.ts',
];
const DESKTOP_E2E = ['desktop/test/**/*.e2e.test.ts', 'desktop/test/packaging.test.ts', 'desktop/test/preload.test.ts'];
const SLOW = ['server/test/crash.test.ts', 'server/test/soak.test.ts'];
/**
 * Files that mostly wait on child processes (killed and restarted servers, slow clients, the
 * launcher, a server seeding its photos, an uploading process): `npm test` runs them in a second
 * vitest process beside the rest (scripts/test.mjs), so their waiting overlaps the others' work.
 * A plain `vitest run` runs them as one more project. Not the hostile feeds: they assert the
 * server's health-check latency while it parses, which a third busy process pushed over its bound.
 */
const BESIDE = [
  'server/test/crash.test.ts',
  'server/test/soak.test.ts',
  'server/test/launcher.test.ts',
  'server/test/node-versions.test.ts',
  'server/test/slow-clients.test.ts',
  'desktop/test/upload-memory.test.ts',
];
/** server/dist, built once before the files of the projects whose tests start it or its tools. */
const SERVER_DIST = './test-support/server-dist.ts';

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**', '**/dist-*/**'],
    environment: 'node',
    // Every save checks that the store's change tracking saw every change (server/src/db/store.ts):
    // for the server processes tests start with this environment (the built server, the CLI tools).
    // In-process test servers get it from TEST_ENV (test-support/server.ts), stores a test opens
    // itself from openTestStore (server/test/helpers/store.ts).
    env: { CABANA_STORE_VERIFY: '1' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // What a page shows after a click may need code loaded first (forms, client-side navigation);
    // on a machine shared with other builds that takes more than the default second.
    expect: { poll: { timeout: 15_000 } },
    maxWorkers: 2,
    // A worker runs file after file in one process and keeps the modules it imported: the server,
    // playwright and React are loaded once per worker, not once per file (import time 100 s -> 8 s
    // over the api project alone). Each file still starts its own server, data folder and browser;
    // nothing in the suite keeps state in a module between files. desktop-e2e stays isolated:
    // its files mock `electron` (vi.mock), which must not outlive them.
    isolate: false,
    sequence: { sequencer: LongestFirstSequencer },
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Counts the assertions each test made, for the summary (test-support/count-assertions.ts).
    setupFiles: ['./test-support/count-assertions.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT } },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['server/test/**/*.test.ts'],
          exclude: [...UNIT, ...BESIDE],
          globalSetup: [SERVER_DIST],
        },
      },
      { extends: true, test: { name: 'beside', include: BESIDE, globalSetup: [SERVER_DIST] } },
      {
        extends: true,
        test: {
          name: 'web-e2e',
          include: ['website/e2e/**/*.test.ts'],
          globalSetup: ['./website/e2e/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'desktop', include: ['desktop/test/**/*.test.ts'], exclude: [...DESKTOP_E2E, ...BESIDE] },
      },
      {
        extends: true,
        test: {
          name: 'desktop-e2e',
          include: DESKTOP_E2E,
          globalSetup: ['./desktop/test/global-setup.ts'],
          isolate: true,
        },
      },
      // Defined only when asked for, so that no plain `vitest run` (npm test, a path filter) runs it.
      ...(process.env.TEST_SLOW === '1'
        ? [
            {
              extends: true as const,
              test: { name: 'slow', include: SLOW, globalSetup: [SERVER_DIST], provide: { longRuns: true } },
            },
          ]
        : []),
    ],
  },
});
