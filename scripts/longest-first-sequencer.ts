import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Projects by how long their files take, longest first. Vitest's own order puts projects in
 * alphabetical order (api … web-e2e), so on a fresh clone (no durations cached yet) the browser
 * files, the longest, ran last and one of them finished alone while the other worker was idle.
 */
const PROJECT_ORDER = ['web-e2e', 'beside', 'api', 'desktop-e2e', 'desktop', 'unit', 'slow'];

/**
 * Runs the longest files first, so that the short ones fill the gaps at the end: by the durations
 * vitest cached from an earlier run when it has them for every file, otherwise by project (above)
 * and then by size, larger first. Files of all projects share the workers either way.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const key = (f: TestSpecification) => `${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`;
    const durations = files.map((f) => cache.getFileTestResults(key(f))?.duration);
    if (durations.every((d) => d !== undefined)) {
      const duration = new Map(files.map((f, i) => [f, durations[i]!]));
      return Promise.resolve([...files].sort((a, b) => duration.get(b)! - duration.get(a)!));
    }
    const rank = (f: TestSpecification) => {
      const i = PROJECT_ORDER.indexOf(f.project.name);
      return i === -1 ? PROJECT_ORDER.length : i;
    };
    const size = (f: TestSpecification) => cache.getFileStats(key(f))?.size ?? 0;
    return Promise.resolve([...files].sort((a, b) => rank(a) - rank(b) || size(b) - size(a)));
  }
}
