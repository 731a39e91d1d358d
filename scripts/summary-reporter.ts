import type { Reporter, TestModule } from 'vitest/node';

interface ProjectTime {
  files: number;
  first: number;
  last: number;
  /** Sum of its files' run times (files of a project run side by side, so this can exceed the span). */
  inFiles: number;
}

/**
 * Prints how long each project took (from its first file's start to its last file's end, and the
 * sum of its files' times), then one plain closing line, `Tests: N passed, N failed, N skipped`,
 * that CI tooling reads whatever the runner (vitest's own summary is decorated and not
 * machine-readable).
 */
export default class SummaryReporter implements Reporter {
  readonly #started = new Map<TestModule, number>();
  readonly #projects = new Map<string, ProjectTime>();

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
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A file that failed to load has no tests but is still a failure.
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) failed++;
    }
    const s = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
    for (const [name, p] of [...this.#projects].sort(([a], [b]) => a.localeCompare(b))) {
      process.stdout.write(
        `\nProject ${name}: ${s(p.last - p.first)} from first file to last (${p.files} files, ${s(p.inFiles)} in files)`,
      );
    }
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
