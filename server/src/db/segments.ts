import { SPLIT_COLLECTIONS, collectionFile, parseFileName, segmentFile } from './folder';
import type { Changes } from './tracking';

/** Segments of one split collection: which records each file holds, in order. */
export interface SplitState {
  size: number;
  members: Map<number, object[]>;
  segmentOf: WeakMap<object, number>;
}

export const sameList = (a: readonly object[] | undefined, b: readonly object[] | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((x, i) => x === b[i]));

/**
 * Which file of `db/` holds what of the live data: one file per collection, or for a split
 * collection (SPLIT_COLLECTIONS) a run of segment files of up to `size` records each.
 */
export class Segments {
  private readonly split = new Map<string, SplitState>();
  /** Set when a change removed records: their old content must leave the journal soon (privacy). */
  removedRecords = false;

  constructor(
    private readonly root: Record<string, unknown>,
    counts: ReadonlyMap<string, readonly { n: number; count: number }[]>,
  ) {
    for (const key of Object.keys(SPLIT_COLLECTIONS)) this.fromCounts(key, counts.get(key) ?? []);
  }

  /** The split collections' keys. */
  keys() {
    return this.split.keys();
  }

  /** The segments of a split collection, undefined for a collection in one file. */
  state(key: string): SplitState | undefined {
    return this.split.get(key);
  }

  /** Cuts `key`'s live list into segments holding `counts` records each, in order. */
  fromCounts(key: string, counts: readonly { n: number; count: number }[]) {
    const state: SplitState = {
      size: SPLIT_COLLECTIONS[key]!,
      members: new Map(),
      segmentOf: new WeakMap(),
    };
    const list = this.root[key] as object[];
    let i = 0;
    for (const { n, count } of counts) {
      const members = list.slice(i, i + count);
      i += count;
      state.members.set(n, members);
      for (const r of members) state.segmentOf.set(r, n);
    }
    this.split.set(key, state);
  }

  /** The files of `key` and the live value each holds. */
  filesOf(key: string): Map<string, unknown> {
    const state = this.split.get(key);
    const wanted = new Map<string, unknown>();
    if (!state) {
      if (this.root[key] !== undefined) wanted.set(collectionFile(key), this.root[key]);
    } else {
      for (const [n, members] of state.members) wanted.set(segmentFile(key, n), members);
    }
    return wanted;
  }

  /** The files `changes` touched, with their new value (undefined: the file goes). */
  changedFiles(changes: Changes): Map<string, unknown> {
    const changed = new Map<string, unknown>();
    const lists = new Set(changes.lists);
    for (const key of changes.whole) {
      if (this.split.has(key)) {
        lists.add(key);
        continue;
      }
      changed.set(collectionFile(key), this.root[key]);
    }
    for (const key of lists) this.relist(key, changed);
    for (const [key, records] of changes.records) {
      const state = this.split.get(key)!;
      for (const r of records) {
        const n = state.segmentOf.get(r);
        const members = n === undefined ? undefined : state.members.get(n);
        if (n !== undefined && members?.includes(r) && !changed.has(segmentFile(key, n))) {
          changed.set(segmentFile(key, n), members);
        }
      }
    }
    return changed;
  }

  /** Which records each segment holds now: new ones join the segment before them while it has room. */
  private relist(key: string, files: Map<string, unknown>) {
    const state = this.split.get(key)!;
    const list = (this.root[key] ?? []) as object[];
    let next = new Map<number, object[]>();
    let last = 0;
    let inOrder = true;
    let kept = 0;
    for (const r of list) {
      let n = state.segmentOf.get(r);
      if (n !== undefined) kept++;
      n ??= last >= 1 && next.get(last)!.length < state.size ? last : last + 1;
      if (n < last) {
        inOrder = false;
        break;
      }
      last = n;
      let members = next.get(n);
      if (!members) next.set(n, (members = []));
      members.push(r);
    }
    if (!inOrder) {
      // Moved around (sorted, or added in front): laid out again from the first file.
      next = new Map();
      for (let i = 0, n = 1; i < list.length; i += state.size, n++) next.set(n, list.slice(i, i + state.size));
    }
    let before = 0;
    for (const members of state.members.values()) before += members.length;
    if (kept < before) this.removedRecords = true;
    for (const old of state.members.keys()) if (!next.has(old)) files.set(segmentFile(key, old), undefined);
    for (const [n, members] of next) {
      if (!sameList(state.members.get(n), members)) files.set(segmentFile(key, n), members);
    }
    // Only records whose file changed get a new entry: a stale one for a removed record is harmless.
    for (const [n, members] of next) {
      if (sameList(state.members.get(n), members)) continue;
      for (const r of members) state.segmentOf.set(r, n);
    }
    state.members = next;
  }

  /** Puts collection `key` back to the files' content in `durable` (a failed save's rollback). */
  restore(key: string, durable: ReadonlyMap<string, string>) {
    if (!this.split.has(key)) {
      const text = durable.get(collectionFile(key));
      if (text === undefined) delete this.root[key];
      else this.root[key] = JSON.parse(text) as unknown;
      return;
    }
    const counts: { n: number; count: number }[] = [];
    const list: unknown[] = [];
    for (const [name, text] of durable) {
      const parsed = parseFileName(name)!;
      if (parsed.key !== key || parsed.segment === undefined) continue;
      const records = JSON.parse(text) as unknown[];
      counts.push({ n: parsed.segment, count: records.length });
      list.push({ n: parsed.segment, records });
    }
    counts.sort((a, b) => a.n - b.n);
    this.root[key] = (list as { n: number; records: unknown[] }[]).sort((a, b) => a.n - b.n).flatMap((s) => s.records);
    this.fromCounts(key, counts);
  }
}
