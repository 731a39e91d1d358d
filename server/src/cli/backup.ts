/**
 * npm run backup [-- --out FILE]
 * A consistent backup of DATA_DIR (data, photos, calendar, settings) as one verified .tar.gz,
 * taken while the server runs. Without --out: BACKUP_DIR (or ./backups)/cabana-<time>.tar.gz.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatBytes } from '@cabana/shared/domain/lib/format-bytes';
import { ConfigError } from '../env';
import { armCrashPoint } from '../lib/crash-points';
import { readCliEnv } from './cli-env';
import { DataFileError } from '../db/folder';
import { BackupError, createBackup, snapshotName } from '../backup/backup';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.info('Usage: npm run backup [-- --out <file.tar.gz>]   (DATA_DIR picks the data folder)');
    return 0;
  }
  const config = readCliEnv();
  armCrashPoint(config.crashAt);
  const at = new Date();
  const out = path.resolve(values.out ?? path.join(config.backupDir ?? 'backups', snapshotName(at)));
  const result = await createBackup(config.dataDir, out, at);
  console.info(`Backup written and verified: ${result.file}`);
  console.info(
    `${formatBytes(result.bytes)} (${result.bytes} bytes), ${result.images} photo(s), ${result.files} file(s).`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof BackupError || err instanceof ConfigError || err instanceof DataFileError) {
      console.error(`Backup failed: ${err.message}`);
    } else {
      console.error('Backup failed:', err);
    }
    process.exit(1);
  },
);
