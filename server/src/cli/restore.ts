/**
 * npm run restore -- FILE
 * Replaces DATA_DIR with a backup: verifies the archive completely first, refuses while a server
 * holds the folder, and keeps the folder that was there under <DATA_DIR>.before-restore-<time>.
 */
import { parseArgs } from 'node:util';
import { ConfigError } from '../env';
import { armCrashPoint } from '../lib/crash-points';
import { readCliEnv } from './cli-env';
import { DataDirLockedError } from '../db/lock';
import { BackupError, restoreBackup } from '../backup/backup';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  if (values.help || positionals.length !== 1) {
    console.info('Usage: npm run restore -- <backup.tar.gz>   (DATA_DIR picks the data folder; stop the server first)');
    return values.help ? 0 : 2;
  }
  const config = readCliEnv();
  armCrashPoint(config.crashAt);
  const result = await restoreBackup(positionals[0]!, config.dataDir);
  console.info(
    `Restored ${positionals[0]} into ${config.dataDir}: ${result.images} photo(s), ${result.enquiries} enquiry(ies).`,
  );
  if (result.previous) {
    console.info(`The folder that was there is kept at ${result.previous}.`);
    // Nothing prunes that copy: the enquiries in it outlive the retention /privacidad promises.
    console.info(
      `It holds every enquiry it had and the automatic deletion after ${config.enquiryRetentionMonths} months does not reach it:`,
    );
    console.info(`delete it once the restored site looks right: rm -rf '${result.previous}'`);
  }
  console.info('Start the server: it imports the restored data.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof DataDirLockedError) {
      console.error(`Cannot restore now: ${err.message}`);
    } else if (err instanceof BackupError || err instanceof ConfigError) {
      console.error(`Nothing was changed: ${err.message}`);
    } else {
      console.error('Restore failed:', err);
    }
    process.exit(1);
  },
);
