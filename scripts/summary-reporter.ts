import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { COUNTERS_FILE, TEST_RESULTS_DIR, resultsName, type CountedEvent } from '../test-support/run-counters';

interface ProjectTime {
  files: number;
  first: number;
  last: number;
  /** Sum of its files' run times (files of a project run side by side, so this can exceed the span). */
  inFiles: number;
}

/** One row of test-results/file-times.json. */
export interface FileTime {
  file: string;
  project: string;
  /** Vitest's time of the file (its hooks, beforeAll included, and tests), in ms. */
  ms: number;
  tests: number;
  /** `expect(…)` calls that ran in its tests (test-support/count-assertions.ts). */
  assertions: number;
  /** Page loads and axe runs in the test browser (test-support/run-counters.ts). */
  pageLoads: number;
  axeRuns: number;
}

/** How many of the slowest files the summary prints. */
const SLOWEST = 20;

/**
 * At the end of a run prints:
 * - the 20 slowest files, and writes every file's time to test-results/file-times.json (the whole
 *   run's figures with it), so a file that grew shows from one run to the next;
 * - what the run cost besides time: page loads, axe runs and builds (test-support/run-counters.ts),
 *   the test browser it launched, and the assertions that ran;
 * - how long each project took (from its first file's start to its last file's end, and the sum of
 *   its files' times);
 * - one plain closing line, `Tests: N passed, N failed, N skipped`, that CI tooling reads whatever
 *   the runner (vitest's own summary is decorated and not machine-readable).
 */
export default class SummaryReporter implements Reporter {
  readonly #started = new Map<TestModule, number>();
  readonly #projects = new Map<string, ProjectTime>();
  #root = process.cwd();

  onInit(vitest: Vitest): void {
    this.#root = vitest.config.root;
    rmSync(COUNTERS_FILE, { force: true });
  }

  onTestModuleStart(testModule: TestModule): void {
    this.#started.set(testModule, performance.now());
  }

  onTestModuleEnd(testModule: TestModule): void {
    const end = performance.now();
    const start = this.#started.get(testModule) ?? end;
    const name = testModule.project.name || '(root)';
    const p = this.#projects.get(name) ?? { files: 0, first: start, last: end, inFiles: 0 };
    p.files++;
    p.first = Math.min(p.first, start);
    p.last = Math.max(p.last, end);
    p.inFiles += end - start;
    this.#projects.set(name, p);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const files: FileTime[] = [];
    for (const mod of testModules) {
      let tests = 0;
      let assertions = 0;
      for (const test of mod.children.allTests()) {
        tests++;
        assertions += test.meta().assertionCalls ?? 0;
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A file that failed to load has no tests but is still a failure.
      if (mod.state() === 'failed' && tests === 0) failed++;
      files.push({
        file: path.relative(this.#root, mod.moduleId),
        project: mod.project.name || '(root)',
        ms: Math.round(mod.diagnostic().duration),
        tests,
        assertions,
        pageLoads: 0,
        axeRuns: 0,
      });
    }
    const counts = readCounters();
    for (const f of files) {
      f.pageLoads = counts.inFile('page-load', f.file);
      f.axeRuns = counts.inFile('axe-run', f.file);
    }
    files.sort((a, b) => b.ms - a.ms);
    const assertions = files.reduce((sum, f) => sum + f.assertions, 0);
    const s = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

    const out: string[] = [
      `\n${Math.min(SLOWEST, files.length)} slowest files (all in ${path.relative(this.#root, resultsName('file-times', 'json'))}):`,
    ];
    for (const f of files.slice(0, SLOWEST)) {
      out.push(
        `  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.project.padEnd(11)} ${f.file} (${f.tests} tests, ${f.assertions} assertions, ${f.pageLoads} page loads, ${f.axeRuns} axe runs)`,
      );
    }
    out.push(
      `Assertions: ${assertions} (expect calls that ran); page loads: ${counts.get('page-load') ?? 0}; axe runs: ${counts.get('axe-run') ?? 0}; builds: ${counts.get('build') ?? 0}`,
    );
    const browsers = [...new Set(counts.details('browser'))];
    out.push(`Test browser: ${browsers.length > 0 ? browsers.join(', ') : '(none launched)'}`);
    for (const [name, p] of [...this.#projects].sort(([a], [b]) => a.localeCompare(b))) {
      out.push(
        `Project ${name}: ${s(p.last - p.first)} from first file to last (${p.files} files, ${s(p.inFiles)} in files)`,
      );
    }
    out.push(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
    process.stdout.write(`${out.join('\n')}`);

    mkdirSync(TEST_RESULTS_DIR, { recursive: true });
    writeFileSync(
      resultsName('file-times', 'json'),
      `${JSON.stringify(
        {
          tests: { passed, failed, skipped },
          assertions,
          pageLoads: counts.get('page-load') ?? 0,
          axeRuns: counts.get('axe-run') ?? 0,
          builds: counts.details('build'),
          browsers,
          files,
        },
        null,
        2,
      )}\n`,
    );
  }
}

/** The run's counted events (test-support/run-counters.ts): how many of each kind, and their details. */
function readCounters() {
  let lines: { kind: CountedEvent; detail: string; file?: string }[] = [];
  try {
    lines = readFileSync(COUNTERS_FILE, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { kind: CountedEvent; detail: string; file?: string });
  } catch {
    // Nothing counted.
  }
  const totals = new Map<CountedEvent, number>();
  for (const l of lines) totals.set(l.kind, (totals.get(l.kind) ?? 0) + 1);
  return {
    get: (kind: CountedEvent) => totals.get(kind),
    details: (kind: CountedEvent) => lines.filter((l) => l.kind === kind).map((l) => l.detail),
    /** Events of a file, by its path relative to the root. */
    inFile: (kind: CountedEvent, file: string) =>
      lines.filter((l) => l.kind === kind && l.file !== undefined && l.file.endsWith(`/${file}`)).length,
  };
}
