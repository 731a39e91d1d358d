import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBuild } from '../../test-support/build';
import { E2E_EMAILJS } from './e2e-dist';

const WEBSITE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The web-e2e project's one build per run: the site into website/dist-e2e with test EmailJS
 * ids (the production `dist` is never touched).
 */
export default async function setup() {
  const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
  await runBuild('the website (dist-e2e)', [tsxCli, 'scripts/build.ts', '--out', 'dist-e2e'], {
    cwd: WEBSITE_DIR,
    env: { ...E2E_EMAILJS, VITE_API_URL: '/api' },
  });
}
