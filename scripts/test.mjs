// `npm test`: the lint tasks (scripts/lint.mjs, one at a time) and the whole vitest suite, at
// once. The browser tests leave the CPU idle while pages load and servers answer; the lint tasks
// fill those gaps, so the two together take little more than the suite alone. The lint tasks run
// at a lower priority (they inherit it), so that they take only the CPU the tests leave: a test
// waiting on a page or a server is not kept waiting behind a type-check. Either failing fails the
// run.
import { spawn } from 'node:child_process';
import os from 'node:os';

const run = (command, args, { env = {}, niceness = 0 } = {}) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    if (niceness > 0 && child.pid !== undefined) os.setPriority(child.pid, niceness);
    child.on('close', (code) => resolve(code ?? 1));
  });

const [lint, suite] = await Promise.all([
  run(process.execPath, ['scripts/lint.mjs'], { env: { LINT_PARALLEL: '1' }, niceness: 10 }),
  run('npx', ['--no-install', 'vitest', 'run']),
]);
process.stdout.write(
  `\nnpm test: lint ${lint === 0 ? 'passed' : 'FAILED'}, vitest ${suite === 0 ? 'passed' : 'FAILED'}\n`,
);
process.exit(lint === 0 && suite === 0 ? 0 : 1);
