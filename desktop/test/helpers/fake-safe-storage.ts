import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SafeStorageLike } from '../../electron/lib/token-store';

/**
 * Stands in for Electron's safeStorage (an OS-keychain key): real AES-256-GCM with a key held
 * in memory, so "encrypted at rest" is tested for real. `available` mimics a Linux session
 * without a keyring.
 */
export function createFakeSafeStorage(
  opts: { available?: boolean; key?: Buffer } = {},
): SafeStorageLike & { key: Buffer } {
  const key = opts.key ?? randomBytes(32);
  return {
    key,
    isEncryptionAvailable: () => opts.available ?? true,
    encryptString(plain) {
      if (!(opts.available ?? true)) throw new Error('Encryption is not available.');
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString(data) {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
