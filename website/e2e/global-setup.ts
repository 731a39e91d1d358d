import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_EMAILJS } from './e2e-dist';

const WEBSITE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Builds the site once per test run into website/dist-e2e with test EmailJS ids (and its server
 * build into website/dist-e2e-server, which the test server finds beside it), in a child
 * process so the build's environment never leaks into the tests.
 */
export default async function setup() {
  const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
  const started = Date.now();
  await new Promise<void>((ok, fail) => {
    const child = spawn(process.execPath, [tsxCli, 'scripts/build.ts', '--out', 'dist-e2e'], {
      cwd: WEBSITE_DIR,
      // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, ...E2E_EMAILJS, VITE_API_URL: '/api', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? ok() : fail(new Error(`La compilación e2e del sitio falló (código ${code}):\n${output}`)),
    );
  });
  console.log(`[e2e] sitio compilado en dist-e2e en ${Date.now() - started} ms`);
}
