import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Adapter } from 'lowdb';

/** fsync a folder so a rename inside it survives a power cut. */
export async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes a file so that after a crash it holds either the old or the new content, never a mix. */
export async function writeFileDurable(file: string, data: string | Uint8Array): Promise<void> {
  const dir = path.dirname(file);
  const tmp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(tmp, 'wx', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
  await fsyncDir(dir);
}

/**
 * lowdb adapter with durable writes (steno renames but never fsyncs). Writes are serialised
 * and coalesced: a write asked for while another runs saves the latest data once it ends.
 */
export class DurableJSONFile<T> implements Adapter<T> {
  #chain: Promise<void> = Promise.resolve();

  constructor(readonly file: string) {}

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await fs.readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    return JSON.parse(text) as T;
  }

  write(data: T): Promise<void> {
    const text = JSON.stringify(data, null, 2);
    const run = this.#chain.then(() => writeFileDurable(this.file, text));
    this.#chain = run.catch(() => undefined);
    return run;
  }
}
