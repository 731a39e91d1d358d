import fsp, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { assignImagePositions, type Data } from './schema';
import { initialSettings } from './settings';
import {
  DB_DIR,
  DataFileError,
  JOURNAL_FILE,
  SPLIT_COLLECTIONS,
  applyJournal,
  assemble,
  collectionFile,
  journalHeader,
  journalLine,
  parseFileName,
  prepareDataFolder,
  readJournal,
  resetJournal,
  segmentFile,
  splitSingleFiles,
} from './folder';
import { CollectionFile, JournaledFile, type Batch, type Staging } from './collection-file';
import { Tracker, type Changes } from './tracking';
import { fsyncDir, NotDurableError, type DurableFs } from '../lib/durable-fs';
import { crashPoint } from '../lib/crash-points';

export { DataFileError } from './folder';

/** 256 random bits, URL-safe: for secrets that travel in URLs (calendar export links). */
export const newSecretToken = () => randomBytes(32).toString('base64url');

/** A save queued behind one that failed: it carried the failed change too, so it was rolled back with it. */
export class SaveAbandonedError extends Error {
  constructor() {
    super('an earlier save failed; this change was rolled back with it');
    this.name = 'SaveAbandonedError';
  }
}

/** A change made to `store.data` that the tracking missed (checked in tests, see StoreOptions.verify). */
export class UntrackedChangeError extends Error {}

export function initialData(): Data {
  return {
    version: 1,
    admin: null,
    secrets: { formTokenKey: randomBytes(32).toString('base64url') },
    price: { precio: BUSINESS.defaultPricePerPerson, updatedAt: new Date().toISOString() },
    images: [],
    enquiries: [],
    sessions: [],
    usedFormTokens: [],
    seeded: false,
    calendar: { blocks: [], feeds: [], seasons: [], baseMinNights: 1, exportToken: newSecretToken() },
    settings: initialSettings(),
    bookings: [],
    outbox: [],
  };
}

/**
 * The data of one folder, held as one lowdb Low per collection file (CollectionFile). Callers change `store.data` synchronously and then `await store.save()`:
 * no await between reading and changing, so requests never interleave half-done edits.
 * A save writes only the files of what changed since the one before (see tracking.ts and
 * folder.ts). When a save fails (disk full, say), what it carried goes back to what the disk
 * holds, so what is served never differs from what is saved; saves queued behind the failed
 * one carried its change too, and fail with it (SaveAbandonedError).
 */
export interface Store {
  readonly data: Data;
  /** The `db/` folder. */
  readonly dir: string;
  /** True when the data folder held no data before this start. */
  readonly created: boolean;
  /**
   * Goes up by one each time a save starts, i.e. right after a change: caches of what pages
   * and public lists show are keyed by it, so the request after a write never gets stale data.
   */
  readonly version: number;
  /**
   * The same data without the change tracking, for reads only (lists, pages, serializing):
   * a proxy costs on every property read, ~4x on a 10,000-enquiry list. Never change it: a
   * change through it is not saved (in tests the next save fails with UntrackedChangeError).
   */
  readonly view: Data;
  /** The lowdb Low of each file of `db/`, by file name: `data` is the collection's live value. */
  readonly files: ReadonlyMap<string, CollectionFile>;
  save(opts?: SaveOptions): Promise<void>;
  /** Waits for the writes and the compaction under way, and closes the journal. */
  close(): Promise<void>;
}

interface SaveOptions {
  /**
   * This change removed someone's data (a photo and its sender's name): rewrite the journal
   * without it right after, instead of when it next fills. Removed records of split collections
   * (enquiries) are always treated so.
   */
  forget?: boolean;
}

export interface StoreOptions {
  /** File operations for the data files; tests inject one that fails like a full disk. */
  fs?: DurableFs;
  /** Journal size that starts a compaction (bytes). */
  compactBytes?: number;
  /**
   * After each save, compares every collection with what was written and fails the save on a
   * difference the tracking missed. Costs a full serialization per save: tests only (the
   * server's CABANA_STORE_VERIFY, which the test servers set).
   */
  verify?: boolean;
  /** Where a failed background compaction is reported. */
  onError?: (err: unknown) => void;
}

const DEFAULT_COMPACT_BYTES = 16 * 1024 * 1024;

/** Segments of one split collection: which records each file holds, in order. */
interface SplitState {
  size: number;
  members: Map<number, object[]>;
  segmentOf: WeakMap<object, number>;
}

const sameList = (a: readonly object[] | undefined, b: readonly object[] | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((x, i) => x === b[i]));

export async function openStore(dataDir: string, opts: StoreOptions = {}): Promise<Store> {
  const fs = opts.fs ?? fsp;
  const verify = opts.verify ?? false;
  const compactBytes = opts.compactBytes ?? DEFAULT_COMPACT_BYTES;
  const dir = path.join(dataDir, DB_DIR);
  const created = await prepareDataFolder(dataDir, initialData, fs);

  const staging: Staging = { batch: undefined };
  const files = new Map<string, CollectionFile>();
  const fileOf = (name: string, value: unknown) =>
    new CollectionFile(new JournaledFile<unknown>(dir, name, staging, fs), value);

  // The lock is held: nothing else writes, so the files then the journal are one state.
  const journal = await readJournal(dir);
  const values = new Map<string, unknown>();
  for (const name of await fsp.readdir(dir)) {
    if (!parseFileName(name)) continue;
    const file = fileOf(name, null);
    try {
      await file.read();
    } catch (err) {
      throw new DataFileError(`The data file ${path.join(dir, name)} is not valid JSON: ${(err as Error).message}`);
    }
    values.set(name, file.data);
  }
  applyJournal(values, journal.entries);
  const singleFiles = splitSingleFiles(values);
  const { data, segments } = assemble(values, dir);
  // Kept in memory only: written with the next change of the photos, computed the same by every start until then.
  assignImagePositions(data);

  const root = data as unknown as Record<string, unknown>;
  const split = new Map<string, SplitState>();
  const splitFromCounts = (key: string, counts: readonly { n: number; count: number }[]) => {
    const state: SplitState = {
      size: SPLIT_COLLECTIONS[key]!,
      members: new Map(),
      segmentOf: new WeakMap(),
    };
    const list = root[key] as object[];
    let i = 0;
    for (const { n, count } of counts) {
      const members = list.slice(i, i + count);
      i += count;
      state.members.set(n, members);
      for (const r of members) state.segmentOf.set(r, n);
    }
    split.set(key, state);
  };
  for (const key of Object.keys(SPLIT_COLLECTIONS)) splitFromCounts(key, segments.get(key) ?? []);

  /** Points the Lows of `key`'s files at its live value (after loading, after a rollback). */
  const bindFiles = (key: string) => {
    const state = split.get(key);
    const wanted = new Map<string, unknown>();
    if (!state) {
      if (root[key] !== undefined) wanted.set(collectionFile(key), root[key]);
    } else {
      for (const [n, members] of state.members) wanted.set(segmentFile(key, n), members);
    }
    for (const name of [...files.keys()]) if (parseFileName(name)!.key === key && !wanted.has(name)) files.delete(name);
    for (const [name, value] of wanted) {
      const file = files.get(name);
      if (file) file.data = value;
      else files.set(name, fileOf(name, value));
    }
  };
  for (const key of Object.keys(root)) bindFiles(key);

  /** Each file's content as written (durable or on its way): what verification compares with. */
  const latest = new Map<string, string>();
  /** Each file's content on disk (journal included): what a failed save goes back to. */
  const durable = new Map<string, string>();
  /** Files changed since the last compaction, with the journal entry that last changed them. */
  const sinceCompaction = new Map<string, { seq: number; text: string | null }>();
  for (const [key, value] of Object.entries(root)) {
    const state = split.get(key);
    if (!state) {
      if (value !== undefined) latest.set(collectionFile(key), JSON.stringify(value));
      continue;
    }
    for (const [n, members] of state.members) latest.set(segmentFile(key, n), JSON.stringify(members));
  }
  for (const [name, text] of latest) durable.set(name, text);

  const tracker = new Tracker(root, new Set(split.keys()));
  const proxy = tracker.proxy as unknown as Data;

  let handle: FileHandle | undefined;
  let gen = journal.gen;
  let seq = journal.entries.reduce((max, e) => Math.max(max, e.seq), 0);
  let journalBytes = journal.goodLength;
  /** Lines of the current journal, for the new journal a compaction starts. */
  let lines: { seq: number; line: string }[] = [];
  /** A failed append may have left part of a line: cut back to here before the next one. */
  let cutTo: number | undefined = journal.torn ? journal.goodLength : undefined;
  const journalPath = path.join(dir, JOURNAL_FILE);
  /** Set once a journal swap is renamed in until the folder is synced: saves acknowledged meanwhile wait for it. */
  let dirUnsynced = false;
  let dirSync: Promise<void> | undefined;
  const syncDir = (): Promise<void> => {
    if (!dirUnsynced) return Promise.resolve();
    dirSync ??= fsyncDir(dir, fs).then(
      () => {
        dirUnsynced = false;
        dirSync = undefined;
      },
      (err: unknown) => {
        dirSync = undefined;
        throw new NotDurableError(err);
      },
    );
    return dirSync;
  };

  // A collection kept in one file by an earlier version becomes segment files (splitSingleFiles):
  // the segments are durable, then the single file goes; until then it wins at every start.
  if (singleFiles.single.length > 0) {
    await writeOut(
      new Map<string, string | null>([...singleFiles.write, ...singleFiles.stale.map((n) => [n, null] as const)]),
    );
    crashPoint('store:split-before-remove');
    await writeOut(new Map(singleFiles.single.map((n) => [n, null] as const)));
  }

  // The journal's changes into the collection files, before anything else writes.
  if (journal.entries.length > 0 || journal.torn) {
    for (const entry of journal.entries) {
      for (const name of [...Object.keys(entry.files), ...(entry.gone ?? [])]) {
        sinceCompaction.set(name, { seq: entry.seq, text: null });
      }
    }
    for (const name of sinceCompaction.keys()) sinceCompaction.set(name, { seq, text: latest.get(name) ?? null });
    await writeOut(new Map([...sinceCompaction].map(([n, v]) => [n, v.text])));
    gen += 1;
    await resetJournal(dir, gen, '', fs);
    sinceCompaction.clear();
    journalBytes = Buffer.byteLength(`${JSON.stringify({ journal: 1, gen })}\n`);
    cutTo = undefined;
  }

  /** Compaction: writes files in place through their adapters (temp file, fsync, rename) and syncs the folder once. */
  async function writeOut(texts: ReadonlyMap<string, string | null>) {
    const written = await Promise.allSettled(
      [...texts].flatMap(([name, text]) =>
        text === null ? [] : [(files.get(name)?.adapter ?? new JournaledFile(dir, name, staging, fs)).prepare(text)],
      ),
    );
    const renames = written.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    try {
      const failed = written.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
      for (const { tmp, file } of renames) {
        await fs.rename(tmp, file);
        crashPoint('store:between-renames');
      }
    } catch (err) {
      await Promise.all(renames.map(({ tmp }) => fs.rm(tmp, { force: true }).catch(() => undefined)));
      throw err;
    }
    for (const [name, text] of texts) if (text === null) await fs.rm(path.join(dir, name), { force: true });
    await fsyncDir(dir, fs);
  }

  /** The files `changes` touched, with their new value (undefined: the file goes). */
  const changedFiles = (changes: Changes): Map<string, unknown> => {
    const changed = new Map<string, unknown>();
    const lists = new Set(changes.lists);
    for (const key of changes.whole) {
      if (split.has(key)) {
        lists.add(key);
        continue;
      }
      changed.set(collectionFile(key), root[key]);
    }
    for (const key of lists) relist(key, changed);
    for (const [key, records] of changes.records) {
      const state = split.get(key)!;
      for (const r of records) {
        const n = state.segmentOf.get(r);
        const members = n === undefined ? undefined : state.members.get(n);
        if (n !== undefined && members?.includes(r) && !changed.has(segmentFile(key, n))) {
          changed.set(segmentFile(key, n), members);
        }
      }
    }
    return changed;
  };

  /** Which records each segment holds now: new ones join the segment before them while it has room. */
  const relist = (key: string, files: Map<string, unknown>) => {
    const state = split.get(key)!;
    const list = (root[key] ?? []) as object[];
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
    if (kept < before) removedRecords = true;
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
  };

  const checkTracking = () => {
    for (const [key, value] of Object.entries(root)) {
      const state = split.get(key);
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
  };

  /** Puts the collections of `names` back to what the disk holds. */
  const rollback = (names: Iterable<string>) => {
    const keys = new Set<string>();
    for (const name of names) keys.add(parseFileName(name)!.key);
    for (const key of keys) {
      for (const [name, text] of durable) if (parseFileName(name)!.key === key) latest.set(name, text);
      for (const name of [...latest.keys()])
        if (parseFileName(name)!.key === key && !durable.has(name)) latest.delete(name);
      if (!split.has(key)) {
        const text = durable.get(collectionFile(key));
        if (text === undefined) delete root[key];
        else root[key] = JSON.parse(text) as unknown;
        continue;
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
      root[key] = (list as { n: number; records: unknown[] }[]).sort((a, b) => a.n - b.n).flatMap((s) => s.records);
      splitFromCounts(key, counts);
    }
    for (const key of keys) bindFiles(key);
  };

  /**
   * Stages the changed files into one batch through their Lows: `low.data` takes the new value
   * and `low.write()` hands its content to the batch (JournaledFile.write).
   */
  const stage = (changed: ReadonlyMap<string, unknown>): Batch => {
    const batch: Batch = new Map();
    staging.batch = batch;
    try {
      for (const [name, value] of changed) {
        if (value === undefined) {
          files.delete(name);
          batch.set(name, null);
          continue;
        }
        let file = files.get(name);
        if (file) file.data = value;
        else files.set(name, (file = fileOf(name, value)));
        // Staging is synchronous (see CollectionFile.write): the batch is complete after the loop.
        void file.write();
      }
    } finally {
      staging.batch = undefined;
    }
    return batch;
  };

  let version = 1;
  /** Bumped by each failure: a save queued before it carries the failed change. */
  let epoch = 0;
  let chain: Promise<void> = Promise.resolve();
  /** Files of saves not yet on disk (how many saves each): a failure puts all of them back. */
  const unsaved = new Map<string, number>();
  let compacting: Promise<void> | undefined;
  /** Set by a save that removed records: their old content must leave the journal soon (privacy). */
  let removedRecords = false;
  let scrubSeq = 0;
  let compactedUpTo = seq;
  const maybeCompact = () => {
    if (compacting || closed || seq <= compactedUpTo) return;
    if (journalBytes > compactBytes || scrubSeq > compactedUpTo) compact();
  };
  let closed = false;

  const append = async (line: string) => {
    handle ??= await fs.open(journalPath, 'a', 0o600);
    if (cutTo !== undefined) {
      await handle.truncate(cutTo);
      await handle.sync();
      cutTo = undefined;
    }
    const before = journalBytes;
    try {
      crashPoint('store:before-journal');
      await handle.write(line);
      crashPoint('store:after-journal-write');
      await handle.datasync();
      crashPoint('store:after-journal');
    } catch (err) {
      cutTo = before;
      throw err;
    }
    journalBytes += Buffer.byteLength(line);
  };

  /**
   * Writes the journal's files out beside the running saves, then prepares the next journal
   * generation (a synced temp file holding the lines after those files) also beside them. The
   * save queue is held only to copy the lines appended meanwhile and to rename the new journal
   * in; the folder's fsync that makes the rename durable runs after, and saves acknowledged
   * before it ends wait for it (syncDir), so none is acknowledged on a journal a crash could undo.
   */
  const compact = () => {
    const upTo = seq;
    const texts = new Map([...sinceCompaction].map(([name, v]) => [name, v.text]));
    const nextGen = gen + 1;
    const tmp = path.join(dir, `.${JOURNAL_FILE}.${randomBytes(6).toString('hex')}.tmp`);
    let next: FileHandle | undefined;
    compacting = (async () => {
      crashPoint('store:compaction-start');
      await writeOut(texts);
      // 'a': appends land at the end, also after a failed append is cut back (truncate).
      next = await fs.open(tmp, 'ax', 0o600);
      const copied = lines.filter((l) => l.seq > upTo);
      let copiedUpTo = copied.at(-1)?.seq ?? upTo;
      await next.writeFile(journalHeader(nextGen) + copied.map((l) => l.line).join(''));
      await next.sync();
      const swap = chain.then(async () => {
        const later = lines.filter((l) => l.seq > copiedUpTo);
        if (later.length > 0) {
          await next!.write(later.map((l) => l.line).join(''));
          await next!.datasync();
          copiedUpTo = later.at(-1)!.seq;
        }
        await fs.rename(tmp, journalPath);
        crashPoint('store:journal-swapped');
        const old = handle;
        handle = next;
        next = undefined;
        dirUnsynced = true;
        gen = nextGen;
        lines = lines.filter((l) => l.seq > upTo);
        journalBytes =
          Buffer.byteLength(journalHeader(gen)) + lines.reduce((sum, l) => sum + Buffer.byteLength(l.line), 0);
        cutTo = undefined;
        for (const [name, v] of [...sinceCompaction]) if (v.seq <= upTo) sinceCompaction.delete(name);
        compactedUpTo = upTo;
        void old?.close().catch(() => undefined);
      });
      chain = swap.catch(() => undefined);
      await swap;
      await syncDir();
    })().then(
      () => {
        compacting = undefined;
        maybeCompact();
      },
      async (err: unknown) => {
        compacting = undefined;
        if (next) {
          await next.close().catch(() => undefined);
          await fs.rm(tmp, { force: true }).catch(() => undefined);
        }
        opts.onError?.(err);
      },
    );
  };

  const save = (saveOpts: SaveOptions = {}): Promise<void> => {
    if (closed) return Promise.reject(new Error('the store is closed'));
    version += 1;
    const mine = epoch;
    let batch: Batch;
    let scrub = false;
    try {
      batch = stage(changedFiles(tracker.take()));
      scrub = removedRecords || saveOpts.forget === true;
      removedRecords = false;
      for (const [name, text] of batch) {
        if (text === null) latest.delete(name);
        else latest.set(name, text);
        unsaved.set(name, (unsaved.get(name) ?? 0) + 1);
      }
      if (verify) checkTracking();
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    const run = chain.then(async () => {
      if (mine !== epoch) throw new SaveAbandonedError();
      if (batch.size === 0) return;
      const mySeq = seq + 1;
      const line = journalLine(mySeq, batch);
      try {
        await append(line);
      } catch (err) {
        epoch += 1;
        rollback(unsaved.keys());
        unsaved.clear();
        version += 1;
        throw err;
      }
      seq = mySeq;
      lines.push({ seq, line });
      for (const [name, text] of batch) {
        if (text === null) durable.delete(name);
        else durable.set(name, text);
        sinceCompaction.set(name, { seq, text });
        const left = (unsaved.get(name) ?? 1) - 1;
        if (left > 0) unsaved.set(name, left);
        else unsaved.delete(name);
      }
      if (scrub) scrubSeq = seq;
      maybeCompact();
    });
    chain = run.catch(() => undefined);
    // Outside the queue: the next saves go on while this one waits for a journal swap's folder sync.
    return run.then(syncDir);
  };

  return {
    get data() {
      return proxy;
    },
    get view() {
      return data;
    },
    get version() {
      return version;
    },
    dir,
    created,
    files,
    save,
    async close() {
      await chain;
      while (compacting) await compacting;
      closed = true;
      await chain;
      await syncDir().catch(() => undefined);
      await handle?.close();
      handle = undefined;
    },
  };
}
