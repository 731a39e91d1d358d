/**
 * The command-line tools' configuration (backup, restore, reset-password): the only place that
 * reads their environment. They take the server's variables that concern them, read exactly as
 * the server reads them (env.ts); the others, such as a PORT, are none of their business.
 */
import path from 'node:path';
import { parseEnv, SERVER_ENV, type Env } from '../env';
import type { CrashTarget } from '../lib/crash-points';

const CLI_ENV = SERVER_ENV.pick({
  DATA_DIR: true,
  BACKUP_DIR: true,
  ADMIN_EMAIL: true,
  ADMIN_PASSWORD: true,
  CABANA_STORE_VERIFY: true,
  CABANA_CRASH_AT: true,
  ENQUIRY_RETENTION_MONTHS: true,
});

export interface CliConfig {
  dataDir: string;
  /** Where `npm run backup` writes without --out (unset: ./backups). */
  backupDir: string | undefined;
  /** The admin e-mail reset-password uses when the data folder has none. */
  adminEmail: string;
  /** reset-password's new password when --password is not given. */
  adminPassword: string | undefined;
  /** What restore says the automatic deletion keeps (the server's retention). */
  enquiryRetentionMonths: number;
  verifyStore: boolean;
  crashAt: CrashTarget | undefined;
}

export function readCliEnv(env: Env = process.env, cwd: string = process.cwd()): CliConfig {
  const v = parseEnv(CLI_ENV, env);
  return {
    dataDir: path.resolve(cwd, v.DATA_DIR),
    backupDir: v.BACKUP_DIR ? path.resolve(cwd, v.BACKUP_DIR) : undefined,
    adminEmail: v.ADMIN_EMAIL,
    adminPassword: v.ADMIN_PASSWORD,
    enquiryRetentionMonths: v.ENQUIRY_RETENTION_MONTHS,
    verifyStore: v.CABANA_STORE_VERIFY,
    crashAt: v.CABANA_CRASH_AT,
  };
}
