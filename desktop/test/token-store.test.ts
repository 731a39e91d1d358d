import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTokenStore, PLAIN_STORAGE_REFUSED, TokenStoreUnavailableError } from '../electron/lib/token-store';
import { createFakeSafeStorage } from './helpers/fake-safe-storage';
import { tempDir } from './helpers/temp';

const TOKEN = 'yam0_f4_mFFS48l-i3iQlo-XXHFlvs98kzxCElVtFKY';
const session = (expiresAt = new Date(Date.now() + 3_600_000).toISOString()) => ({
  token: TOKEN,
  email: 'admin@test.local',
  expiresAt,
  apiUrl: 'https://brisasdelgolfo.co/api',
});

describe('token store', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());

  it('keeps the token encrypted at rest and reads it back', async () => {
    const filePath = path.join(dir, 'session.bin');
    const store = createTokenStore({ filePath, safeStorage: createFakeSafeStorage() });
    const saved = session();
    await store.save(saved);
    const raw = await readFile(filePath);
    expect(raw.includes(Buffer.from(TOKEN))).toBe(false);
    expect(raw.includes(Buffer.from('admin@test.local'))).toBe(false);
    expect(raw.toString('utf8')).not.toContain(Buffer.from(TOKEN).toString('base64').slice(0, 16));
    if (process.platform !== 'win32') expect((await stat(filePath)).mode & 0o077).toBe(0);
    expect(await store.load()).toEqual(saved);
    await store.clear();
    expect(await store.load()).toBeNull();
  });

  it('refuses to store in plain text when encryption is unavailable', async () => {
    const filePath = path.join(dir, 'session.bin');
    const store = createTokenStore({ filePath, safeStorage: createFakeSafeStorage({ available: false }) });
    expect(store.canPersist()).toBe(false);
    await expect(store.save(session())).rejects.toBeInstanceOf(TokenStoreUnavailableError);
    await expect(store.save(session())).rejects.toThrow(PLAIN_STORAGE_REFUSED);
    expect(await readdir(dir)).toEqual([]);
    expect(await store.load()).toBeNull();
  });

  it('forgets a session it cannot decrypt (another keychain, tampering)', async () => {
    const filePath = path.join(dir, 'session.bin');
    await createTokenStore({ filePath, safeStorage: createFakeSafeStorage() }).save(session());
    const other = createTokenStore({ filePath, safeStorage: createFakeSafeStorage() });
    expect(await other.load()).toBeNull();
    expect(await readdir(dir)).toEqual([]);

    const safe = createFakeSafeStorage();
    const store = createTokenStore({ filePath, safeStorage: safe });
    await store.save(session());
    const file = JSON.parse(await readFile(filePath, 'utf8')) as { encrypted: string };
    const bytes = Buffer.from(file.encrypted, 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
    await writeFile(filePath, JSON.stringify({ version: 1, encrypted: bytes.toString('base64') }));
    expect(await store.load()).toBeNull();
  });

  it('drops an expired session', async () => {
    const filePath = path.join(dir, 'session.bin');
    const store = createTokenStore({ filePath, safeStorage: createFakeSafeStorage() });
    await store.save(session(new Date(Date.now() - 1000).toISOString()));
    expect(await store.load()).toBeNull();
    expect(await readdir(dir)).toEqual([]);
  });
});
