import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

const heldHere = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DataDirLock {
  release(): void;
}

/**
 * One process owns the data folder. The lock file holds the owner's pid, so a lock left by a
 * killed server is taken over at once (a SIGKILLed owner cannot clean up after itself).
 */
export function lockDataDir(dataDir: string, purpose: string): DataDirLock {
  const file = path.join(dataDir, '.lock');
  const key = path.resolve(file);
  if (heldHere.has(key)) {
    throw new DataDirLockedError(`The data folder ${dataDir} is already in use by this process.`);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, `${process.pid}\n${purpose}\n`);
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      heldHere.add(key);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldHere.delete(key);
          try {
            fs.unlinkSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let owner = NaN;
    let what = 'a server';
    try {
      const [pidLine, purposeLine] = fs.readFileSync(file, 'utf8').split('\n');
      owner = Number(pidLine);
      if (purposeLine) what = purposeLine;
    } catch {
      continue; // Removed meanwhile: try again.
    }
    if (Number.isInteger(owner) && owner > 0 && alive(owner) && owner !== process.pid) {
      throw new DataDirLockedError(
        `The data folder ${dataDir} is in use by ${what} (pid ${owner}). Stop it first, or use another DATA_DIR.`,
      );
    }
    // Stale (its owner is gone, or it was ours from an earlier life of this pid).
    fs.rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
