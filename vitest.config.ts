import { defineConfig } from 'vitest/config';

// One runner for every workspace. Browser tests launch Debian's Chromium through
// playwright-core themselves, so everything runs in the node environment.
export default defineConfig({
  test: {
    include: ['{shared,server,website,desktop}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/dist-*/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // What a page shows after a click may need code loaded first (forms, client-side navigation);
    // on a machine shared with other builds that takes more than the default second.
    expect: { poll: { timeout: 15_000 } },
    maxWorkers: 2,
    // Builds the website once per run (website/dist-e2e, test EmailJS ids) for the browser tests.
    globalSetup: ['./website/e2e/global-setup.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
