import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Low } from 'lowdb';
import { BUSINESS } from '@cabana/shared/config/business';
import { DataSchema, assignImagePositions, type Data } from './schema';
import { DurableJSONFile } from './durable-json-file';

export const DATA_FILE = 'db.json';

export class DataFileError extends Error {}

export function initialData(): Data {
  return {
    version: 1,
    admin: null,
    secrets: { formTokenKey: randomBytes(32).toString('base64url') },
    price: { precio: BUSINESS.defaultPricePerPerson, updatedAt: new Date().toISOString() },
    images: [],
    enquiries: [],
    sessions: [],
    usedFormTokens: [],
    seeded: false,
  };
}

/**
 * The one Low<Data>. Callers change `store.data` synchronously and then `await store.save()`:
 * no await between reading and changing, so requests never interleave half-done edits.
 */
export interface Store {
  readonly data: Data;
  readonly file: string;
  /** True when the data file did not exist before this start. */
  readonly created: boolean;
  /**
   * Goes up by one each time a save starts, i.e. right after a change: caches of what pages
   * and public lists show are keyed by it, so the request after a write never gets stale data.
   */
  readonly version: number;
  save(): Promise<void>;
}

export async function openStore(dataDir: string): Promise<Store> {
  const file = path.join(dataDir, DATA_FILE);
  // Temp files of a write that a crash interrupted: the real file is still the previous version.
  for (const name of await fs.readdir(dataDir)) {
    if (name.startsWith(`.${DATA_FILE}.`) && name.endsWith('.tmp'))
      await fs.rm(path.join(dataDir, name), { force: true });
  }
  const adapter = new DurableJSONFile<Data>(file);
  let raw: unknown;
  try {
    raw = await adapter.read();
  } catch (err) {
    throw new DataFileError(`The data file ${file} is not valid JSON: ${(err as Error).message}`);
  }
  const created = raw === null;
  let data: Data;
  if (created) {
    data = initialData();
  } else {
    const parsed = DataSchema.safeParse(raw);
    if (!parsed.success) {
      throw new DataFileError(
        `The data file ${file} does not have the expected shape: ${parsed.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; ')}`,
      );
    }
    data = parsed.data;
    // Kept in memory only: the next save writes it, and until then every start computes the same.
    assignImagePositions(data);
  }
  const db = new Low<Data>(adapter, data);
  if (created) await db.write();
  let version = 1;
  return {
    get data() {
      return db.data;
    },
    get version() {
      return version;
    },
    file,
    created,
    save: () => {
      version += 1;
      return db.write();
    },
  };
}
