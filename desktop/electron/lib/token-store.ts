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

/**
 * Keeps the bearer token between runs, encrypted by the OS keychain through safeStorage.
 * When encryption is unavailable it refuses to write rather than fall back to plain text;
 * the caller then keeps the token in memory for this run only.
 */
export function createTokenStore(opts: { filePath: string; safeStorage: SafeStorageLike; now?: () => number }) {
  const { filePath, safeStorage } = opts;
  const now = opts.now ?? Date.now;

  async function clear(): Promise<void> {
    await rm(filePath, { force: true });
  }

  return {
    canPersist: (): boolean => safeStorage.isEncryptionAvailable(),

    async save(session: StoredSession): Promise<void> {
      if (!safeStorage.isEncryptionAvailable()) {
        await clear();
        throw new TokenStoreUnavailableError();
      }
      const encrypted = safeStorage.encryptString(JSON.stringify(StoredSessionSchema.parse(session)));
      await mkdir(path.dirname(filePath), { recursive: true });
      const tmp = `${filePath}.${process.pid}.tmp`;
      await writeFile(tmp, JSON.stringify({ version: 1, encrypted: encrypted.toString('base64') }), {
        mode: 0o600,
      });
      await rename(tmp, filePath);
    },

    /** The stored session, or null when there is none, it expired, or it cannot be decrypted. */
    async load(): Promise<StoredSession | null> {
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
        const session = StoredSessionSchema.parse(JSON.parse(plain));
        if (Date.parse(session.expiresAt) <= now()) {
          await clear();
          return null;
        }
        return session;
      } catch {
        // Another user's keychain, a damaged file: forget it, the owner signs in again.
        await clear();
        return null;
      }
    },

    clear,
  };
}
