import fsp, { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readEnv } from '../src/env';
import { startServer } from '../src/start';
import { SaveAbandonedError } from '../src/db/store';
import type { DurableFs } from '../src/db/durable-json-file';
import { TEST_ENV } from '../../test-support/server';
import { readStoredData } from '../../test-support/data-folder';
import { contactMessageBody, jpegWithGps } from './helpers/fixtures';
import { openTestStore } from './helpers/store';

/**
 * Issue 12, item 9: a failed save leaves what is served as it was, and no temp file. The disk
 * failure is real file I/O through an injected fs whose data writes fail like a full disk
 * (ENOSPC after the temp file was created), the way the review's disk-full run did.
 */
function fullDisk() {
  const state = { full: false };
  const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  const fs: DurableFs = {
    ...fsp,
    open: (async (file: string, flags?: string, mode?: number) => {
      const handle = await fsp.open(file, flags, mode);
      if (flags !== 'wx' && flags !== 'a' && flags !== 'ax') return handle;
      // The journal stays open across saves: the disk fills up under it.
      return new Proxy(handle, {
        get(target, key) {
          if ((key === 'writeFile' || key === 'write') && state.full) return async () => Promise.reject(enospc());
          const value = Reflect.get(target, key) as unknown;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
    }) as DurableFs['open'],
  };
  return { fs, state };
}

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
async function tempDir() {
  const d = await mkdtemp(join(tmpdir(), 'cabana-fail-'));
  dirs.push(d);
  return d;
}
const tmpFiles = async (dir: string) =>
  [...(await readdir(dir)), ...(await readdir(join(dir, 'db')))].filter((n) => n.endsWith('.tmp'));

describe('a save that fails (disk full)', () => {
  it('rolls the data back, fails the saves queued behind it, and leaves no temp file', async () => {
    const dir = await tempDir();
    const disk = fullDisk();
    const store = await openTestStore(dir, { fs: disk.fs });
    const before = store.data.price.precio;
    const versionBefore = store.version;

    disk.state.full = true;
    store.data.price.precio = 123_456;
    const first = store.save();
    // Queued while the first is in flight: it carries the failed change as well.
    store.data.seeded = true;
    const second = store.save();
    await expect(first).rejects.toMatchObject({ code: 'ENOSPC' });
    await expect(second).rejects.toBeInstanceOf(SaveAbandonedError);
    expect(store.data.price.precio).toBe(before);
    expect(store.data.seeded).toBe(false);
    expect(store.version).toBeGreaterThan(versionBefore);
    expect(await tmpFiles(dir)).toEqual([]);

    // Room again: the next save writes only what was accepted since.
    disk.state.full = false;
    store.data.usedFormTokens.push({ nonce: 'n'.repeat(16), expiresAt: Date.now() + 1000 });
    await store.save();
    await store.close();
    const onDisk = await readStoredData(dir);
    expect(onDisk.price.precio).toBe(before);
    expect(onDisk.seeded).toBe(false);
    expect(onDisk.usedFormTokens).toHaveLength(1);
    expect(await tmpFiles(dir)).toEqual([]);
  });

  it('over HTTP: the PATCH answers 500, the old price is still served, and the next write does not persist it', async () => {
    const dir = await tempDir();
    const disk = fullDisk();
    const env = { ...TEST_ENV, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir, WEBSITE_DIST: join(dir, 'none') };
    const quiet = { info: () => undefined, error: () => undefined };
    const running = await startServer(readEnv(env), quiet, undefined, { fs: disk.fs });
    try {
      const api = `${running.url}/api`;
      const login = await fetch(`${api}/sesion`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: TEST_ENV.ADMIN_EMAIL, password: TEST_ENV.ADMIN_PASSWORD, token: true }),
      });
      const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
      const price = async () =>
        ((await (await fetch(`${api}/precioPersona/precio`)).json()) as { precio: number }).precio;
      const patch = (precio: number) =>
        fetch(`${api}/precioPersona/precio`, {
          method: 'PATCH',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ precio }),
        });
      const before = await price();

      disk.state.full = true;
      const failed = await patch(150_000);
      expect(failed.status).toBe(500);
      expect(await failed.json()).toEqual({ error: 'Error interno del servidor', code: 'INTERNAL' });
      expect(await price()).toBe(before);
      expect(await tmpFiles(dir)).toEqual([]);

      // An upload whose record cannot be saved leaves neither record nor files.
      const fd = new FormData();
      fd.set('image', new Blob([await jpegWithGps(400, 300)], { type: 'image/jpeg' }), 'a.jpg');
      fd.set('title', 'Foto');
      const up = await fetch(`${api}/imagenes/upload`, { method: 'POST', headers: auth, body: fd });
      expect(up.status).toBe(500);
      expect(await readdir(join(dir, 'images'))).toEqual([]);
      expect(await (await fetch(`${api}/imagenes`)).json()).toEqual([]);

      disk.state.full = false;
      // Another write (a form token marked used by an enquiry) must not carry the refused price.
      const token = ((await (await fetch(`${api}/consultas/token`)).json()) as { token: string }).token;
      const sent = await fetch(`${api}/consultas`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: contactMessageBody(token),
      });
      expect(sent.status).toBe(201);
      const onDisk = await readStoredData(dir);
      expect(onDisk.price.precio).toBe(before);
      expect(onDisk.enquiries).toHaveLength(1);
      expect(await price()).toBe(before);
    } finally {
      await running.close();
    }
  });

  it('keeps every change in the journal when writing it out fails, and removes the temp files', async () => {
    const dir = await tempDir();
    const state = { failRename: false };
    const fs: DurableFs = {
      ...fsp,
      rename: (async (a: string, b: string) => {
        if (state.failRename) throw Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO' });
        return fsp.rename(a, b);
      }) as DurableFs['rename'],
    };
    const errors: unknown[] = [];
    // Every save starts a compaction: the collection files are written out beside the journal.
    const store = await openTestStore(dir, { fs, compactBytes: 0, onError: (err) => errors.push(err) });
    state.failRename = true;
    store.data.seeded = true;
    await store.save();
    await store.close();
    expect(errors).toMatchObject([{ code: 'EIO' }]);
    expect(store.data.seeded).toBe(true);
    expect(await tmpFiles(dir)).toEqual([]);
    expect((await readStoredData(dir)).seeded).toBe(true);
    // The next start writes the journal out (renames work again) and begins a new one.
    state.failRename = false;
    const again = await openTestStore(dir, { fs });
    expect(again.data.seeded).toBe(true);
    expect(await readFile(join(dir, 'db', 'seeded.json'), 'utf8')).toBe('true');
    await again.close();
  });
});
