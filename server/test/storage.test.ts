import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Image } from '@cabana/shared/domain/schemas/image';
import { DurableJSONFile } from '../src/db/durable-json-file';
import { writeNewFileSynced } from '../src/lib/durable-fs';
import { REPO_ROOT } from '../src/env';
import { startTestServer } from '../../test-support/server';
import { builtEntry } from '../../test-support/built-server';
import { readStoredData } from '../../test-support/data-folder';
import { bearer, formToken, json, upload } from './helpers/http';
import { jpegWithGps } from './helpers/fixtures';

const dirs: string[] = [];
async function tempDir() {
  const d = await mkdtemp(join(tmpdir(), 'cabana-store-'));
  dirs.push(d);
  return d;
}
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

describe('storage', () => {
  it('keeps images, price, enquiries and sessions across a restart on the same folder', async () => {
    const dir = await tempDir();
    const a = await startTestServer({ dataDir: dir });
    const token = await a.loginToken();
    const img = (await (await upload(a, await jpegWithGps(500, 400), { headers: bearer(token) })).json()) as Image;
    await json(a, 'PATCH', '/precioPersona/precio', { precio: 150_000 }, bearer(token));
    const formTok = await formToken(a);
    await json(a, 'POST', '/consultas', {
      type: 'contacto',
      name: 'Ana',
      email: 'ana@example.com',
      message: 'Hola',
      consent: true,
      formToken: formTok,
    });
    await a.close();

    const b = await startTestServer({ dataDir: dir });
    try {
      const list = (await (await json(b, 'GET', '/imagenes')).json()) as Image[];
      expect(list).toEqual([img]);
      for (const v of img.variants) expect((await fetch(`${b.url}${v.url}`)).status).toBe(200);
      expect(await (await json(b, 'GET', '/precioPersona/precio')).json()).toEqual({ precio: 150_000 });
      // The bearer token from before the restart still works: sessions live in the data file.
      const inbox = await json(b, 'GET', '/consultas', undefined, bearer(token));
      expect(inbox.status).toBe(200);
      expect(await inbox.json()).toHaveLength(1);
      expect((await readStoredData(dir)).enquiries).toHaveLength(1);
    } finally {
      await b.close();
    }
  });

  it('lets one process own the data folder: a second server refuses with a clear message', async () => {
    const dir = await tempDir();
    const a = await startTestServer({ dataDir: dir });
    try {
      await expect(startTestServer({ dataDir: dir })).rejects.toThrow(/in use/);
      // A separate process (the real `main`) refuses too, and exits non-zero.
      const out = await new Promise<{ code: number | null; text: string }>((resolve) => {
        const child = spawn(process.execPath, [builtEntry('main')], {
          cwd: REPO_ROOT,
          env: { ...process.env, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', SEED_SAMPLE_PHOTOS: 'false' },
        });
        let text = '';
        child.stdout.on('data', (d) => (text += d));
        child.stderr.on('data', (d) => (text += d));
        child.on('exit', (code) => resolve({ code, text }));
      });
      expect(out.code).toBe(1);
      expect(out.text).toMatch(/Cannot start: The data folder .* is in use by the Cabaña server \(pid \d+\)/);
    } finally {
      await a.close();
    }
    // Released on close: it can be opened again.
    const b = await startTestServer({ dataDir: dir });
    await b.close();
  }, 60_000);

  it('takes over a lock left by a process that no longer exists', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, '.lock'), '999999999\nthe Cabaña server\n');
    const s = await startTestServer({ dataDir: dir });
    expect((await json(s, 'GET', '/health')).status).toBe(200);
    await s.close();
  });

  it('sweeps crash leftovers at start-up and never deletes a referenced image', async () => {
    const dir = await tempDir();
    const a = await startTestServer({ dataDir: dir });
    const img = (await (
      await upload(a, await jpegWithGps(400, 300), { headers: bearer(await a.loginToken()) })
    ).json()) as Image;
    await a.close();

    // What a crash can leave: a half-written staging folder, a temp upload, an image folder whose
    // record was never written (or was deleted before its files).
    await mkdir(join(dir, '.staging', 'AAAAAAAAAAAAAAAA'), { recursive: true });
    await writeFile(join(dir, '.staging', 'AAAAAAAAAAAAAAAA', '480.avif'), 'half');
    await mkdir(join(dir, '.uploads', 'abc'), { recursive: true });
    await writeFile(join(dir, '.uploads', 'abc', 'upload'), 'partial');
    await mkdir(join(dir, 'images', 'BBBBBBBBBBBBBBBB'), { recursive: true });
    await writeFile(join(dir, 'images', 'BBBBBBBBBBBBBBBB', '480.jpg'), 'orphan');
    await writeFile(join(dir, '.db.json.1234.tmp'), '{"half":');
    // A collection file and a new journal a crash cut short, and an interrupted import of a db.json.
    await writeFile(join(dir, 'db', '.price.json.0123456789ab.tmp'), '{"half":');
    await writeFile(join(dir, 'db', '.journal.0123456789ab.tmp'), '{"journal":1,"ge');
    await mkdir(join(dir, '.db-import-0123456789ab'));

    const b = await startTestServer({ dataDir: dir });
    try {
      expect(await readdir(join(dir, '.staging'))).toEqual([]);
      expect(await readdir(join(dir, '.uploads'))).toEqual([]);
      expect((await readdir(dir)).filter((n) => n.endsWith('.tmp') || n.startsWith('.db-'))).toEqual([]);
      expect((await readdir(join(dir, 'db'))).filter((n) => n.startsWith('.'))).toEqual([]);
      expect(await readdir(join(dir, 'images'))).toEqual([img.id]);
      expect((await readdir(join(dir, 'images', img.id))).sort()).toEqual(
        img.variants.map((v) => v.url.split('/').pop()).sort(),
      );
      expect((await fetch(`${b.url}${img.secure_url}`)).status).toBe(200);
    } finally {
      await b.close();
    }
  });

  it('refuses to start on a data file that is not valid, naming the problem', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'db.json'), '{"version": 1, "images": "nope"');
    await expect(startTestServer({ dataDir: dir })).rejects.toThrow(/not valid JSON/);
    await writeFile(join(dir, 'db.json'), '{"version": 1, "images": "nope"}');
    await expect(startTestServer({ dataDir: dir })).rejects.toThrow(/expected shape/);
    // And the refused start left the folder unlocked.
    await rm(join(dir, 'db.json'));
    const s = await startTestServer({ dataDir: dir });
    await s.close();
  });

  it('writes the data file atomically with no temp files left behind', async () => {
    const dir = await tempDir();
    const s = await startTestServer({ dataDir: dir });
    const token = await s.loginToken();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        json(s, 'PATCH', '/precioPersona/precio', { precio: 100_000 + i }, bearer(token)),
      ),
    );
    await s.close();
    const names = [...(await readdir(dir)), ...(await readdir(join(dir, 'db')))];
    expect(names.filter((n) => n.endsWith('.tmp'))).toEqual([]);
    const data = await readStoredData(dir);
    expect(data.price.precio).toBeGreaterThanOrEqual(100_000);
  });
});

describe('durable files', () => {
  it('saves each write as it was when asked, in order, and a failed write does not block the next', async () => {
    const dir = await tempDir();
    const file = join(dir, 'sub', 'db.json');
    const adapter = new DurableJSONFile<{ n: number }>(file);
    // The folder does not exist yet: this write fails, and its temp file could not even be made.
    await expect(adapter.write({ n: 0 })).rejects.toThrow();
    await mkdir(join(dir, 'sub'));
    const data = { n: 1 };
    const first = adapter.write(data);
    data.n = 2; // changed after asking: the first write keeps the data it was given
    const second = adapter.write(data);
    await first;
    await second;
    expect(await adapter.read()).toEqual({ n: 2 });
    const third = adapter.write({ n: 3 });
    data.n = 4;
    await third;
    expect(await adapter.read()).toEqual({ n: 3 });
    expect((await readdir(join(dir, 'sub'))).sort()).toEqual(['db.json']);
  });

  it('never overwrites a file that already exists when creating one', async () => {
    const dir = await tempDir();
    await writeNewFileSynced(join(dir, '480.jpg'), new Uint8Array([1, 2, 3]), 0o644);
    await expect(writeNewFileSynced(join(dir, '480.jpg'), new Uint8Array([9]), 0o644)).rejects.toThrow(/EEXIST/);
    expect([...(await readFile(join(dir, '480.jpg')))]).toEqual([1, 2, 3]);
  });
});
