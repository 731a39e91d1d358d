import fs from 'node:fs/promises';
import path from 'node:path';
import { DB_DIR, LEGACY_FILE, readDataFolder } from '../server/src/db/folder';
import type { Data } from '../server/src/db/schema';

/** The data a (stopped or running) server's folder holds, read the way backups read it. */
export async function readStoredData(dataDir: string): Promise<Data> {
  const data = await readDataFolder(dataDir);
  if (!data) throw new Error(`no data in ${dataDir}`);
  return data;
}

/**
 * Puts data into a stopped server's folder as a `db.json`, which the next start imports: how
 * tests stand in for data an earlier version wrote, or for an edit by hand.
 */
export async function writeStoredData(dataDir: string, data: unknown): Promise<void> {
  await fs.writeFile(path.join(dataDir, LEGACY_FILE), JSON.stringify(data));
}

/** Every byte of the database files, for tests that look for what must never be stored. */
export async function storedText(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, DB_DIR);
  const names = (await fs.readdir(dir)).sort();
  return (await Promise.all(names.map((n) => fs.readFile(path.join(dir, n), 'utf8')))).join('\n');
}
