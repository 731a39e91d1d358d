import fsp, { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { types } from 'node:util';
import { Low } from 'lowdb';
import { afterEach, describe, expect, it } from 'vitest';
import type { Enquiry } from '@cabana/shared/domain/schemas/enquiry';
import { DataFileError, initialData, openStore, UntrackedChangeError, type Store } from '../src/db/store';
import { readDataFolder, SPLIT_COLLECTIONS } from '../src/db/folder';
import { readStoredData, storedText, writeStoredData } from '../../test-support/data-folder';
import type { DurableFs } from '../src/lib/durable-fs';
import { openTestStore } from './helpers/store';
import { startTestServer } from '../../test-support/server';

/** docs/decisions/012-store-files-and-journal.md: files per collection, a journal, compaction. */
const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
async function tempDir() {
  const d = await mkdtemp(join(tmpdir(), 'cabana-journal-'));
  dirs.push(d);
  return d;
}

const enquiry = (i: number): Enquiry => ({
  type: 'contacto',
  id: `E${String(i).padStart(15, '0')}`,
  name: `Persona ${i}`,
  email: `p${i}@example.com`,
  message: `Mensaje ${i}`,
  status: 'nueva',
  createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  consentAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  policyVersion: '2026-11-01',
});

/** Records per enquiry file; the data below fills two files and half of a third. */
const SIZE = SPLIT_COLLECTIONS.enquiries!;
const COUNT = SIZE * 2 + SIZE / 2;

/** The files the journal's last line wrote (what the last save cost). */
async function lastEntry(dir: string): Promise<{ files: string[]; gone: string[] }> {
  const lines = (await readFile(join(dir, 'db', 'journal'), 'utf8')).trim().split('\n');
  const entry = JSON.parse(lines.at(-1)!.slice(17)) as { files: Record<string, unknown>; gone: string[] };
  return { files: Object.keys(entry.files).sort(), gone: entry.gone };
}

describe('the store on disk', () => {
  it('imports a db.json into one file per collection, enquiries in files of a fixed size, and removes it', async () => {
    const dir = await tempDir();
    const data = initialData();
    data.enquiries = Array.from({ length: COUNT }, (_, i) => enquiry(i));
    data.price.precio = 123_000;
    await writeStoredData(dir, data);
    const store = await openTestStore(dir);
    expect(store.created).toBe(false);
    expect(store.data.enquiries).toHaveLength(COUNT);
    expect(store.data.price.precio).toBe(123_000);
    await store.close();
    expect((await readdir(dir)).sort()).toEqual(['db']);
    expect((await readdir(join(dir, 'db'))).sort()).toEqual(
      [
        'admin.json',
        'calendar.json',
        'enquiries.1.json',
        'enquiries.2.json',
        'enquiries.3.json',
        'images.json',
        'journal',
        // Bookings, their outbox and reviews are split too: no file until there is a record.
        'price.json',
        'secrets.json',
        'seeded.json',
        'sessions.json',
        'settings.json',
        'sireUploads.json',
        'usedFormTokens.json',
        'version.json',
      ].sort(),
    );
    expect(JSON.parse(await readFile(join(dir, 'db', 'enquiries.3.json'), 'utf8'))).toHaveLength(SIZE / 2);
    expect(await readStoredData(dir)).toEqual(await openTestStore(dir).then(async (s) => (await s.close(), s.data)));
  });

  it('writes only the files a change touched: one enquiry file, the price file', async () => {
    const dir = await tempDir();
    const data = initialData();
    data.enquiries = Array.from({ length: COUNT }, (_, i) => enquiry(i));
    await writeStoredData(dir, data);
    const store = await openTestStore(dir);

    store.data.enquiries.push(enquiry(COUNT));
    store.data.usedFormTokens.push({ nonce: 'x'.repeat(16), expiresAt: 1 });
    await store.save();
    expect(await lastEntry(dir)).toEqual({ files: ['enquiries.3.json', 'usedFormTokens.json'], gone: [] });

    store.data.price = { precio: 99_000, updatedAt: new Date().toISOString() };
    await store.save();
    expect(await lastEntry(dir)).toEqual({ files: ['price.json'], gone: [] });

    // A change inside a record writes that record's file only.
    store.data.enquiries.find((e) => e.id === enquiry(5).id)!.status = 'respondida';
    await store.save();
    expect(await lastEntry(dir)).toEqual({ files: ['enquiries.1.json'], gone: [] });

    // Removing every record of a file removes the file.
    const all = store.data.enquiries;
    all.splice(SIZE * 2, SIZE / 2 + 1);
    await store.save();
    expect(await lastEntry(dir)).toEqual({ files: [], gone: ['enquiries.3.json'] });

    // New records fill the last file, then start a new one.
    for (let i = 300; i < 302; i++) store.data.enquiries.push(enquiry(i));
    await store.save();
    expect(await lastEntry(dir)).toEqual({ files: ['enquiries.3.json'], gone: [] });

    // Out of order (sorted newest first): laid out again.
    store.data.enquiries.sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
    await store.save();
    const expected = store.data.enquiries.map((e) => e.id);
    await store.close();
    expect((await readStoredData(dir)).enquiries.map((e) => e.id)).toEqual(expected);
    const again = await openTestStore(dir);
    expect(again.data.enquiries.map((e) => e.id)).toEqual(expected);
    expect(again.data.enquiries.find((e) => e.id === enquiry(5).id)!.status).toBe('respondida');
    expect(again.data.price.precio).toBe(99_000);
    await again.close();
  });

  it('drops a journal line a crash cut short, and refuses a journal damaged before its end', async () => {
    const dir = await tempDir();
    const store = await openTestStore(dir);
    store.data.price.precio = 111_000;
    await store.save();
    await store.close();
    const journal = join(dir, 'db', 'journal');
    const whole = await readFile(journal, 'utf8');
    await appendFile(journal, '0123456789abcdef {"seq":2,"files":{"price.json":{"precio":2');
    const reopened = await openTestStore(dir);
    expect(reopened.data.price.precio).toBe(111_000);
    await reopened.close();
    // The start wrote the journal out and began a new one.
    expect((JSON.parse(await readFile(join(dir, 'db', 'price.json'), 'utf8')) as { precio: number }).precio).toBe(
      111_000,
    );

    await writeFile(journal, whole.replace('111000', '111001') + whole.split('\n').slice(1).join('\n'));
    await expect(openTestStore(dir)).rejects.toBeInstanceOf(DataFileError);
  });

  it('compacts in the background while saves go on, and a reader always sees one consistent state', async () => {
    const dir = await tempDir();
    const store = await openTestStore(dir, { compactBytes: 2_000 });
    let reading = true;
    let reads = 0;
    const reader = (async () => {
      while (reading) {
        const data = (await readDataFolder(dir))!;
        // Every save below changes both together: a mix of two moments would break this.
        expect(data.usedFormTokens.length).toBe(data.enquiries.length);
        reads++;
      }
    })();
    for (let i = 0; i < 300; i++) {
      store.data.enquiries.push(enquiry(i));
      store.data.usedFormTokens.push({ nonce: `n${i}`.padEnd(16, 'x'), expiresAt: i });
      await store.save();
    }
    reading = false;
    await reader;
    await store.close();
    expect(reads).toBeGreaterThan(0);
    expect((await readStoredData(dir)).enquiries).toHaveLength(300);
    // Compactions happened: the journal holds only the last few saves.
    expect((await readFile(join(dir, 'db', 'journal'), 'utf8')).split('\n').length).toBeLessThan(20);
  });

  it('forgets removed enquiries at the next compaction (no personal data left in the journal)', async () => {
    const dir = await tempDir();
    const store = await openTestStore(dir, { compactBytes: 1 });
    store.data.enquiries.push({ ...enquiry(1), name: 'Olvidada' }, enquiry(2));
    await store.save();
    store.data.enquiries.splice(0, 1);
    await store.save();
    await store.close();
    expect(await storedText(dir)).not.toContain('Olvidada');
  });

  /** Stores a record, then changes it through the reference kept from before: no proxy sees that. */
  async function saveAnUntrackedChange(store: Store): Promise<void> {
    const record = enquiry(1);
    store.data.enquiries.push(record);
    await store.save();
    record.status = 'respondida';
    store.data.price.precio = 1;
    await store.save();
  }

  it('in tests, fails a save whose change the tracking could not see', async () => {
    const dir = await tempDir();
    const store = await openStore(dir, { verify: true });
    await expect(saveAnUntrackedChange(store)).rejects.toBeInstanceOf(UntrackedChangeError);
    await store.close();
  });

  it('in tests, fails such a save in a test server too (its CABANA_STORE_VERIFY)', async () => {
    const s = await startTestServer();
    try {
      await expect(saveAnUntrackedChange(s.running.deps.store)).rejects.toBeInstanceOf(UntrackedChangeError);
    } finally {
      await s.close();
    }
  });

  it('holds each file of db/ as a lowdb Low whose data is the live collection', async () => {
    const dir = await tempDir();
    const data = initialData();
    data.enquiries = Array.from({ length: COUNT }, (_, i) => enquiry(i));
    await writeStoredData(dir, data);
    const store = await openTestStore(dir);
    expect([...store.files.keys()].sort()).toEqual(
      (await readdir(join(dir, 'db'))).filter((n) => n.endsWith('.json')).sort(),
    );
    for (const file of store.files.values()) expect(file).toBeInstanceOf(Low);
    expect(store.files.get('seeded.json')!.data).toBe(false);
    expect(store.files.get('enquiries.3.json')!.data).toHaveLength(SIZE / 2);

    store.data.price.precio = 222_000;
    store.data.enquiries.push(enquiry(COUNT));
    await store.save();
    expect(store.files.get('price.json')!.data).toEqual(store.data.price);
    expect((store.files.get('enquiries.3.json')!.data as Enquiry[]).at(-1)!.id).toBe(enquiry(COUNT).id);
    // A Low's write outside a save has no batch to go to: the journal is the only way to the disk.
    await expect(store.files.get('price.json')!.write()).rejects.toThrow('outside a save');
    await store.close();
    expect((await readStoredData(dir)).price.precio).toBe(222_000);
  });

  it('keeps saving while a compaction syncs the folder of its new journal, and acknowledges only after that sync', async () => {
    const dir = await tempDir();
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let blocked!: () => void;
    const isBlocked = new Promise<void>((r) => (blocked = r));
    let blockNextDirSync = false;
    const fs: DurableFs = {
      ...fsp,
      rename: async (from, to) => {
        await fsp.rename(from, to);
        if (String(to).endsWith(join('db', 'journal'))) blockNextDirSync = true;
      },
      open: (async (file: string, flags?: string, mode?: number) => {
        const handle = await fsp.open(file, flags, mode);
        if (flags !== 'r' || !blockNextDirSync) return handle;
        blockNextDirSync = false;
        return new Proxy(handle, {
          get(target, key) {
            if (key === 'sync') {
              return async () => {
                blocked();
                await released;
                await target.sync();
              };
            }
            const value = Reflect.get(target, key) as unknown;
            return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
          },
        });
      }) as DurableFs['open'],
    };
    const store = await openTestStore(dir, { fs, compactBytes: 1 });
    store.data.price.precio = 300_001;
    await store.save();
    await isBlocked;

    let acknowledged = 0;
    store.data.price.precio = 300_002;
    const second = store.save().then(() => acknowledged++);
    store.data.seeded = true;
    const third = store.save().then(() => acknowledged++);
    const journal = join(dir, 'db', 'journal');
    // Both reach the new journal (the queue is not held by the swap)…
    while (!(await readFile(journal, 'utf8')).includes('"seeded.json":true')) {
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(await readFile(journal, 'utf8')).toContain('"precio":300002');
    // …but neither is acknowledged before the rename that made that journal current is durable.
    await new Promise((r) => setTimeout(r, 20));
    expect(acknowledged).toBe(0);
    release();
    await Promise.all([second, third]);
    expect(acknowledged).toBe(2);
    await store.close();
    const stored = await readStoredData(dir);
    expect(stored.price.precio).toBe(300_002);
    expect(stored.seeded).toBe(true);
  });

  it('offers the same data without tracking proxies for reads (store.view)', async () => {
    const dir = await tempDir();
    const store = await openTestStore(dir);
    store.data.enquiries.push(enquiry(1));
    await store.save();
    expect(types.isProxy(store.data.enquiries[0])).toBe(true);
    expect(types.isProxy(store.view.enquiries[0])).toBe(false);
    expect(store.view.enquiries).toEqual(store.data.enquiries);
    store.data.enquiries[0]!.status = 'respondida';
    expect(store.view.enquiries[0]!.status).toBe('respondida');
    await store.close();
  });
});
