// `npm test`: the lint tasks (scripts/lint.mjs, one at a time) and the whole vitest suite, at
// once. The suite runs as two vitest processes: the `beside` project (crash, soak, launcher,
// Node-version, slow-client and upload-memory tests: files that mostly wait on child processes,
// slow clients and killed servers) in one worker, and every other project in
// the usual two workers. The browser tests and the waiting files leave the CPU idle while pages
// load and servers answer; the lint tasks fill those gaps. The lint tasks run at a lower priority
// (they inherit it), so that they take only the CPU the tests leave. server/dist is built once,
// before the two vitest processes start, so that neither builds it again. Any of the three
// failing fails the run.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(ROOT, 'test-results');

const run = (command, args, { env = {}, niceness = 0, buffered = false } = {}) =>
  new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    if (niceness > 0 && child.pid !== undefined) os.setPriority(child.pid, niceness);
    let output = '';
    if (buffered) {
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
    }
    child.on('close', (code) => {
      // A buffered job's output is printed whole when it ends, not interleaved with the other's.
      if (buffered) process.stdout.write(`\n----- ${args.join(' ')} -----\n${output}\n-----\n`);
      resolve(code ?? 1);
    });
  });

const started = Date.now();
const tsx = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const build = await run(process.execPath, [tsx, 'server/scripts/build.ts']);
const vitest = ['--no-install', 'vitest', 'run'];
const jobEnv = (job) => ({ TEST_JOB: job, CABANA_SERVER_DIST_BUILT: build === 0 ? '1' : '' });
const [lint, main, beside] = await Promise.all([
  run(process.execPath, ['scripts/lint.mjs'], { env: { LINT_PARALLEL: '1' }, niceness: 19 }),
  build === 0 ? run('npx', [...vitest, '--project', '!beside', '--maxWorkers', '3'], { env: jobEnv('main') }) : 1,
  build === 0
    ? run('npx', [...vitest, '--project', 'beside', '--maxWorkers', '1'], { env: jobEnv('beside'), buffered: true })
    : 1,
]);

summarize(Date.now() - started);
const verdict = (code) => (code === 0 ? 'passed' : 'FAILED');
process.stdout.write(
  `\nnpm test: server build ${verdict(build)}, lint ${verdict(lint)}, vitest ${verdict(main)}, vitest beside ${verdict(beside)}\n`,
);
process.exit(build === 0 && lint === 0 && main === 0 && beside === 0 ? 0 : 1);

/**
 * The two jobs' results (test-results/file-times.<job>.json, written by
 * scripts/summary-reporter.ts) as one: test-results/file-times.json, and the 20 slowest files of
 * the whole run with its totals.
 */
function summarize(ms) {
  const jobs = ['main', 'beside'].flatMap((job) => {
    try {
      return [JSON.parse(readFileSync(path.join(RESULTS, `file-times.${job}.json`), 'utf8'))];
    } catch {
      return [];
    }
  });
  const sum = (f) => jobs.reduce((n, j) => n + f(j), 0);
  const merged = {
    seconds: Math.round(ms / 1000),
    tests: {
      passed: sum((j) => j.tests.passed),
      failed: sum((j) => j.tests.failed),
      skipped: sum((j) => j.tests.skipped),
    },
    assertions: sum((j) => j.assertions),
    pageLoads: sum((j) => j.pageLoads),
    axeRuns: sum((j) => j.axeRuns),
    // The server's build made here, before the jobs, and those the jobs made.
    builds: [...(build === 0 ? ['the server (server/dist), before the jobs'] : []), ...jobs.flatMap((j) => j.builds)],
    browsers: [...new Set(jobs.flatMap((j) => j.browsers))],
    files: jobs.flatMap((j) => j.files).sort((a, b) => b.ms - a.ms),
  };
  writeFileSync(path.join(RESULTS, 'file-times.json'), `${JSON.stringify(merged, null, 2)}\n`);
  const lines = [
    `\nnpm test in ${merged.seconds} s. The 20 slowest files of both jobs (all in test-results/file-times.json):`,
  ];
  for (const f of merged.files.slice(0, 20)) {
    lines.push(
      `  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.project.padEnd(11)} ${f.file} (${f.tests} tests, ${f.assertions} assertions, ${f.pageLoads} page loads, ${f.axeRuns} axe runs)`,
    );
  }
  lines.push(
    `Assertions: ${merged.assertions}; page loads: ${merged.pageLoads}; axe runs: ${merged.axeRuns}; builds: ${merged.builds.length} (${merged.builds.join(', ')})`,
    `Test browser: ${merged.browsers.join(', ') || '(none launched)'}`,
    `Tests: ${merged.tests.passed} passed, ${merged.tests.failed} failed, ${merged.tests.skipped} skipped`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}
