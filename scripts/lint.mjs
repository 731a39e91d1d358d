// `npm run lint`: the type-check of every project with ESLint (one process that builds each
// program once: scripts/typed-lint.mjs), the format check and knip. Each task is single-threaded
// and they do not depend on each other, so they run two at a time (the CI machine has 2 cores).
// Each task's output is printed whole when it ends; the exit code is non-zero if any task failed.
import { spawn } from 'node:child_process';
import os from 'node:os';

// Longest first, so the short ones fill the gaps at the end.
const tasks = [
  ['node', ['scripts/typed-lint.mjs']],
  ['prettier', ['--check', '.']],
  ['knip', []],
];

// `npm test` runs this beside vitest with LINT_PARALLEL=1 (see scripts/test.mjs).
const parallel = Number(process.env.LINT_PARALLEL) || Math.max(1, Math.min(2, os.availableParallelism()));
let next = 0;
let failed = 0;

function run([bin, args]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const command = bin === 'node' ? [process.execPath, args] : ['npx', ['--no-install', bin, ...args]];
    const child = spawn(command[0], command[1], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? 'ok' : `FAILED (exit ${code})`;
      process.stdout.write(`\n== ${bin} ${args.join(' ')}: ${status} in ${seconds} s\n`);
      const shown = output
        .split('\n')
        .filter((line) => !line.startsWith('npm warn'))
        .join('\n')
        .trim();
      if (shown) process.stdout.write(`${shown}\n`);
      if (code !== 0) failed += 1;
      resolve();
    });
  });
}

async function worker() {
  while (next < tasks.length) await run(tasks[next++]);
}

await Promise.all(Array.from({ length: parallel }, worker));
if (failed > 0) {
  process.stdout.write(`\nlint: ${failed} task(s) failed\n`);
  process.exit(1);
}
