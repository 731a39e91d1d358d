// `npm test`: the lint tasks (scripts/lint.mjs, one at a time) and the whole vitest suite, at
// once. The browser tests leave the CPU idle while pages load and servers answer; the lint tasks
// fill those gaps, so the two together take little more than the suite alone. Either failing
// fails the run.
import { spawn } from 'node:child_process';

const run = (command, args, env = {}) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => resolve(code ?? 1));
  });

const [lint, suite] = await Promise.all([
  run('node', ['scripts/lint.mjs'], { LINT_PARALLEL: '1' }),
  run('npx', ['--no-install', 'vitest', 'run']),
]);
process.stdout.write(
  `\nnpm test: lint ${lint === 0 ? 'passed' : 'FAILED'}, vitest ${suite === 0 ? 'passed' : 'FAILED'}\n`,
);
process.exit(lint === 0 && suite === 0 ? 0 : 1);
