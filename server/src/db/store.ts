import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Low } from 'lowdb';
import { BUSINESS } from '@cabana/shared/config/business';
import { DataSchema, assignImagePositions, type Data } from './schema';
import { DurableJSONFile } from './durable-json-file';
import { initialSettings } from './settings';
import { NotDurableError, writeFileDurable, type DurableFs } from '../lib/durable-fs';

const DATA_FILE = 'db.json';

export class DataFileError extends Error {}

/** 256 random bits, URL-safe: for secrets that travel in URLs (calendar export links). */
export const newSecretToken = () => randomBytes(32).toString('base64url');

/** A save queued behind one that failed: it carried the failed change too, so it was rolled back with it. */
export class SaveAbandonedError extends Error {
  constructor() {
    super('an earlier save failed; this change was rolled back with it');
    this.name = 'SaveAbandonedError';
  }
}

function initialData(): Data {
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
  };
}

/**
 * The one Low<Data>. Callers change `store.data` synchronously and then `await store.save()`:
 * no await between reading and changing, so requests never interleave half-done edits.
 * When a save fails (disk full, say), `data` goes back to what the file holds, so what is
 * served never differs from what is saved; saves queued behind the failed one carried its
 * change too, and fail with it (SaveAbandonedError).
 */
export interface Store {
  readonly data: Data;
  readonly file: string;
  /** True when the data file did not exist before this start. */
  readonly created: boolean;
  /**
   * Goes up by one each time a save starts, i.e. right after a change: caches of what pages
   * and public lists show are keyed by it, so the request after a write never gets stale data.
   */
  readonly version: number;
  save(): Promise<void>;
}

export interface StoreOptions {
  /** File operations for the data file; tests inject one that fails like a full disk. */
  fs?: DurableFs;
}

export async function openStore(dataDir: string, opts: StoreOptions = {}): Promise<Store> {
  const file = path.join(dataDir, DATA_FILE);
  // Temp files of a write that a crash interrupted: the real file is still the previous version.
  for (const name of await fs.readdir(dataDir)) {
    if (name.startsWith(`.${DATA_FILE}.`) && name.endsWith('.tmp'))
      await fs.rm(path.join(dataDir, name), { force: true });
  }
  const adapter = new DurableJSONFile<Data>(file, opts.fs);
  let raw: unknown;
  try {
    raw = await adapter.read();
  } catch (err) {
    throw new DataFileError(`The data file ${file} is not valid JSON: ${(err as Error).message}`);
  }
  const created = raw === null;
  let data: Data;
  if (created) {
    data = initialData();
  } else {
    const parsed = DataSchema.safeParse(raw);
    if (!parsed.success) {
      throw new DataFileError(
        `The data file ${file} does not have the expected shape: ${parsed.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; ')}`,
      );
    }
    data = parsed.data;
    // Kept in memory only: the next save writes it, and until then every start computes the same.
    assignImagePositions(data);
  }
  const db = new Low<Data>(adapter, data);
  let version = 1;
  /** The text the file holds: what `data` returns to when a save fails. */
  let saved = created ? '' : JSON.stringify(data, null, 2);
  /** Bumped by each failure: a save queued before it carries the failed change. */
  let epoch = 0;
  let chain: Promise<void> = Promise.resolve();

  const save = (): Promise<void> => {
    version += 1;
    const mine = epoch;
    const text = JSON.stringify(db.data, null, 2);
    const run = chain.then(async () => {
      if (mine !== epoch) throw new SaveAbandonedError();
      try {
        await writeFileDurable(file, text, opts.fs);
        saved = text;
      } catch (err) {
        if (err instanceof NotDurableError) {
          // Already in place: keep serving it, as the next start will.
          saved = text;
          throw err;
        }
        epoch += 1;
        if (saved) db.data = JSON.parse(saved) as Data;
        version += 1;
        throw err;
      }
    });
    chain = run.catch(() => undefined);
    return run;
  };

  if (created) await save();
  return {
    get data() {
      return db.data;
    },
    get version() {
      return version;
    },
    file,
    created,
    save,
  };
}
