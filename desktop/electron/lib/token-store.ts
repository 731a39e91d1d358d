import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** The part of Electron's `safeStorage` this module needs (injected, so it tests under Node). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

const StoredSessionSchema = z.object({
  token: z.string().min(1),
  email: z.string(),
  expiresAt: z.string(),
  apiUrl: z.string(),
});
export type StoredSession = z.infer<typeof StoredSessionSchema>;

const FileSchema = z.object({ version: z.literal(1), encrypted: z.string() });

export const PLAIN_STORAGE_REFUSED =
  'Este equipo no ofrece almacenamiento cifrado: la sesión no se guardará al cerrar la aplicación.';

export class TokenStoreUnavailableError extends Error {
  override name = 'TokenStoreUnavailableError';
  constructor() {
    super(PLAIN_STORAGE_REFUSED);
  }
}

/** One value kept encrypted by the OS keychain through safeStorage, never in plain text. */
function createEncryptedFile<T>(filePath: string, safeStorage: SafeStorageLike, schema: z.ZodType<T>) {
  async function clear(): Promise<void> {
    await rm(filePath, { force: true });
  }
  return {
    clear,
    async save(value: T): Promise<void> {
      if (!safeStorage.isEncryptionAvailable()) {
        await clear();
        throw new TokenStoreUnavailableError();
      }
      const encrypted = safeStorage.encryptString(JSON.stringify(schema.parse(value)));
      await mkdir(path.dirname(filePath), { recursive: true });
      const tmp = `${filePath}.${process.pid}.tmp`;
      await writeFile(tmp, JSON.stringify({ version: 1, encrypted: encrypted.toString('base64') }), {
        mode: 0o600,
      });
      await rename(tmp, filePath);
    },
    /** The value, or null when there is none or it cannot be decrypted (then the file goes). */
    async load(): Promise<T | null> {
      let text: string;
      try {
        text = await readFile(filePath, 'utf8');
      } catch {
        return null;
      }
      if (!safeStorage.isEncryptionAvailable()) return null;
      try {
        const file = FileSchema.parse(JSON.parse(text));
        const plain = safeStorage.decryptString(Buffer.from(file.encrypted, 'base64'));
        return schema.parse(JSON.parse(plain));
      } catch {
        // Another user's keychain, a damaged file: forget it.
        await clear();
        return null;
      }
    },
  };
}

/**
 * Keeps the bearer token between runs, encrypted by the OS keychain through safeStorage.
 * When encryption is unavailable it refuses to write rather than fall back to plain text;
 * the caller then keeps the token in memory for this run only.
 */
export function createTokenStore(opts: { filePath: string; safeStorage: SafeStorageLike; now?: () => number }) {
  const file = createEncryptedFile(opts.filePath, opts.safeStorage, StoredSessionSchema);
  const now = opts.now ?? Date.now;
  return {
    canPersist: (): boolean => opts.safeStorage.isEncryptionAvailable(),
    save: (session: StoredSession) => file.save(session),
    /** The stored session, or null when there is none, it expired, or it cannot be decrypted. */
    async load(): Promise<StoredSession | null> {
      const session = await file.load();
      if (session && Date.parse(session.expiresAt) <= now()) {
        await file.clear();
        return null;
      }
      return session;
    },
    clear: file.clear,
  };
}

const KnownDeviceSchema = z.object({ device: z.string().min(1), apiUrl: z.string() });
export type KnownDevice = z.infer<typeof KnownDeviceSchema>;

/**
 * The server's proof that this app signed in before (it spares the owner the slowdown strangers'
 * guesses cause). Kept apart from the session, so signing out does not forget it; encrypted
 * like the token.
 */
export function createKnownDeviceStore(opts: { filePath: string; safeStorage: SafeStorageLike }) {
  return createEncryptedFile(opts.filePath, opts.safeStorage, KnownDeviceSchema);
}
