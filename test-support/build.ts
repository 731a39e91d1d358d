import { spawn } from 'node:child_process';
import { countEvent } from './run-counters';

/**
 * Runs a build for a test project's globalSetup in a child process, so the build's environment
 * never leaks into the tests. NODE_ENV is production because vitest sets it to `test`, which
 * would make Vite bundle React's development build. Prints how long it took.
 */
export async function runBuild(what: string, args: string[], opts: { cwd: string; env?: Record<string, string> }) {
  const started = Date.now();
  await new Promise<void>((ok, fail) => {
    const child = spawn(process.execPath, args, {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? ok() : fail(new Error(`The build of ${what} failed (exit code ${code}):\n${output}`)),
    );
  });
  countEvent('build', what);
  console.log(`[test build] ${what} in ${Date.now() - started} ms`);
}
