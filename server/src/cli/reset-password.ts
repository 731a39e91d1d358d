/**
 * npm run reset-password [-- --email new@admin]
 * Sets a new admin password and ends every session. The password is typed at a hidden prompt, or
 * piped in (`npm run reset-password < file`); an empty one is generated and printed once. It is
 * never an argument: arguments show in the process list and stay in the shell's history.
 * Refuses while a server holds the data folder, since both would write the same file.
 */
import { parseArgs } from 'node:util';
import fs from 'node:fs';
import { ConfigError } from '../env';
import { armCrashPoint } from '../lib/crash-points';
import { readCliEnv } from './cli-env';
import { DataDirLockedError, lockDataDir } from '../db/lock';
import { DataFileError, openStore } from '../db/store';
import { generatePassword, hashPassword } from '../auth/password';
import { passwordProblem } from '../auth/password-rules';
import { removeInitialPassword } from '../auth/initial-password';
import { askNewPassword, PasswordInputError, readPipedPassword } from './read-password';

const USAGE = `Usage: npm run reset-password [-- --email <admin e-mail>]
On a terminal it asks for the new password (hidden, twice); otherwise it reads it from standard
input (npm run reset-password < file). Empty: a random one is generated and printed once.
DATA_DIR picks the data folder.`;

/** The new password: from ADMIN_PASSWORD, the terminal or standard input; undefined asks for a generated one. */
async function newPassword(fromEnv: string | undefined): Promise<string | undefined> {
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) return askNewPassword(process.stdin, process.stdout);
  return (await readPipedPassword(process.stdin)) || undefined;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { password: { type: 'string' }, email: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.password !== undefined) {
    console.error('--password is no longer accepted: the process list and the shell history would keep it.');
    console.error('Run it without --password and type the password when asked, or pipe it in:');
    console.error('  npm run reset-password < file-with-the-password');
    return 2;
  }
  const config = readCliEnv();
  armCrashPoint(config.crashAt);
  if (!fs.existsSync(config.dataDir)) fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  // Before asking: nobody should type a password only to hear that the server is running.
  const lock = await lockDataDir(config.dataDir, 'npm run reset-password');
  try {
    const given = await newPassword(config.adminPassword);
    const password = given ?? generatePassword();
    const problem = passwordProblem(password);
    if (problem) {
      console.error(`The password ${problem}; nothing was changed.`);
      return 2;
    }
    const store = await openStore(config.dataDir, { verify: config.verifyStore });
    const email = (values.email ?? store.data.admin?.email ?? config.adminEmail).trim().toLowerCase();
    store.data.admin = {
      email,
      passwordHash: await hashPassword(password),
      passwordChangedAt: new Date().toISOString(),
    };
    const revoked = store.data.sessions.length;
    store.data.sessions = [];
    await store.save();
    await store.close();
    await removeInitialPassword(config.dataDir);
    console.log(`Admin password reset for ${email} in ${config.dataDir}.`);
    if (revoked > 0) console.log(`${revoked} open session(s) were signed out.`);
    if (given === undefined) {
      console.log(`New password (shown only this once): ${password}`);
    }
    return 0;
  } finally {
    lock.release();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof DataDirLockedError) {
      console.error(`Cannot reset the password now: ${err.message}`);
    } else if (err instanceof ConfigError || err instanceof DataFileError || err instanceof PasswordInputError) {
      console.error(`Cannot reset the password: ${err.message}`);
    } else {
      console.error('Cannot reset the password:', err);
    }
    process.exit(1);
  },
);
