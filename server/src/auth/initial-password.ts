import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileDurable } from '../lib/durable-fs';

/** Where a generated first password waits for its operator (0600, in the 0700 data folder). */
export const INITIAL_PASSWORD_FILE = 'admin-password.txt';

/**
 * Logs are read by more people and kept longer than anyone means to keep a password, so a
 * generated one goes to a file only the operator can read; the first sign-in removes it.
 */
export async function writeInitialPassword(dataDir: string, email: string, password: string): Promise<string> {
  const file = path.join(dataDir, INITIAL_PASSWORD_FILE);
  await writeFileDurable(
    file,
    [
      `Admin e-mail:    ${email}`,
      `Admin password:  ${password}`,
      '',
      'Generated on the first start. This file is deleted after the first successful sign-in.',
      'Change the password any time with: npm run reset-password',
      '',
    ].join('\n'),
  );
  return file;
}

export async function removeInitialPassword(dataDir: string): Promise<void> {
  await fs.rm(path.join(dataDir, INITIAL_PASSWORD_FILE), { force: true });
}
