/**
 * npm run reset-password [-- --password "new passphrase"] [-- --email new@admin]
 * Sets a new admin password (given, or generated and printed once) and ends every session.
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

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { password: { type: 'string' }, email: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log('Usage: npm run reset-password [-- --password "<new password>"] [-- --email <admin e-mail>]');
    console.log('Without --password a random one is generated and printed once. DATA_DIR picks the data folder.');
    return 0;
  }
  const config = readCliEnv();
  armCrashPoint(config.crashAt);
  const given = values.password ?? config.adminPassword;
  const password = given ?? generatePassword();
  const problem = passwordProblem(password);
  if (problem) {
    console.error(`The password ${problem}.`);
    return 2;
  }
  if (!fs.existsSync(config.dataDir)) fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const lock = await lockDataDir(config.dataDir, 'npm run reset-password');
  try {
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
    } else if (err instanceof ConfigError || err instanceof DataFileError) {
      console.error(`Cannot reset the password: ${err.message}`);
    } else {
      console.error('Cannot reset the password:', err);
    }
    process.exit(1);
  },
);
