import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export class DataDirLockedError extends Error {}

const heldHere = new Set<string>();

export interface DataDirLock {
  release(): void;
  /**
   * Makes `dir` (a folder about to be renamed to this one's name, on the same disk) locked by this
   * holder too, so the lock stays on the name when a restore swaps folders.
   */
  carryInto(dir: string): void;
}

const INFO_FILE = '.lock';
/** What the abstract-socket lock (before issue 19) kept in the folder; removed by the next owner. */
const LEGACY_NAME_FILE = '.lock-name';
const SOCKET_PATTERN = /^\.lock-[0-9a-f]{16}\.sock$/;
/** sun_path holds 108 bytes on Linux, 104 on macOS, with its terminating NUL. */
const MAX_SOCKET_PATH = 103;
/** What an owner says to anyone who connects; a starter still checking says nothing. */
const OWNER_SAYS = 'owner';

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

type Peer = 'owner' | 'starting' | 'gone';

/** What is behind a lock socket file: its owner, another starter, or nothing (a process that ended). */
function probe(socketPath: string): Promise<Peer> {
  return new Promise((resolve) => {
    let heard = '';
    const socket = net.connect(socketPath);
    const done = (peer: Peer) => {
      socket.destroy();
      resolve(peer);
    };
    // A live process that does not answer in time is still alive: never take its folder.
    socket.setTimeout(2000, () => done('starting'));
    socket.on('data', (d: Buffer) => {
      heard += d.toString();
      if (heard === OWNER_SAYS) done('owner');
    });
    socket.on('end', () => done(heard === OWNER_SAYS ? 'owner' : 'starting'));
    socket.on('close', () => done(heard === OWNER_SAYS ? 'owner' : 'starting'));
    socket.on('error', (err: NodeJS.ErrnoException) =>
      done(err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? 'gone' : 'starting'),
    );
  });
}

/**
 * A path the kernel accepts for a socket in `dataDir`. A long DATA_DIR would not fit in sun_path
 * (libuv would silently cut it and bind somewhere else), so on Linux it is reached through an open
 * handle of the folder, /proc/self/fd/N, which resolves to the same folder.
 */
function socketPathIn(dataDir: string, dirFd: number | undefined, name: string): string {
  const direct = path.join(path.resolve(dataDir), name);
  if (Buffer.byteLength(direct) <= MAX_SOCKET_PATH) return direct;
  if (dirFd !== undefined) return `/proc/self/fd/${dirFd}/${name}`;
  throw new DataDirLockedError(
    `The data folder's path ${dataDir} is too long for its lock (at most ${MAX_SOCKET_PATH - 28} bytes here): use a shorter DATA_DIR.`,
  );
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One process owns the data folder. The lock is a listening unix socket whose file lives in the
 * folder itself (`.lock-<random>.sock`), so only a user who may write into the folder (0700: the
 * owner's user) can create one; the abstract socket names used before were listed in
 * /proc/net/unix for every local user to take first (docs/decisions/023-data-folder-lock.md).
 *
 * The kernel closes the socket the moment its process ends, however it ends (SIGKILL, power cut),
 * and a socket file with nobody behind it refuses connections: a stale file is recognised by
 * that, never by a pid (which a reboot may give to another process). A starter binds its own
 * socket first, then asks every other one in the folder: an owner answers and the starter gives
 * up; another starter stays silent and both step back for a random moment and try again; files
 * nobody is behind are gone owners. Whoever binds later always sees whoever bound earlier, so two
 * owners never pass these checks at once; the owner then removes the stale files.
 */
async function socketLock(dataDir: string, purpose: string): Promise<DataDirLock> {
  const dirFd = process.platform === 'linux' ? fs.openSync(dataDir, 'r') : undefined;
  try {
    for (let attempt = 0; attempt < 30; attempt++) {
      const name = `.lock-${randomBytes(8).toString('hex')}.sock`;
      let owner = false;
      const server = net.createServer((socket) => {
        socket.on('error', () => undefined);
        if (owner) socket.end(OWNER_SAYS);
        else socket.destroy();
      });
      const bound = socketPathIn(dataDir, dirFd, name);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(bound, () => {
          server.off('error', reject);
          resolve();
        });
      });
      // The lock alone must not keep a process alive.
      server.unref();
      const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
      const others = fs.readdirSync(dataDir).filter((f) => SOCKET_PATTERN.test(f) && f !== name);
      const peers = await Promise.all(
        others.map(async (f) => {
          const p = socketPathIn(dataDir, dirFd, f);
          let peer = await probe(p);
          // A starter that has just bound may not listen yet: only a repeated refusal means gone.
          for (let i = 0; i < 3 && peer === 'gone'; i++) {
            await pause(15);
            peer = fs.existsSync(p) ? await probe(p) : 'gone';
          }
          return { f, peer };
        }),
      );
      if (peers.some((p) => p.peer === 'owner')) {
        await close();
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by ${describeOwner(dataDir)}. Stop it first, or use another DATA_DIR.`,
        );
      }
      if (peers.some((p) => p.peer === 'starting')) {
        await close();
        await pause(10 + Math.random() * 90);
        continue;
      }
      owner = true;
      try {
        for (const { f } of peers) fs.rmSync(path.join(dataDir, f), { force: true });
        // Only owners write information files: one left by a crash mid-write can go now.
        for (const f of fs.readdirSync(dataDir)) {
          if (/^\.lock\.[0-9a-f]{12}\.tmp$/.test(f)) fs.rmSync(path.join(dataDir, f), { force: true });
        }
        fs.rmSync(path.join(dataDir, LEGACY_NAME_FILE), { force: true });
        writeInfo(dataDir, purpose);
      } catch (err) {
        await close();
        throw err;
      }
      const fd = dirFd;
      return {
        carryInto(dir: string) {
          // A hard link reaches the same socket: connecting through it finds this owner.
          fs.linkSync(path.join(dataDir, name), path.join(dir, name));
          fs.copyFileSync(path.join(dataDir, INFO_FILE), path.join(dir, INFO_FILE));
        },
        release() {
          // Information first, then the socket (closing it removes its file): once it is gone, a
          // new owner writes its own.
          fs.rmSync(path.join(dataDir, INFO_FILE), { force: true });
          server.close();
          if (fd !== undefined) fs.closeSync(fd);
        },
      };
    }
  } catch (err) {
    if (dirFd !== undefined) fs.closeSync(dirFd);
    throw err;
  }
  if (dirFd !== undefined) fs.closeSync(dirFd);
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}: other processes kept starting on it.`);
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
 * On Windows (no unix sockets with these semantics): an O_EXCL pid file, taken over when its pid is gone. It cannot
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
      return {
        release: () => fs.rmSync(file, { force: true }),
        carryInto: (dir: string) => fs.copyFileSync(file, path.join(dir, INFO_FILE)),
      };
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
    lock = process.platform === 'win32' ? pidFileLock(dataDir, purpose) : await socketLock(dataDir, purpose);
  } catch (err) {
    heldHere.delete(key);
    throw err;
  }
  let released = false;
  return {
    carryInto: (dir: string) => lock.carryInto(dir),
    release() {
      if (released) return;
      released = true;
      heldHere.delete(key);
      lock.release();
    },
  };
}
