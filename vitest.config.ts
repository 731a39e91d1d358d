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
    maxWorkers: 2,
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
