import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMITS } from '@cabana/shared/config/limits';
import { CALENDAR_LIMITS } from '@cabana/shared/config/calendar';
import { BUSINESS } from '@cabana/shared/config/business';

/** Repository root, whatever the working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Config {
  port: number;
  /** Empty means every interface. */
  host: string;
  dataDir: string;
  websiteDist: string;
  /** The website's server build that renders the public pages (default: `<websiteDist>-server/render.js`). */
  websiteServerEntry: string;
  seedDir: string;
  seedSamplePhotos: boolean;
  adminEmail: string;
  /** Only used when the data folder has no admin yet. */
  adminPassword: string | undefined;
  /** Number of reverse proxies in front of us whose X-Forwarded-* headers we believe (0 = none). */
  trustProxy: number;
  /** Extra origin accepted as "same site" for cookie-authenticated writes, e.g. https://brisasdelgolfo.co. */
  publicUrl: string | undefined;
  formMinFillMs: number;
  formMaxAgeMs: number;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** Failed sign-ins for one e-mail from one client per window (then 429 for that client only). */
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerClient: number;
  loginWindowMs: number;
  /** Failed sign-ins for one e-mail from everywhere after which each attempt is progressively delayed. */
  loginSlowdownAfter: number;
  /** Password hashes computed at once, and how many more may wait (then 503). */
  loginChecksAtOnce: number;
  loginChecksWaiting: number;
  enquiriesPerClient: number;
  enquiriesGlobal: number;
  /** How much of the global enquiry budget one network (IPv4 /24, IPv6 /48) may spend. */
  enquiriesPerNetwork: number;
  enquiryWindowMs: number;
  publicUploadsPerClient: number;
  publicUploadsGlobal: number;
  /** The same for public photos. */
  publicUploadsPerNetwork: number;
  publicUploadWindowMs: number;
  imageConcurrency: number;
  /** Uploads waiting for the image queue beyond which new ones get 503. */
  imageQueueMax: number;
  /** Minutes between two imports of every calendar feed (0: only on start and on demand). */
  icalSyncMinutes: number;
  /** Let calendar feeds live on loopback or private addresses (tests, a feed on the owner's network). */
  icalAllowPrivateHosts: boolean;
  /** Time allowed for one feed fetch, redirects included. */
  icalFetchTimeoutMs: number;
  /** Time a client has to send a whole request that is not an upload (headers and body). */
  bodyTimeoutMs: number;
  /** The same for photo uploads (slow rural connections). */
  uploadTimeoutMs: number;
  /** Open connections in total, and from one client (the latter only without TRUST_PROXY). */
  maxConnections: number;
  maxConnectionsPerClient: number;
  /** Enquiries older than this many months are deleted automatically. */
  enquiryRetentionMonths: number;
  /** Folder of the automatic backups; unset: none are taken. */
  backupDir: string | undefined;
  /** Automatic backups kept (the oldest go). */
  backupKeep: number;
  /** Hours between two automatic backups (the first is taken at start). */
  backupEveryHours: number;
  /** Journal size (bytes) at which the store writes its files out (compaction). */
  storeCompactBytes: number;
  /** Tests: every API answer is checked against its contract row (CABANA_CONTRACT_VERIFY). */
  verifyContract: boolean;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    throw new ConfigError(`${name} must be a whole number ${range} (got "${raw}")`);
  }
  return n;
}

/**
 * A week: beyond 2^31-1 ms (about 24.8 days) Node's timers fire every millisecond instead, and a
 * channel's calendar left unread for more than a week is no sync anyway.
 */
const ICAL_SYNC_MINUTES_MAX = 7 * 24 * 60;

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${env[name]}")`);
}

function trustProxy(env: Env): number {
  const raw = env.TRUST_PROXY?.trim().toLowerCase();
  if (raw === undefined || raw === '' || raw === 'false' || raw === 'no') return 0;
  if (raw === 'true' || raw === 'yes') return 1;
  return int(env, 'TRUST_PROXY', 0);
}

/** The only place that reads the server's environment. */
export function readEnv(env: Env = process.env, cwd: string = process.cwd()): Config {
  const publicUrl = env.PUBLIC_URL?.trim() || undefined;
  if (publicUrl !== undefined) {
    try {
      new URL(publicUrl);
    } catch {
      throw new ConfigError(`PUBLIC_URL must be an absolute URL (got "${publicUrl}")`);
    }
  }
  const websiteDist = path.resolve(cwd, env.WEBSITE_DIST?.trim() || path.join(REPO_ROOT, 'website/dist'));
  return {
    port: int(env, 'PORT', 8080),
    host: env.HOST?.trim() ?? '',
    dataDir: path.resolve(cwd, env.DATA_DIR?.trim() || './data'),
    websiteDist,
    websiteServerEntry: path.resolve(
      cwd,
      env.WEBSITE_SERVER_ENTRY?.trim() || path.join(`${websiteDist}-server`, 'render.js'),
    ),
    seedDir: path.resolve(cwd, env.SEED_DIR?.trim() || path.join(REPO_ROOT, 'server/seed')),
    seedSamplePhotos: bool(env, 'SEED_SAMPLE_PHOTOS', true),
    adminEmail: (env.ADMIN_EMAIL?.trim() || 'admin@brisasdelgolfo.co').toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    trustProxy: trustProxy(env),
    publicUrl: publicUrl ? new URL(publicUrl).origin : undefined,
    formMinFillMs: int(env, 'FORM_MIN_FILL_MS', LIMITS.minFillMs),
    formMaxAgeMs: int(env, 'FORM_MAX_AGE_MS', LIMITS.maxFormTokenAgeMs, 1),
    sessionIdleMs: int(env, 'SESSION_IDLE_SECONDS', 2 * 60 * 60, 1) * 1000,
    sessionMaxMs: int(env, 'SESSION_MAX_SECONDS', 12 * 60 * 60, 1) * 1000,
    loginMaxFailuresPerAccount: int(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 5, 1),
    loginMaxFailuresPerClient: int(env, 'LOGIN_MAX_FAILURES_PER_CLIENT', 20, 1),
    loginWindowMs: int(env, 'LOGIN_WINDOW_SECONDS', 15 * 60, 1) * 1000,
    loginSlowdownAfter: int(env, 'LOGIN_SLOWDOWN_AFTER', 10, 1),
    loginChecksAtOnce: int(env, 'LOGIN_CHECKS_AT_ONCE', 2, 1),
    loginChecksWaiting: int(env, 'LOGIN_CHECKS_WAITING', 8, 0),
    enquiriesPerClient: int(env, 'ENQUIRIES_PER_CLIENT', 5, 1),
    enquiriesGlobal: int(env, 'ENQUIRIES_GLOBAL', 200, 1),
    enquiriesPerNetwork: int(env, 'ENQUIRIES_PER_NETWORK', 50, 1),
    enquiryWindowMs: int(env, 'ENQUIRY_WINDOW_SECONDS', 60 * 60, 1) * 1000,
    publicUploadsPerClient: int(env, 'PUBLIC_UPLOADS_PER_CLIENT', 10, 1),
    publicUploadsGlobal: int(env, 'PUBLIC_UPLOADS_GLOBAL', 100, 1),
    publicUploadsPerNetwork: int(env, 'PUBLIC_UPLOADS_PER_NETWORK', 25, 1),
    publicUploadWindowMs: int(env, 'PUBLIC_UPLOAD_WINDOW_SECONDS', 60 * 60, 1) * 1000,
    imageConcurrency: int(env, 'IMAGE_CONCURRENCY', 1, 1),
    imageQueueMax: int(env, 'IMAGE_QUEUE_MAX', 50, 1),
    icalSyncMinutes: int(env, 'ICAL_SYNC_MINUTES', 30, 0, ICAL_SYNC_MINUTES_MAX),
    icalAllowPrivateHosts: bool(env, 'ICAL_ALLOW_PRIVATE_HOSTS', false),
    icalFetchTimeoutMs: int(env, 'ICAL_FETCH_TIMEOUT_MS', CALENDAR_LIMITS.feedTimeoutMs, 1),
    bodyTimeoutMs: int(env, 'BODY_TIMEOUT_SECONDS', 20, 1) * 1000,
    uploadTimeoutMs: int(env, 'UPLOAD_TIMEOUT_SECONDS', 15 * 60, 1) * 1000,
    maxConnections: int(env, 'MAX_CONNECTIONS', 1000, 1),
    maxConnectionsPerClient: int(env, 'MAX_CONNECTIONS_PER_CLIENT', 100, 1),
    enquiryRetentionMonths: int(env, 'ENQUIRY_RETENTION_MONTHS', BUSINESS.enquiryRetentionMonths, 1),
    backupDir: env.BACKUP_DIR?.trim() ? path.resolve(cwd, env.BACKUP_DIR.trim()) : undefined,
    backupKeep: int(env, 'BACKUP_KEEP', 7, 1),
    backupEveryHours: int(env, 'BACKUP_EVERY_HOURS', 24, 1),
    storeCompactBytes: int(env, 'STORE_COMPACT_KB', 16 * 1024, 16) * 1024,
    verifyContract: bool(env, 'CABANA_CONTRACT_VERIFY', false),
  };
}
