import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Low, type Adapter } from 'lowdb';
import { writeNewFileSynced, type DurableFs } from '../lib/durable-fs';

/** What one save carries: the new content of each file it changed (`null`: the file goes). */
export type Batch = Map<string, string | null>;

/** Where the adapters of one store stage their writes: the batch of the save being built. */
export interface Staging {
  batch: Batch | undefined;
}

/**
 * The lowdb adapter of one collection file of `db/` (docs/decisions/012). Reading reads the
 * file. Writing does not touch the disk: it stages the file's content into the current save's
 * batch, which the store appends to the journal as one fsynced line (atomic across files).
 * The file itself is written at compaction (`prepare`), when the journal's lines are folded in.
 */
export class JournaledFile<T> implements Adapter<T> {
  constructor(
    readonly dir: string,
    readonly name: string,
    private readonly staging: Staging,
    private readonly fs: DurableFs = fsp,
  ) {}

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await fsp.readFile(path.join(this.dir, this.name), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    return JSON.parse(text) as T;
  }

  write(data: T): Promise<void> {
    const batch = this.staging.batch;
    if (!batch) return Promise.reject(new Error(`store: ${this.name} written outside a save`));
    batch.set(this.name, JSON.stringify(data));
    return Promise.resolve();
  }

  /**
   * Compaction: writes `text` to a synced temp file beside the file and returns the rename
   * that puts it in place (the caller renames a whole group, then syncs the folder once).
   */
  async prepare(text: string): Promise<{ tmp: string; file: string }> {
    const file = path.join(this.dir, this.name);
    const tmp = path.join(this.dir, `.${this.name}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeNewFileSynced(tmp, text, 0o600, this.fs);
    } catch (err) {
      await this.fs.rm(tmp, { force: true }).catch(() => undefined);
      throw err;
    }
    return { tmp, file };
  }
}

/**
 * One collection file: lowdb's Low over a JournaledFile. `data` is the collection's live value
 * (for a split collection, the records this file holds); `write()` stages it into the save.
 */
export class CollectionFile<T = unknown> extends Low<T> {
  declare adapter: JournaledFile<T>;

  constructor(adapter: JournaledFile<T>, data: T) {
    super(adapter, data);
  }

  /** lowdb's Low.read keeps the default for falsy content; `false` is a value (`seeded`). */
  override async read(): Promise<void> {
    const data = await this.adapter.read();
    if (data !== null) this.data = data;
  }

  /**
   * lowdb's Low.write skips falsy data, but `seeded: false` and `admin: null` are values to
   * store. The adapter stages synchronously: the batch is complete when this returns its promise.
   */
  override async write(): Promise<void> {
    await this.adapter.write(this.data);
  }
}
