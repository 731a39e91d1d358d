import fsp from 'node:fs/promises';
import path from 'node:path';
import { assignImagePositions } from './schema';
import { DataFileError, applyJournal, assemble, parseFileName, readJournal, splitSingleFiles } from './folder';
import { CollectionFile, JournaledFile, type Batch, type Staging } from './collection-file';
import { fsyncDir, type DurableFs } from '../lib/durable-fs';
import { crashPoint } from '../lib/crash-points';

/**
 * The files of one store's `db/` folder: the lowdb Low of each (CollectionFile), loading them,
 * staging a save's changes through them, and writing them out in place at compaction.
 */
export class StoreFiles {
  /** Where the adapters stage their writes: the batch of the save being built. */
  private readonly staging: Staging = { batch: undefined };
  /** The Low of each file, by file name: `data` is the collection's live value. */
  readonly files = new Map<string, CollectionFile>();

  constructor(
    readonly dir: string,
    private readonly fs: DurableFs,
  ) {}

  private open(name: string, value: unknown) {
    return new CollectionFile(new JournaledFile<unknown>(this.dir, name, this.staging, this.fs), value);
  }

  /**
   * The folder's data: every collection file read, the journal applied over them and the
   * collections assembled. The lock is held: nothing else writes, so the files then the journal are one state.
   */
  async load() {
    const journal = await readJournal(this.dir);
    const values = new Map<string, unknown>();
    for (const name of await fsp.readdir(this.dir)) {
      if (!parseFileName(name)) continue;
      const file = this.open(name, null);
      try {
        await file.read();
      } catch (err) {
        throw new DataFileError(
          `The data file ${path.join(this.dir, name)} is not valid JSON: ${(err as Error).message}`,
        );
      }
      values.set(name, file.data);
    }
    applyJournal(values, journal.entries);
    const singleFiles = splitSingleFiles(values);
    const { data, segments } = assemble(values, this.dir);
    // Kept in memory only: written with the next change of the photos, computed the same by every start until then.
    assignImagePositions(data);
    return { journal, singleFiles, data, segments };
  }

  /** Points the Lows of `key`'s files at its live value: `wanted` holds each file's value. */
  bind(key: string, wanted: ReadonlyMap<string, unknown>) {
    for (const name of [...this.files.keys()])
      if (parseFileName(name)!.key === key && !wanted.has(name)) this.files.delete(name);
    for (const [name, value] of wanted) {
      const file = this.files.get(name);
      if (file) file.data = value;
      else this.files.set(name, this.open(name, value));
    }
  }

  /**
   * Stages the changed files into one batch through their Lows: `low.data` takes the new value
   * and `low.write()` hands its content to the batch (JournaledFile.write).
   */
  stage(changed: ReadonlyMap<string, unknown>): Batch {
    const batch: Batch = new Map();
    this.staging.batch = batch;
    try {
      for (const [name, value] of changed) {
        if (value === undefined) {
          this.files.delete(name);
          batch.set(name, null);
          continue;
        }
        let file = this.files.get(name);
        if (file) file.data = value;
        else this.files.set(name, (file = this.open(name, value)));
        // Staging is synchronous (see CollectionFile.write): the batch is complete after the loop.
        void file.write();
      }
    } finally {
      this.staging.batch = undefined;
    }
    return batch;
  }

  /** Compaction: writes files in place through their adapters (temp file, fsync, rename) and syncs the folder once. */
  async writeOut(texts: ReadonlyMap<string, string | null>) {
    const { dir, fs, staging } = this;
    const written = await Promise.allSettled(
      [...texts].flatMap(([name, text]) =>
        text === null
          ? []
          : [(this.files.get(name)?.adapter ?? new JournaledFile(dir, name, staging, fs)).prepare(text)],
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
}
