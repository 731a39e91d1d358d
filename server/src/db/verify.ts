import { collectionFile, segmentFile } from './folder';
import { sameList, type Segments } from './segments';

/** A change made to `store.data` that the tracking missed (checked in tests, see StoreOptions.verify). */
export class UntrackedChangeError extends Error {}

/**
 * Compares every collection of `root` with what was written (`latest`, by file name) and
 * throws UntrackedChangeError on a difference the tracking missed.
 */
export function checkTracking(
  root: Record<string, unknown>,
  segments: Segments,
  latest: ReadonlyMap<string, string>,
): void {
  for (const [key, value] of Object.entries(root)) {
    const state = segments.state(key);
    if (!state) {
      if (value !== undefined && latest.get(collectionFile(key)) !== JSON.stringify(value)) {
        throw new UntrackedChangeError(`store: a change to "${key}" was not tracked`);
      }
      continue;
    }
    const flat = [...state.members.keys()].sort((a, b) => a - b).flatMap((n) => state.members.get(n)!);
    if (!sameList(flat, value as object[]))
      throw new UntrackedChangeError(`store: the list "${key}" changed untracked`);
    for (const [n, members] of state.members) {
      if (latest.get(segmentFile(key, n)) !== JSON.stringify(members)) {
        throw new UntrackedChangeError(`store: a change to "${key}" (file ${n}) was not tracked`);
      }
    }
  }
}
