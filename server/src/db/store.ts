import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import type { Data } from './schema';
import { initialSettings } from './settings';
import { DB_DIR, journalLine, parseFileName, prepareDataFolder } from './folder';
import type { Batch, CollectionFile } from './collection-file';
import { Tracker } from './tracking';
import { StoreFiles } from './store-files';
import { Segments } from './segments';
import { JournalWriter } from './journal-writer';
import { SaveQueue } from './save-queue';
import { Compactor } from './compaction';
import { checkTracking } from './verify';
import type { DurableFs } from '../lib/durable-fs';
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

export { UntrackedChangeError } from './verify';

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
    sireUploads: [],
    reviews: [],
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

/**
 * Opens the store of a data folder. The parts: StoreFiles (loading, the Lows, staging, writing
 * out), Segments (which file holds what), JournalWriter (appends), Compactor (journal into the
 * files, journal swap), SaveQueue (one write at a time) and checkTracking (verification).
 */
export async function openStore(dataDir: string, opts: StoreOptions = {}): Promise<Store> {
  const fs = opts.fs ?? fsp;
  const verify = opts.verify ?? false;
  const dir = path.join(dataDir, DB_DIR);
  const created = await prepareDataFolder(dataDir, initialData, fs);

  const storeFiles = new StoreFiles(dir, fs);
  const { files } = storeFiles;
  const loaded = await storeFiles.load();
  const { data, singleFiles } = loaded;
  const root = data as unknown as Record<string, unknown>;
  const segments = new Segments(root, loaded.segments);

  /** Points the Lows of `key`'s files at its live value (after loading, after a rollback). */
  const bindFiles = (key: string) => storeFiles.bind(key, segments.filesOf(key));
  for (const key of Object.keys(root)) bindFiles(key);

  /** Each file's content as written (durable or on its way): what verification compares with. */
  const latest = new Map<string, string>();
  /** Each file's content on disk (journal included): what a failed save goes back to. */
  const durable = new Map<string, string>();
  for (const key of Object.keys(root)) {
    for (const [name, value] of segments.filesOf(key)) latest.set(name, JSON.stringify(value));
  }
  for (const [name, text] of latest) durable.set(name, text);

  const tracker = new Tracker(root, new Set(segments.keys()));
  const proxy = tracker.proxy as unknown as Data;

  const journal = new JournalWriter(dir, fs, loaded.journal);

  // A collection kept in one file by an earlier version becomes segment files (splitSingleFiles):
  // the segments are durable, then the single file goes; until then it wins at every start.
  if (singleFiles.single.length > 0) {
    await storeFiles.writeOut(
      new Map<string, string | null>([...singleFiles.write, ...singleFiles.stale.map((n) => [n, null] as const)]),
    );
    crashPoint('store:split-before-remove');
    await storeFiles.writeOut(new Map(singleFiles.single.map((n) => [n, null] as const)));
  }

  // The journal's changes into the collection files, before anything else writes.
  if (loaded.journal.entries.length > 0 || loaded.journal.torn) {
    const touched = new Map<string, string | null>();
    for (const entry of loaded.journal.entries) {
      for (const name of [...Object.keys(entry.files), ...(entry.gone ?? [])]) touched.set(name, null);
    }
    for (const name of touched.keys()) touched.set(name, latest.get(name) ?? null);
    await storeFiles.writeOut(touched);
    await journal.restart();
  }

  /** Puts the collections of `names` back to what the disk holds. */
  const rollback = (names: Iterable<string>) => {
    const keys = new Set<string>();
    for (const name of names) keys.add(parseFileName(name)!.key);
    for (const key of keys) {
      for (const [name, text] of durable) if (parseFileName(name)!.key === key) latest.set(name, text);
      for (const name of [...latest.keys()])
        if (parseFileName(name)!.key === key && !durable.has(name)) latest.delete(name);
      segments.restore(key, durable);
    }
    for (const key of keys) bindFiles(key);
  };

  const queue = new SaveQueue();
  const compactor = new Compactor({
    dir,
    fs,
    journal,
    files: storeFiles,
    queue,
    compactBytes: opts.compactBytes ?? DEFAULT_COMPACT_BYTES,
    onError: opts.onError,
  });
  let version = 1;
  /** Bumped by each failure: a save queued before it carries the failed change. */
  let epoch = 0;
  /** Files of saves not yet on disk (how many saves each): a failure puts all of them back. */
  const unsaved = new Map<string, number>();
  let closed = false;

  const save = (saveOpts: SaveOptions = {}): Promise<void> => {
    if (closed) return Promise.reject(new Error('the store is closed'));
    version += 1;
    const mine = epoch;
    let batch: Batch;
    let scrub = false;
    try {
      batch = storeFiles.stage(segments.changedFiles(tracker.take()));
      scrub = segments.removedRecords || saveOpts.forget === true;
      segments.removedRecords = false;
      for (const [name, text] of batch) {
        if (text === null) latest.delete(name);
        else latest.set(name, text);
        unsaved.set(name, (unsaved.get(name) ?? 0) + 1);
      }
      if (verify) checkTracking(root, segments, latest);
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    const run = queue.run(async () => {
      if (mine !== epoch) throw new SaveAbandonedError();
      if (batch.size === 0) return;
      const seq = journal.seq + 1;
      const line = journalLine(seq, batch);
      try {
        await journal.append(line);
      } catch (err) {
        epoch += 1;
        rollback(unsaved.keys());
        unsaved.clear();
        version += 1;
        throw err;
      }
      journal.recorded(seq, line);
      for (const [name, text] of batch) {
        if (text === null) durable.delete(name);
        else durable.set(name, text);
        compactor.sinceCompaction.set(name, { seq, text });
        const left = (unsaved.get(name) ?? 1) - 1;
        if (left > 0) unsaved.set(name, left);
        else unsaved.delete(name);
      }
      if (scrub) compactor.scrubSeq = seq;
      compactor.maybe();
    });
    // Outside the queue: the next saves go on while this one waits for a journal swap's folder sync.
    return run.then(() => journal.syncDir());
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
      await queue.idle();
      while (compactor.current) await compactor.current;
      closed = true;
      compactor.closed = true;
      await queue.idle();
      await journal.close();
    },
  };
}
