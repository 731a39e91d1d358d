import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBuild } from '../../test-support/build';
import { E2E_EMAILJS } from './e2e-dist';

const WEBSITE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Builds the site once per test run into website/dist-e2e with test EmailJS ids (and its server
 * build into website/dist-e2e-server, which the test server finds beside it), in a child
 * process so the build's environment never leaks into the tests.
 */
export default async function setup() {
  const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
  await runBuild('the website (dist-e2e)', [tsxCli, 'scripts/build.ts', '--out', 'dist-e2e'], {
    cwd: WEBSITE_DIR,
    env: { ...E2E_EMAILJS, VITE_API_URL: '/api' },
  });
}
