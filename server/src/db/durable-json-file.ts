import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Adapter } from 'lowdb';

/** The file operations durable writes use; injectable so tests can make a real write fail (disk full). */
export type DurableFs = Pick<typeof fsp, 'open' | 'rename' | 'rm'>;

/**
 * The new content is already in place (renamed) but the folder could not be fsynced: what is
 * served must match the file, so callers keep the change even though the write reported a failure.
 */
export class NotDurableError extends Error {
  constructor(cause: unknown) {
    super(`the file was replaced but its folder could not be synced: ${(cause as Error)?.message ?? cause}`, {
      cause,
    });
    this.name = 'NotDurableError';
  }
}

/** fsync a folder so a rename inside it survives a power cut. */
export async function fsyncDir(dir: string, fs: DurableFs = fsp): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes a file so that after a crash it holds either the old or the new content, never a mix.
 * Whatever fails (disk full in the middle of the data, fsync, rename), the temp file goes.
 */
export async function writeFileDurable(file: string, data: string | Uint8Array, fs: DurableFs = fsp): Promise<void> {
  const dir = path.dirname(file);
  const tmp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await fs.open(tmp, 'wx', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true }).catch(() => undefined);
    throw err;
  }
  try {
    await fsyncDir(dir, fs);
  } catch (err) {
    throw new NotDurableError(err);
  }
}

/**
 * lowdb adapter with durable writes (steno renames but never fsyncs). Writes are serialised in
 * the order they were asked for.
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
