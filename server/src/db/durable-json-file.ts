import fsp from 'node:fs/promises';
import type { Adapter } from 'lowdb';
import { writeFileDurable, type DurableFs } from '../lib/durable-fs';

export { type DurableFs } from '../lib/durable-fs';

/**
 * lowdb adapter with durable writes (steno renames but never fsyncs). Writes are serialised,
 * never coalesced: each one saves the data as it was when asked, once the one before it has
 * ended (failed or not), so a caller's `await` returns only after its own change is on disk.
 */
export class DurableJSONFile<T> implements Adapter<T> {
  #chain: Promise<void> = Promise.resolve();

  constructor(
    readonly file: string,
    readonly fs: DurableFs = fsp,
  ) {}

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await fsp.readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    return JSON.parse(text) as T;
  }

  write(data: T): Promise<void> {
    const text = JSON.stringify(data, null, 2);
    const run = this.#chain.then(() => writeFileDurable(this.file, text, this.fs));
    this.#chain = run.catch(() => undefined);
    return run;
  }
}
