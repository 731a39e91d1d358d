import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { DataSchema, type Data } from './schema';
import { DurableJSONFile } from './durable-json-file';
import { fsyncDir, writeFileDurable, writeNewFileSynced, type DurableFs } from '../lib/durable-fs';

/**
 * The database on disk (docs/decisions/012-store-files-and-journal.md): a folder `db/` with one
 * lowdb JSON file per collection (every top-level key of DataSchema), the large collections split
 * into files of a fixed number of records, and a journal. A save appends one line to the
 * journal holding the new content of each file it changed, and fsyncs it: one small append per
 * change, whatever the size of the data. Now and then the journal's files are written out and a
 * new, empty journal replaces it (compaction).
 */
export const DB_DIR = 'db';
/** The single data file of earlier versions; one found at start-up is imported, then removed. */
export const LEGACY_FILE = 'db.json';
export const JOURNAL_FILE = 'journal';

/** Collections stored as many files, and how many records each file holds. */
export const SPLIT_COLLECTIONS: Readonly<Record<string, number>> = {
  enquiries: 50,
  bookings: 50,
  outbox: 50,
  reviews: 50,
};

export class DataFileError extends Error {}

const FILE_NAME = /^([A-Za-z][A-Za-z0-9]*)(?:\.(\d+))?\.json$/;

export const collectionFile = (key: string) => `${key}.json`;
export const segmentFile = (key: string, n: number) => `${key}.${n}.json`;

/** The collection (and for split ones the segment number) a file of `db/` holds, if it is one. */
export function parseFileName(name: string): { key: string; segment?: number } | undefined {
  const m = FILE_NAME.exec(name);
  if (!m) return undefined;
  return m[2] === undefined ? { key: m[1]! } : { key: m[1]!, segment: Number(m[2]) };
}

const hash = (payload: string) => createHash('sha256').update(payload).digest('hex').slice(0, 16);

/** The journal's first line: its generation, bumped by each compaction. */
export const journalHeader = (gen: number) => `${JSON.stringify({ journal: 1, gen })}\n`;

/** One journal line: a checksum, then the files a save changed (`null`: the file is gone). */
export function journalLine(seq: number, files: ReadonlyMap<string, string | null>): string {
  const parts: string[] = [];
  const gone: string[] = [];
  for (const [name, text] of files) {
    if (text === null) gone.push(name);
    else parts.push(`${JSON.stringify(name)}:${text}`);
  }
  const payload = `{"seq":${seq},"files":{${parts.join(',')}},"gone":${JSON.stringify(gone)}}`;
  return `${hash(payload)} ${payload}\n`;
}

interface JournalEntry {
  seq: number;
  files: Record<string, unknown>;
  gone?: string[];
}

export interface JournalContent {
  gen: number;
  entries: JournalEntry[];
  /** Bytes up to the end of the last whole entry. */
  goodLength: number;
  /** True when the file ends with a partial entry (a crash during an append). */
  torn: boolean;
}

/** Reads a journal. A damaged last line is a write a crash cut short; damage before it is an error. */
function parseJournal(buf: Buffer, file: string): JournalContent {
  const firstEnd = buf.indexOf(10);
  let header: { journal?: unknown; gen?: unknown };
  try {
    header = JSON.parse(buf.subarray(0, firstEnd < 0 ? buf.length : firstEnd).toString('utf8')) as typeof header;
  } catch {
    throw new DataFileError(`The journal ${file} has no valid first line.`);
  }
  if (header.journal !== 1 || typeof header.gen !== 'number') {
    throw new DataFileError(`The journal ${file} has no valid first line.`);
  }
  const content: JournalContent = { gen: header.gen, entries: [], goodLength: firstEnd + 1, torn: false };
  let start = firstEnd + 1;
  while (start < buf.length) {
    const end = buf.indexOf(10, start);
    const line = buf.subarray(start, end < 0 ? buf.length : end).toString('utf8');
    const space = line.indexOf(' ');
    const payload = line.slice(space + 1);
    let entry: JournalEntry | undefined;
    if (end >= 0 && space === 16 && line.slice(0, 16) === hash(payload)) {
      try {
        entry = JSON.parse(payload) as typeof entry;
      } catch {
        entry = undefined;
      }
    }
    if (!entry) {
      if (end < 0 || end === buf.length - 1) {
        content.torn = true;
        return content;
      }
      throw new DataFileError(`The journal ${file} is damaged at byte ${start}.`);
    }
    content.entries.push(entry);
    start = end + 1;
    content.goodLength = start;
  }
  return content;
}

/** The files' values once the journal's entries are applied over them, in order. */
export function applyJournal(values: Map<string, unknown>, entries: readonly JournalEntry[]): void {
  for (const entry of entries) {
    for (const [name, value] of Object.entries(entry.files)) values.set(name, value);
    for (const name of entry.gone ?? []) values.delete(name);
  }
}

export async function readJournal(dbDir: string): Promise<JournalContent> {
  const file = path.join(dbDir, JOURNAL_FILE);
  return parseJournal(await fsp.readFile(file), file);
}

/** What a `db/` folder holds: every file's value once the journal is applied. */
interface FolderContent {
  values: Map<string, unknown>;
  journal: JournalContent;
}

/**
 * Reads a `db/` folder, also while a server writes to it (backups): appends only add lines, and
 * a compaction that ends during the read changes the journal's generation, so the read starts
 * again. Bases written by a compaction still in progress hold states the journal also holds.
 */
async function readDbFolder(dbDir: string): Promise<FolderContent> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const before = (await readJournal(dbDir)).gen;
    const values = new Map<string, unknown>();
    for (const name of await fsp.readdir(dbDir)) {
      if (!parseFileName(name)) continue;
      const file = path.join(dbDir, name);
      let text: string;
      try {
        text = await fsp.readFile(file, 'utf8');
      } catch (err) {
        // Gone meanwhile: a compaction removed it, and the journal says so.
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      try {
        values.set(name, JSON.parse(text) as unknown);
      } catch (err) {
        throw new DataFileError(`The data file ${file} is not valid JSON: ${(err as Error).message}`);
      }
    }
    const journal = await readJournal(dbDir);
    if (journal.gen !== before) continue;
    applyJournal(values, journal.entries);
    return { values, journal };
  }
  throw new DataFileError(`The data folder ${dbDir} kept changing while it was read.`);
}

/**
 * A collection that became split while a folder still holds it as one file (`outbox.json`
 * before issue 28): its records go into segment files. The single file wins over any segment
 * beside it (those are what an interrupted split left), so the split is done again until the
 * single file is gone. Changes `values` to the split layout and returns what to write: the
 * segments (`text`), then what to remove, in two steps (`stale` segments first, the single file
 * last), so a crash at any point leaves either the single file or the complete segments.
 */
export function splitSingleFiles(values: Map<string, unknown>): {
  write: Map<string, string>;
  stale: string[];
  single: string[];
} {
  const write = new Map<string, string>();
  const stale: string[] = [];
  const single: string[] = [];
  for (const [key, size] of Object.entries(SPLIT_COLLECTIONS)) {
    const name = collectionFile(key);
    if (!values.has(name)) continue;
    const list = values.get(name);
    if (!Array.isArray(list)) throw new DataFileError(`The data file ${name} is not a list.`);
    const old = [...values.keys()].filter((n) => parseFileName(n)!.key === key && n !== name);
    for (const n of old) values.delete(n);
    values.delete(name);
    for (let i = 0, n = 1; i < list.length; i += size, n++) {
      const records = list.slice(i, i + size) as unknown[];
      values.set(segmentFile(key, n), records);
      write.set(segmentFile(key, n), JSON.stringify(records));
    }
    stale.push(...old.filter((n) => !write.has(n)));
    single.push(name);
  }
  return { write, stale, single };
}

/** The data the files hold, validated; `segments`: per split collection, its files' record counts in order. */
export function assemble(
  values: ReadonlyMap<string, unknown>,
  where: string,
): { data: Data; segments: Map<string, { n: number; count: number }[]> } {
  const raw: Record<string, unknown> = {};
  const segments = new Map<string, { n: number; count: number }[]>();
  for (const [name, value] of values) {
    const parsed = parseFileName(name)!;
    if (parsed.segment === undefined) {
      raw[parsed.key] = value;
      continue;
    }
    if (!Array.isArray(value)) throw new DataFileError(`The data file ${name} in ${where} is not a list.`);
    let list = segments.get(parsed.key);
    if (!list) segments.set(parsed.key, (list = []));
    list.push({ n: parsed.segment, count: value.length });
  }
  for (const [key, list] of segments) {
    list.sort((a, b) => a.n - b.n);
    raw[key] = list.flatMap(({ n }) => values.get(segmentFile(key, n)) as unknown[]);
  }
  for (const key of Object.keys(SPLIT_COLLECTIONS)) if (!(key in raw)) raw[key] = [];
  return { data: validate(raw, where), segments };
}

export function validate(raw: unknown, where: string): Data {
  const parsed = DataSchema.safeParse(raw);
  if (!parsed.success) {
    throw new DataFileError(
      `The data in ${where} does not have the expected shape: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
  }
  return parsed.data;
}

/** The files that hold `data`: one per collection, split collections in groups of records. */
function filesOf(data: Data): Map<string, string> {
  const files = new Map<string, string>();
  for (const [key, value] of Object.entries(data)) {
    const size = SPLIT_COLLECTIONS[key];
    if (size === undefined) {
      if (value !== undefined) files.set(collectionFile(key), JSON.stringify(value));
      continue;
    }
    const list = value as unknown[];
    for (let i = 0, n = 1; i < list.length; i += size, n++) {
      files.set(segmentFile(key, n), JSON.stringify(list.slice(i, i + size)));
    }
  }
  return files;
}

async function readLegacy(file: string): Promise<Data> {
  let raw: unknown;
  try {
    raw = await new DurableJSONFile<unknown>(file).read();
  } catch (err) {
    throw new DataFileError(`The data file ${file} is not valid JSON: ${(err as Error).message}`);
  }
  return validate(raw, file);
}

/**
 * Reads the data of a data folder without taking it (backups, checks, tests): `db/`, or a
 * `db.json` waiting to be imported. Undefined when the folder has no data yet.
 */
export async function readDataFolder(dataDir: string): Promise<Data | undefined> {
  const legacy = path.join(dataDir, LEGACY_FILE);
  if (await exists(legacy)) return readLegacy(legacy);
  const dbDir = path.join(dataDir, DB_DIR);
  if (!(await exists(dbDir))) return undefined;
  const { values } = await readDbFolder(dbDir);
  splitSingleFiles(values);
  return assemble(values, dbDir).data;
}

async function exists(p: string): Promise<boolean> {
  try {
    await fsp.lstat(p);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/** Writes a complete, synced `db/` folder for `data` at `dir` (which must not exist). */
async function writeDbFolder(dir: string, data: Data, fs: DurableFs = fsp): Promise<void> {
  await fsp.mkdir(dir, { mode: 0o700 });
  const writes = [...filesOf(data)].map(([name, text]) => writeNewFileSynced(path.join(dir, name), text, 0o600, fs));
  writes.push(writeNewFileSynced(path.join(dir, JOURNAL_FILE), journalHeader(1), 0o600, fs));
  await Promise.all(writes);
  await fsyncDir(dir, fs);
}

const IMPORT_PREFIX = '.db-import-';
const OLD_PREFIX = '.db-old-';

/**
 * Start-up, with the folder locked: removes what interrupted writes left, and turns a `db.json`
 * (an earlier version's data file, or one put there by hand) into the `db/` folder. The import
 * builds the new folder beside the old one and swaps it in; `db.json` goes last, so a crash at
 * any point leaves either the old state with `db.json` (imported again) or the new one.
 * Returns true when the folder had no data at all.
 */
export async function prepareDataFolder(dataDir: string, fresh: () => Data, fs: DurableFs = fsp): Promise<boolean> {
  for (const name of await fsp.readdir(dataDir)) {
    if (name.startsWith(IMPORT_PREFIX) || name.startsWith(OLD_PREFIX)) {
      await fsp.rm(path.join(dataDir, name), { recursive: true, force: true });
    } else if (name.startsWith(`.${LEGACY_FILE}.`) && name.endsWith('.tmp')) {
      await fsp.rm(path.join(dataDir, name), { force: true });
    }
  }
  const dbDir = path.join(dataDir, DB_DIR);
  if (await exists(dbDir)) {
    for (const name of await fsp.readdir(dbDir)) {
      if (name.startsWith('.') && name.endsWith('.tmp')) await fsp.rm(path.join(dbDir, name), { force: true });
    }
  }
  const legacy = path.join(dataDir, LEGACY_FILE);
  const hasLegacy = await exists(legacy);
  if (!hasLegacy && (await exists(dbDir))) return false;
  const created = !hasLegacy;
  const data = hasLegacy ? await readLegacy(legacy) : fresh();
  const staged = path.join(dataDir, `${IMPORT_PREFIX}${randomBytes(6).toString('hex')}`);
  await writeDbFolder(staged, data, fs);
  const old = path.join(dataDir, `${OLD_PREFIX}${randomBytes(6).toString('hex')}`);
  if (await exists(dbDir)) await fs.rename(dbDir, old);
  await fs.rename(staged, dbDir);
  await fsyncDir(dataDir, fs);
  if (hasLegacy) {
    await fs.rm(legacy, { force: true });
    await fsyncDir(dataDir, fs);
  }
  await fsp.rm(old, { recursive: true, force: true });
  return created;
}

/** Replaces the journal with a new, empty generation (after its files were written out). */
export async function resetJournal(dbDir: string, gen: number, tail: string, fs: DurableFs = fsp): Promise<void> {
  await writeFileDurable(path.join(dbDir, JOURNAL_FILE), journalHeader(gen) + tail, fs);
}
