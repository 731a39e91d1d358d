import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** The file operations durable writes use; injectable so tests can make a real write fail (disk full). */
export type DurableFs = Pick<typeof fsp, 'open' | 'rename' | 'rm'>;

/**
 * The new content is already in place (renamed) but the folder could not be fsynced: what is
 * served must match the file, so callers keep the change even though the write reported a failure.
 */
export class NotDurableError extends Error {
  constructor(cause: unknown) {
    super(`the file was replaced but its folder could not be synced: ${(cause as Error)?.message ?? String(cause)}`, {
      cause,
    });
    this.name = 'NotDurableError';
  }
}

/** fsync a folder so that a rename or a new file inside it survives a power cut. */
export async function fsyncDir(dir: string, fs: DurableFs = fsp): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Creates `file` (it must not exist yet) and fsyncs its content before returning. */
export async function writeNewFileSynced(
  file: string,
  data: string | Uint8Array,
  mode: number,
  fs: DurableFs = fsp,
): Promise<void> {
  const handle = await fs.open(file, 'wx', mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Replaces a file so that after a crash it holds either the old or the new content, never a
 * mix: a temp file beside it, fsync, rename over it, fsync of the folder. Whatever fails (disk
 * full in the middle of the data, fsync, rename), the temp file goes.
 */
export async function writeFileDurable(file: string, data: string | Uint8Array, fs: DurableFs = fsp): Promise<void> {
  const dir = path.dirname(file);
  const tmp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeNewFileSynced(tmp, data, 0o600, fs);
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
