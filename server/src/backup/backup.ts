import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { create as tarCreate, extract as tarExtract, list as tarList } from 'tar';
import { VARIANT_FILE_PATTERN } from '@cabana/shared/api/media';
import { isRecordId } from '../lib/ids';
import { fsyncDir } from '../lib/durable-fs';
import { crashPoint } from '../lib/crash-points';
import { LEGACY_FILE, readDataFolder, validate } from '../db/folder';
import { lockDataDir } from '../db/lock';
import type { Data } from '../db/schema';
import type { Logger } from '../lib/logger';
import { WOMPI_KEYS_FILE } from '../payments/wompi-keys';

/**
 * Backups (docs/decisions/013-backups-and-deployment.md): one `.tar.gz` holding the data as one
 * `db.json` (read without the lock, consistent: readDataFolder), the files of every photo that
 * data names, and a manifest with each file's size and SHA-256. A restored folder holds that
 * `db.json`, `images/` and `receipts/`; the server imports the `db.json` at its next start.
 */
const BACKUP_ROOT = 'cabana-backup';
/** The work folder of a backup in progress, beside its output. */
const WORK_PREFIX = '.cabana-backup-';
const MANIFEST = 'manifest.json';
const FORMAT = 'cabana-backup';
/**
 * The largest `db.json` and manifest a backup may hold. Both are read whole (the data is checked
 * as the server will load it), so an archive may not name its own size: 3.5 MB of gzip can hold
 * 200 MB of JSON. 64 MiB is some 100 000 enquiries, far beyond a cabin's 24 months of retention;
 * a backup of a larger folder is refused when it is taken, never only when it is needed.
 */
export const MAX_DB_BYTES = 64 * 1024 * 1024;
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

export class BackupError extends Error {}

interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}
interface Manifest {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  files: ManifestFile[];
}

export interface BackupResult {
  file: string;
  bytes: number;
  images: number;
  files: number;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** The files a data snapshot names, relative to the data folder: photos and the guests' receipts. */
function mediaOf(data: Data): string[] {
  return [
    ...data.images.flatMap((img) => img.files.map((name) => path.posix.join('images', img.id, name))),
    ...data.bookings.flatMap((b) => b.receipts.map((r) => path.posix.join('receipts', b.id, r.id))),
  ];
}

/** `receipts/<booking id>/<receipt id>` or `images/<photo id>/<variant>`: the only media paths a backup holds. */
function isMediaPath(parts: readonly string[]): boolean {
  if (parts.length !== 3 || !isRecordId(parts[1]!)) return false;
  if (parts[0] === 'images') return VARIANT_FILE_PATTERN.test(parts[2]!);
  return parts[0] === 'receipts' && isRecordId(parts[2]!);
}

/**
 * Puts the snapshot's photo files beside its `db.json` in `stage`: hard links where the disk
 * allows (photo files are never rewritten in place), copies elsewhere. A photo deleted between
 * the snapshot and here means the snapshot is already old: the caller takes a new one.
 */
async function stageMedia(dataDir: string, stage: string, files: readonly string[]): Promise<boolean> {
  for (const rel of files) {
    const from = path.join(dataDir, rel);
    const to = path.join(stage, rel);
    await fsp.mkdir(path.dirname(to), { recursive: true });
    try {
      await fsp.link(from, to);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return false;
      if (code !== 'EXDEV' && code !== 'EPERM') throw err;
      try {
        await fsp.copyFile(from, to);
      } catch (copyErr) {
        if ((copyErr as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw copyErr;
      }
    }
  }
  return true;
}

/**
 * Writes a backup of `dataDir` to `out` while a server may be writing to it: the file appears
 * under its name only once complete, synced and verified.
 */
export async function createBackup(dataDir: string, out: string, now = new Date()): Promise<BackupResult> {
  const outDir = path.dirname(path.resolve(out));
  // The archive holds every enquiry: folders made for it, and the archive itself from its first
  // byte, are the owner's only, whatever the umask (chmod at the end would leave a window open).
  await fsp.mkdir(outDir, { recursive: true, mode: 0o700 });
  const work = await fsp.mkdtemp(path.join(outDir, WORK_PREFIX));
  const tmpOut = path.join(outDir, `.${path.basename(out)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const stage = path.join(work, BACKUP_ROOT);
    let data: Data | undefined;
    for (let attempt = 0; attempt < 10 && !data; attempt++) {
      await fsp.rm(stage, { recursive: true, force: true });
      await fsp.mkdir(stage, { recursive: true });
      const snapshot = await readDataFolder(dataDir);
      if (!snapshot) throw new BackupError(`The data folder ${dataDir} holds no data to back up.`);
      if (await stageMedia(dataDir, stage, mediaOf(snapshot))) data = snapshot;
    }
    if (!data) throw new BackupError(`Photos of ${dataDir} kept being deleted during the backup; try again.`);
    const dbText = JSON.stringify(data);
    if (Buffer.byteLength(dbText) > MAX_DB_BYTES) {
      throw new BackupError(
        `The data of ${dataDir} is ${Buffer.byteLength(dbText)} bytes, more than a backup may hold (${MAX_DB_BYTES}).`,
      );
    }
    await fsp.writeFile(path.join(stage, LEGACY_FILE), dbText, { mode: 0o600 });
    const media = mediaOf(data);
    const files: ManifestFile[] = [
      { path: LEGACY_FILE, size: Buffer.byteLength(dbText), sha256: sha256(dbText) },
      ...(await Promise.all(media.map(async (rel) => ({ path: rel, ...(await hashFile(path.join(stage, rel))) })))),
    ];
    const manifest: Manifest = { format: FORMAT, version: 1, createdAt: now.toISOString(), files };
    await fsp.writeFile(path.join(stage, MANIFEST), JSON.stringify(manifest, null, 2));
    // The manifest first, so a reader learns what to expect before the rest.
    let entries = 0;
    const onWriteEntry = () => {
      // From the third entry on, the manifest and the data are (being) written: a partial archive.
      if (++entries > 2) crashPoint('backup:archiving');
    };
    await tarCreate(
      { gzip: true, file: tmpOut, mode: 0o600, cwd: work, portable: true, noDirRecurse: true, onWriteEntry },
      [`${BACKUP_ROOT}/${MANIFEST}`, `${BACKUP_ROOT}/${LEGACY_FILE}`, ...media.map((rel) => `${BACKUP_ROOT}/${rel}`)],
    );
    const handle = await fsp.open(tmpOut, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await verifyBackup(tmpOut);
    await fsp.chmod(tmpOut, 0o600);
    crashPoint('backup:before-rename');
    await fsp.rename(tmpOut, out);
    await fsyncDir(outDir);
    const { size } = await fsp.stat(out);
    return { file: path.resolve(out), bytes: size, images: data.images.length, files: files.length };
  } finally {
    await fsp.rm(tmpOut, { force: true });
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/** A path inside the archive we could have written: no `..`, no absolute path, nothing else. */
function safeRelative(entryPath: string): string | undefined {
  const prefix = `${BACKUP_ROOT}/`;
  if (!entryPath.startsWith(prefix)) return undefined;
  const rel = entryPath.slice(prefix.length);
  if (rel === MANIFEST || rel === LEGACY_FILE) return rel;
  const parts = rel.split('/');
  return isMediaPath(parts) ? rel : undefined;
}

/**
 * Reads the whole archive and checks everything before a restore touches anything: it
 * decompresses and parses to the end, holds only the files a backup writes, every file matches
 * the manifest's size and SHA-256, `db.json` is valid data, and every photo it names is there.
 */
/**
 * The whole gzip stream, to its checksum and length. tar stops reading at the archive's end
 * blocks, so damage in the padding after them would otherwise pass unseen.
 */
async function checkGzip(file: string): Promise<void> {
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  await pipeline(fs.createReadStream(file), zlib.createGunzip(), sink);
}

export async function verifyBackup(file: string): Promise<{ data: Data; manifest: Manifest }> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | undefined;
  let dbText: string | undefined;
  const problems: string[] = [];
  try {
    await checkGzip(file);
    const parser = tarList({
      strict: true,
      onReadEntry: (entry) => {
        if (entry.type === 'Directory') {
          entry.resume();
          return;
        }
        const rel = entry.type === 'File' ? safeRelative(entry.path) : undefined;
        if (!rel) {
          problems.push(`unexpected entry ${entry.path} (${entry.type})`);
          entry.resume();
          return;
        }
        const kept = rel === MANIFEST || rel === LEGACY_FILE;
        // Both are read whole below; the tar header gives the exact size before any of it is read,
        // and an archive naming a larger one is refused there and then, without reading on.
        const cap = rel === MANIFEST ? MAX_MANIFEST_BYTES : MAX_DB_BYTES;
        if (kept && (entry.size ?? 0) > cap) {
          problems.push(`${rel} is ${entry.size} bytes, more than a backup may hold (${cap})`);
          parser.abort(new BackupError(problems.at(-1)));
          return;
        }
        const hash = createHash('sha256');
        const chunks: Buffer[] = [];
        let size = 0;
        entry.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          size += chunk.length;
          if (kept) chunks.push(chunk);
        });
        entry.on('end', () => {
          if (seen.has(rel)) problems.push(`${rel} appears twice`);
          seen.set(rel, { size, sha256: hash.digest('hex') });
          if (rel === MANIFEST) manifestText = Buffer.concat(chunks).toString('utf8');
          if (rel === LEGACY_FILE) dbText = Buffer.concat(chunks).toString('utf8');
        });
      },
    });
    // Small reads: each one is inflated whole before its entries see it, and gzip inflates up to
    // 1000 times (the reader's own limit), so a large read could become gigabytes at once.
    await pipeline(fs.createReadStream(file, { highWaterMark: 16 * 1024 }), parser);
  } catch (err) {
    if (err instanceof BackupError) throw new BackupError(`${file} is not a backup of this site: ${err.message}`);
    throw new BackupError(`${file} is not a readable .tar.gz: ${(err as Error).message}`);
  }
  if (problems.length)
    throw new BackupError(`${file} is not a backup of this site: ${problems.slice(0, 3).join('; ')}`);
  if (manifestText === undefined || dbText === undefined) {
    throw new BackupError(`${file} has no ${manifestText === undefined ? MANIFEST : LEGACY_FILE}.`);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch {
    throw new BackupError(`${file}: the manifest is not valid JSON.`);
  }
  if (manifest.format !== FORMAT || manifest.version !== 1 || !Array.isArray(manifest.files)) {
    throw new BackupError(`${file}: unknown backup format.`);
  }
  const expected = new Map(manifest.files.map((f) => [f.path, f]));
  for (const [rel, got] of seen) {
    if (rel === MANIFEST) continue;
    const want = expected.get(rel);
    if (!want) throw new BackupError(`${file}: ${rel} is not in the manifest.`);
    if (want.size !== got.size || want.sha256 !== got.sha256) {
      throw new BackupError(`${file}: ${rel} does not match its checksum (damaged archive).`);
    }
  }
  for (const rel of expected.keys()) if (!seen.has(rel)) throw new BackupError(`${file}: ${rel} is missing.`);
  let raw: unknown;
  try {
    raw = JSON.parse(dbText);
  } catch {
    throw new BackupError(`${file}: ${LEGACY_FILE} is not valid JSON.`);
  }
  let data: Data;
  try {
    data = validate(raw, `${file}:${LEGACY_FILE}`);
  } catch (err) {
    throw new BackupError((err as Error).message);
  }
  for (const rel of mediaOf(data)) {
    if (!seen.has(rel)) throw new BackupError(`${file}: the file ${rel} is missing.`);
  }
  return { data, manifest };
}

export interface RestoreResult {
  /** Where the folder that was there before now is (undefined when there was none). */
  previous: string | undefined;
  images: number;
  enquiries: number;
}

/**
 * Replaces `dataDir` with the backup's content. The archive is verified completely first; the
 * folder is locked as a server would lock it (so this refuses while one runs, and none starts
 * meanwhile); the new folder is extracted and synced beside it, and the old one is kept aside
 * under `<dataDir>.before-restore-<time>`.
 */
export async function restoreBackup(file: string, dataDir: string, now = new Date()): Promise<RestoreResult> {
  const { data } = await verifyBackup(file);
  const target = path.resolve(dataDir);
  const parent = path.dirname(target);
  const hadFolder = fs.existsSync(target);
  if (!hadFolder) await fsp.mkdir(target, { recursive: true, mode: 0o700 });
  const lock = await lockDataDir(target, 'npm run restore');
  const stagePrefix = `.${path.basename(target)}.restore-`;
  const staged = path.join(parent, `${stagePrefix}${randomBytes(6).toString('hex')}`);
  try {
    // What an interrupted restore left (the folder in use is never one of these).
    for (const name of await fsp.readdir(parent)) {
      if (name.startsWith(stagePrefix)) await fsp.rm(path.join(parent, name), { recursive: true, force: true });
    }
    await fsp.mkdir(staged, { mode: 0o700 });
    const work = path.join(staged, '.extract');
    await fsp.mkdir(work);
    await tarExtract({
      file,
      maxReadSize: 16 * 1024,
      cwd: work,
      strict: true,
      preservePaths: false,
      noChmod: true,
      filter: (p) => !!safeRelative(p),
    });
    const root = path.join(work, BACKUP_ROOT);
    await fsp.rename(path.join(root, LEGACY_FILE), path.join(staged, LEGACY_FILE));
    await fsp.mkdir(path.join(staged, 'images'), { mode: 0o700 });
    for (const img of data.images) {
      await fsp.rename(path.join(root, 'images', img.id), path.join(staged, 'images', img.id));
    }
    await fsp.mkdir(path.join(staged, 'receipts'), { mode: 0o700 });
    for (const booking of data.bookings) {
      if (booking.receipts.length === 0) continue;
      await fsp.rename(path.join(root, 'receipts', booking.id), path.join(staged, 'receipts', booking.id));
    }
    await fsp.rm(work, { recursive: true, force: true });
    // The Wompi keys the owner pasted are kept out of backups (decision 041): the folder being
    // replaced keeps them, or online payment would stop with the restore.
    const keys = path.join(target, WOMPI_KEYS_FILE);
    if (hadFolder && fs.existsSync(keys)) {
      await fsp.copyFile(keys, path.join(staged, WOMPI_KEYS_FILE));
      await fsp.chmod(path.join(staged, WOMPI_KEYS_FILE), 0o600);
    }
    await syncTree(staged);
    // The lock goes along, so the folder under this name stays ours after the swap.
    lock.carryInto(staged);
    const previous = hadFolder ? `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}` : undefined;
    if (previous) await fsp.rename(target, previous);
    else await fsp.rm(target, { recursive: true, force: true });
    await fsp.rename(staged, target);
    await fsyncDir(parent);
    return { previous, images: data.images.length, enquiries: data.enquiries.length };
  } catch (err) {
    await fsp.rm(staged, { recursive: true, force: true });
    throw err;
  } finally {
    lock.release();
  }
}

/** fsyncs every file and folder under `dir` (a restored folder must survive a power cut before it is used). */
async function syncTree(dir: string): Promise<void> {
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) await syncTree(p);
    else {
      const h = await fsp.open(p, 'r');
      try {
        await h.sync();
      } finally {
        await h.close();
      }
    }
  }
  await fsyncDir(dir);
}

/** `cabana-2026-11-22T17-00-00-000Z.tar.gz`: names that sort by time. */
export const snapshotName = (at: Date) => `cabana-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
const SNAPSHOT = /^cabana-\d{4}-\d{2}-\d{2}T[\d-]+Z\.tar\.gz$/;

/** What an automatic backup cut short (a crash, a power cut) leaves in `dir`: its work folder and temp archive. */
const SNAPSHOT_LEFTOVER = /^\.cabana-\d{4}-\d{2}-\d{2}T[\d-]+Z\.tar\.gz\.[0-9a-f]+\.tmp$/;

/** Removes the leftovers of automatic backups cut short; returns their names. */
async function sweepSnapshotLeftovers(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const gone = names.filter((n) => n.startsWith(WORK_PREFIX) || SNAPSHOT_LEFTOVER.test(n));
  for (const name of gone) await fsp.rm(path.join(dir, name), { recursive: true, force: true });
  return gone;
}

/** Keeps the newest `keep` automatic snapshots of `dir`; returns the names removed. */
export async function pruneSnapshots(dir: string, keep: number): Promise<string[]> {
  const names = (await fsp.readdir(dir)).filter((n) => SNAPSHOT.test(n)).sort();
  const gone = names.slice(0, Math.max(0, names.length - keep));
  for (const name of gone) await fsp.rm(path.join(dir, name), { force: true });
  return gone;
}

/**
 * Automatic backups into `dir` (BACKUP_DIR): one at start, then every `everyMs`, keeping the
 * newest `keep`. They run inside the server, beside its writes, as `npm run backup` would.
 */
export function startAutoBackups(
  dataDir: string,
  opts: { dir: string; keep: number; everyMs: number; log: Logger; now?: () => number },
): { stop(): Promise<void> } {
  const now = opts.now ?? Date.now;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  /** The first run clears what a backup cut short by a crash left (this server holds the data folder). */
  let first = true;
  const run = () => {
    if (stopped) return;
    running = running.then(async () => {
      if (stopped) return;
      try {
        if (first) {
          first = false;
          const swept = await sweepSnapshotLeftovers(opts.dir);
          if (swept.length) opts.log.info(`backup: removed what an interrupted backup left: ${swept.join(', ')}`);
        }
        const at = new Date(now());
        const result = await createBackup(dataDir, path.join(opts.dir, snapshotName(at)), at);
        const gone = await pruneSnapshots(opts.dir, opts.keep);
        opts.log.info(
          `backup: ${result.file} (${result.bytes} bytes)${gone.length ? `; removed ${gone.join(', ')}` : ''}`,
        );
      } catch (err) {
        opts.log.error('backup: the automatic backup failed', err);
      }
    });
  };
  run();
  const timer = setInterval(run, opts.everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
