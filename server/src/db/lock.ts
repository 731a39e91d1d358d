import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export class DataDirLockedError extends Error {}

const heldHere = new Set<string>();

export interface DataDirLock {
  release(): void;
}

const INFO_FILE = '.lock';
const NAME_FILE = '.lock-name';
const NAME_PATTERN = /^[0-9a-f]{32}$/;

/**
 * The folder's lock name: 128 random bits kept in the folder itself (0600, in a 0700 folder), so
 * no other local user can learn it and take the name first. Created by link(), which never
 * leaves a half-written file for a concurrent starter to read.
 */
function lockName(dataDir: string): string {
  const file = path.join(dataDir, NAME_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const name = fs.readFileSync(file, 'utf8').trim();
      if (NAME_PATTERN.test(name)) return name;
      throw new DataDirLockedError(`The lock name file ${file} is damaged: remove it while no server runs.`);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    const fd = fs.openSync(tmp, 'wx', 0o600);
    try {
      fs.writeSync(fd, `${randomBytes(16).toString('hex')}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    try {
      fs.linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not prepare the lock of the data folder ${dataDir}.`);
}

/** Who holds the folder, from the information file the holder wrote (best effort, for the message). */
function describeOwner(dataDir: string): string {
  try {
    const [pid, purpose] = fs.readFileSync(path.join(dataDir, INFO_FILE), 'utf8').split('\n');
    if (pid && /^\d+$/.test(pid)) return `${purpose || 'a server'} (pid ${pid})`;
  } catch {
    // No information left: say what we know.
  }
  return 'another process';
}

function writeInfo(dataDir: string, purpose: string): void {
  const file = path.join(dataDir, INFO_FILE);
  const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, `${process.pid}\n${purpose}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

/**
 * One process owns the data folder. On Linux the lock is a listening socket in the abstract
 * namespace: binding a name is atomic, and the kernel frees it the moment its process ends,
 * however it ends (SIGKILL, power cut, a pid reused after a reboot), so there is never a stale
 * lock to judge or to take over. `.lock` only tells a refused starter who holds the folder.
 * The abstract namespace belongs to one network namespace: two containers with their own
 * networks sharing one volume would not see each other (run one server per data folder).
 */
async function socketLock(dataDir: string, purpose: string): Promise<DataDirLock> {
  const name = `\0cabana-data-${lockName(dataDir)}`;
  // Nobody has any business talking to the lock: drop whoever connects.
  const server = net.createServer((socket) => socket.destroy());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(name, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new DataDirLockedError(
        `The data folder ${dataDir} is in use by ${describeOwner(dataDir)}. Stop it first, or use another DATA_DIR.`,
      );
    }
    throw err;
  }
  // The lock alone must not keep a process alive.
  server.unref();
  try {
    // Only owners write information files: one left by a crash mid-write can go now.
    for (const f of fs.readdirSync(dataDir)) {
      if (/^\.lock\.[0-9a-f]{12}\.tmp$/.test(f)) fs.rmSync(path.join(dataDir, f), { force: true });
    }
    writeInfo(dataDir, purpose);
  } catch (err) {
    server.close();
    throw err;
  }
  return {
    release() {
      // Information first, then the name: once the name is free, a new owner writes its own.
      fs.rmSync(path.join(dataDir, INFO_FILE), { force: true });
      server.close();
    },
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Elsewhere (no abstract sockets): an O_EXCL pid file, taken over when its pid is gone. It cannot
 * tell a reused pid from its owner, so after a crash and a reboot it may need removing by hand.
 */
function pidFileLock(dataDir: string, purpose: string): DataDirLock {
  const file = path.join(dataDir, INFO_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, `${process.pid}\n${purpose}\n`);
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      return { release: () => fs.rmSync(file, { force: true }) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let owner = NaN;
    try {
      owner = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
    } catch {
      continue; // Removed meanwhile: try again.
    }
    if (Number.isInteger(owner) && owner > 0 && alive(owner) && owner !== process.pid) {
      throw new DataDirLockedError(
        `The data folder ${dataDir} is in use by ${describeOwner(dataDir)}. Stop it first, or use another DATA_DIR.`,
      );
    }
    fs.rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}

/** Takes the data folder for this process, or throws DataDirLockedError naming who holds it. */
export async function lockDataDir(dataDir: string, purpose: string): Promise<DataDirLock> {
  const key = path.resolve(dataDir);
  if (heldHere.has(key)) {
    throw new DataDirLockedError(`The data folder ${dataDir} is already in use by this process.`);
  }
  heldHere.add(key);
  let lock: DataDirLock;
  try {
    lock = process.platform === 'linux' ? await socketLock(dataDir, purpose) : pidFileLock(dataDir, purpose);
  } catch (err) {
    heldHere.delete(key);
    throw err;
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      heldHere.delete(key);
      lock.release();
    },
  };
}
