import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** fsync a folder so that a rename or a new file inside it survives a power cut. */
export async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Creates `file` (it must not exist yet) and fsyncs its content before returning. */
export async function writeNewFileSynced(file: string, data: string | Uint8Array, mode: number): Promise<void> {
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
 * mix: a temp file beside it, fsync, rename over it, fsync of the folder.
 */
export async function writeFileDurable(file: string, data: string | Uint8Array): Promise<void> {
  const dir = path.dirname(file);
  const tmp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  await writeNewFileSynced(tmp, data, 0o600);
  try {
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
  await fsyncDir(dir);
}
