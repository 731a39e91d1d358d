import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { LIMITS } from '@cabana/shared/domain/config/limits';
import { CALENDAR_LIMITS } from '@cabana/shared/domain/config/calendar';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { wompiKeyMode, type PaymentMode } from '@cabana/shared/domain/schemas/payment';
import { parseCrashAt, type CrashTarget } from './lib/crash-points';

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
  /** Photos waiting for approval beyond which public uploads get 429, and their bytes beyond which 507. */
  pendingPhotosMax: number;
  /** Booking requests (`solicitada`) stored at once; past it new ones get 429 (issue 28). */
  pendingBookingsMax: number;
  pendingPhotosMaxBytes: number;
  /** Photos still waiting for approval this many days after they arrived are deleted. */
  pendingPhotoRetentionDays: number;
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
  /** Tests: every save checks that the store's change tracking saw every change (CABANA_STORE_VERIFY). */
  verifyStore: boolean;
  /** Tests: every API answer is checked against its contract row (CABANA_CONTRACT_VERIFY). */
  verifyContract: boolean;
  /** The crash suite: the write-path point where this process kills itself (CABANA_CRASH_AT). */
  crashAt: CrashTarget | undefined;
  /** Where the server sends its e-mail (`smtp://` or `smtps://`, credentials in it); unset: none is sent. */
  smtpUrl: string | undefined;
  /** The From of that e-mail. */
  mailFrom: string;
  /** Longest one e-mail may take to send, in ms. */
  smtpTimeoutMs: number;
  /** Online payment attempts and checks one client may make per hour. */
  onlinePaymentsPerClient: number;
  /** Messages a day a guest's address gets from booking requests, until its guest answers or pays. */
  guestMailsPerAddress: number;
  /** What all guests' receipts together may take, in bytes. */
  receiptsMaxBytes: number;
  /** Look-ups of private booking links (pages and their API) one client may make per hour. */
  guestLinkLookupsPerClient: number;
  /**
   * Online payment through Wompi (issue 22) by the environment's keys; undefined when they are not
   * set (the owner may then paste them in Ajustes: payments/wompi-keys.ts).
   */
  wompi: WompiConfig | undefined;
  /** MinCIT's PMS API for the TRA (issue 34): its base, without a trailing slash. */
  traApiUrl: string;
  /** MinCIT's PMS token: a secret, only in memory (never logged, answered or stored); undefined: nothing is filed. */
  traToken: string | undefined;
  /** WOMPI_API_URL and WOMPI_CHECKOUT_URL (a stand-in's), for keys from either source. */
  wompiUrls: { apiUrl: string | undefined; checkoutUrl: string | undefined };
}

/**
 * Wompi's keys and where to reach it. The secrets are never logged nor answered; from the
 * environment they live only in memory, pasted in the panel in `wompi-keys.json` of the data
 * folder (mode 0600), which no backup holds.
 */
export interface WompiConfig {
  publicKey: string;
  privateKey: string;
  integritySecret: string;
  eventsSecret: string;
  /** By the keys' prefix: `pub_test_`/`prv_test_` or `pub_prod_`/`prv_prod_`. */
  mode: PaymentMode;
  /** The API base with its version, without a trailing slash (`https://sandbox.wompi.co/v1`). */
  apiUrl: string;
  /** Web Checkout's address (`https://checkout.wompi.co/p/`). */
  checkoutUrl: string;
}

export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

// How a variable's text becomes a value. Unset or blank means the default; anything else that is
// not a valid value stops the start with the variable's name, never a guess.
const variable = () => z.string().optional();
const blank = (raw: string | undefined) => raw === undefined || raw.trim() === '';

/** Trimmed text, or `fallback`. */
const text = (fallback = '') => variable().transform((raw) => raw?.trim() || fallback);

function int(fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) {
  return variable().transform((raw, ctx) => {
    if (blank(raw)) return fallback;
    const n = Number(raw);
    if (Number.isSafeInteger(n) && n >= min && n <= max) return n;
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    ctx.addIssue(`must be a whole number ${range} (got "${raw}")`);
    return z.NEVER;
  });
}

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

function bool(fallback: boolean) {
  return variable().transform((raw, ctx) => {
    const word = raw?.trim().toLowerCase();
    if (!word) return fallback;
    if (TRUE.includes(word)) return true;
    if (FALSE.includes(word)) return false;
    ctx.addIssue(`must be true or false (got "${raw}")`);
    return z.NEVER;
  });
}

/** TRUST_PROXY: a number of hops, or `true`/`yes` for one and `false`/`no` for none. */
const PROXY_WORDS = new Map([
  ['true', '1'],
  ['yes', '1'],
  ['false', '0'],
  ['no', '0'],
]);
const hops = variable()
  .transform((raw) => PROXY_WORDS.get(raw?.trim().toLowerCase() ?? '') ?? raw)
  .pipe(int(0));

/** An absolute URL, kept as its origin. */
const origin = variable().transform((raw, ctx) => {
  const url = raw?.trim();
  if (!url) return undefined;
  if (URL.canParse(url)) return new URL(url).origin;
  ctx.addIssue(`must be an absolute URL (got "${url}")`);
  return z.NEVER;
});

/** An SMTP server's URL (`smtp://user:pass@host:587`, `smtps://...:465`); unset: no e-mail is sent. */
const smtpUrl = variable().transform((raw, ctx) => {
  const url = raw?.trim();
  if (!url) return undefined;
  if (URL.canParse(url) && ['smtp:', 'smtps:'].includes(new URL(url).protocol)) return url;
  // Never echo it: it may carry the password.
  ctx.addIssue('must be an smtp:// or smtps:// URL');
  return z.NEVER;
});

/** A secret or key: trimmed, unset when blank; never echoed in an error. */
const secret = variable().transform((raw) => raw?.trim() || undefined);

/** An absolute http(s) URL, kept whole (path included). */
const httpUrl = variable().transform((raw, ctx) => {
  const url = raw?.trim();
  if (!url) return undefined;
  if (URL.canParse(url) && ['http:', 'https:'].includes(new URL(url).protocol)) return url;
  ctx.addIssue(`must be an absolute http(s) URL (got "${url}")`);
  return z.NEVER;
});
/** The same, without a trailing slash: an API base paths are added to. */
const baseUrl = httpUrl.transform((url) => url?.replace(/\/+$/, ''));

/** A From address: `addr@host` or `Name <addr@host>`. */
const MAIL_FROM_PATTERN = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;
const mailFrom = text(`${BUSINESS.name} <${BUSINESS.email}>`).refine(
  (v) => MAIL_FROM_PATTERN.test(v),
  'must be an e-mail address, or a name and an address in <>',
);

/**
 * A week: beyond 2^31-1 ms (about 24.8 days) Node's timers fire every millisecond instead, and a
 * channel's calendar left unread for more than a week is no sync anyway.
 */
const ICAL_SYNC_MINUTES_MAX = 7 * 24 * 60;

/**
 * Every variable the server reads, with its default and range, in the units the operator writes
 * (seconds, KB; paths as given). README.md's table lists the same names and defaults
 * (server/test/config.test.ts checks it); readEnv turns them into a Config.
 */
export const SERVER_ENV = z.object({
  PORT: int(8080),
  HOST: text(),
  DATA_DIR: text('./data'),
  WEBSITE_DIST: text(path.join(REPO_ROOT, 'website/dist')),
  WEBSITE_SERVER_ENTRY: text(),
  ADMIN_EMAIL: text('admin@brisasdelgolfo.co').transform((email) => email.toLowerCase()),
  // Not trimmed: a passphrase may start or end with a space.
  ADMIN_PASSWORD: variable().transform((raw) => raw || undefined),
  TRUST_PROXY: hops,
  PUBLIC_URL: origin,
  SEED_SAMPLE_PHOTOS: bool(true),
  SEED_DIR: text(path.join(REPO_ROOT, 'server/seed')),
  FORM_MIN_FILL_MS: int(LIMITS.minFillMs),
  FORM_MAX_AGE_MS: int(LIMITS.maxFormTokenAgeMs, 1),
  SESSION_IDLE_SECONDS: int(2 * 60 * 60, 1),
  SESSION_MAX_SECONDS: int(12 * 60 * 60, 1),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: int(5, 1),
  LOGIN_MAX_FAILURES_PER_CLIENT: int(20, 1),
  LOGIN_WINDOW_SECONDS: int(15 * 60, 1),
  LOGIN_SLOWDOWN_AFTER: int(10, 1),
  LOGIN_CHECKS_AT_ONCE: int(2, 1),
  LOGIN_CHECKS_WAITING: int(8, 0),
  ENQUIRIES_PER_CLIENT: int(5, 1),
  ENQUIRIES_GLOBAL: int(200, 1),
  ENQUIRIES_PER_NETWORK: int(50, 1),
  ENQUIRY_WINDOW_SECONDS: int(60 * 60, 1),
  ENQUIRY_RETENTION_MONTHS: int(BUSINESS.enquiryRetentionMonths, 1),
  PUBLIC_UPLOADS_PER_CLIENT: int(10, 1),
  PUBLIC_UPLOADS_GLOBAL: int(100, 1),
  PUBLIC_UPLOADS_PER_NETWORK: int(25, 1),
  PUBLIC_UPLOAD_WINDOW_SECONDS: int(60 * 60, 1),
  IMAGE_CONCURRENCY: int(1, 1),
  IMAGE_QUEUE_MAX: int(50, 1),
  PENDING_PHOTOS_MAX: int(200, 1),
  PENDING_BOOKINGS_MAX: int(300, 1),
  PENDING_PHOTOS_MAX_MB: int(500, 1),
  PENDING_PHOTO_RETENTION_DAYS: int(BUSINESS.pendingPhotoRetentionDays, 1),
  ICAL_SYNC_MINUTES: int(30, 0, ICAL_SYNC_MINUTES_MAX),
  ICAL_ALLOW_PRIVATE_HOSTS: bool(false),
  ICAL_FETCH_TIMEOUT_MS: int(CALENDAR_LIMITS.feedTimeoutMs, 1),
  BODY_TIMEOUT_SECONDS: int(20, 1),
  UPLOAD_TIMEOUT_SECONDS: int(15 * 60, 1),
  MAX_CONNECTIONS: int(1000, 1),
  MAX_CONNECTIONS_PER_CLIENT: int(100, 1),
  BACKUP_DIR: text(),
  BACKUP_KEEP: int(7, 1),
  BACKUP_EVERY_HOURS: int(24, 1),
  STORE_COMPACT_KB: int(16 * 1024, 16),
  CABANA_STORE_VERIFY: bool(false),
  CABANA_CONTRACT_VERIFY: bool(false),
  CABANA_CRASH_AT: variable().transform((raw) => parseCrashAt(raw)),
  SMTP_URL: smtpUrl,
  MAIL_FROM: mailFrom,
  SMTP_TIMEOUT_SECONDS: int(20, 1),
  ONLINE_PAYMENTS_PER_CLIENT: int(60, 1),
  GUEST_MAILS_PER_ADDRESS: int(3, 1),
  RECEIPTS_MAX_MB: int(1000, 1),
  GUEST_LINK_LOOKUPS_PER_CLIENT: int(300, 1),
  WOMPI_PUBLIC_KEY: secret,
  WOMPI_PRIVATE_KEY: secret,
  WOMPI_INTEGRITY_SECRET: secret,
  WOMPI_EVENTS_SECRET: secret,
  WOMPI_API_URL: baseUrl,
  WOMPI_CHECKOUT_URL: httpUrl,
  TRA_API_URL: baseUrl.transform((url) => url ?? 'https://pms.mincit.gov.co'),
  TRA_TOKEN: secret,
});

const WOMPI_KEYS = ['WOMPI_PUBLIC_KEY', 'WOMPI_PRIVATE_KEY', 'WOMPI_INTEGRITY_SECRET', 'WOMPI_EVENTS_SECRET'] as const;
const WOMPI_API: Record<PaymentMode, string> = {
  sandbox: 'https://sandbox.wompi.co/v1',
  production: 'https://production.wompi.co/v1',
};
const WOMPI_CHECKOUT = 'https://checkout.wompi.co/p/';

/**
 * Wompi's addresses for keys of `mode`: WOMPI_API_URL and WOMPI_CHECKOUT_URL when set (a stand-in),
 * else Wompi's own. Keys pasted in the panel (payments/wompi-keys.ts) use them too.
 */
export function wompiUrls(urls: Config['wompiUrls'], mode: PaymentMode): Pick<WompiConfig, 'apiUrl' | 'checkoutUrl'> {
  return { apiUrl: urls.apiUrl ?? WOMPI_API[mode], checkoutUrl: urls.checkoutUrl ?? WOMPI_CHECKOUT };
}

/**
 * Wompi's four keys, all or none; the public and private keys must be of one mode. Errors name
 * the variables and the prefixes expected, never a value.
 */
function wompiConfig(v: z.output<typeof SERVER_ENV>): WompiConfig | undefined {
  const set = WOMPI_KEYS.filter((name) => v[name] !== undefined);
  if (set.length === 0) return undefined;
  if (set.length < WOMPI_KEYS.length) {
    const missing = WOMPI_KEYS.filter((name) => v[name] === undefined);
    throw new ConfigError(
      `Wompi needs all four of ${WOMPI_KEYS.join(', ')} (or none, to turn online payment off): ${missing.join(', ')} not set`,
    );
  }
  const publicKey = v.WOMPI_PUBLIC_KEY!;
  const privateKey = v.WOMPI_PRIVATE_KEY!;
  const pub = wompiKeyMode(publicKey, 'pub');
  const prv = wompiKeyMode(privateKey, 'prv');
  const problems: string[] = [];
  if (!pub) problems.push('WOMPI_PUBLIC_KEY must start with pub_test_ (sandbox) or pub_prod_ (production)');
  if (!prv) problems.push('WOMPI_PRIVATE_KEY must start with prv_test_ (sandbox) or prv_prod_ (production)');
  if (pub && prv && pub !== prv) {
    problems.push(
      `WOMPI_PUBLIC_KEY is a ${pub} key and WOMPI_PRIVATE_KEY a ${prv} key: use the two of one environment`,
    );
  }
  // Wompi's secrets carry their environment too (`test_integrity_…`, `prod_events_…`).
  for (const name of ['WOMPI_INTEGRITY_SECRET', 'WOMPI_EVENTS_SECRET'] as const) {
    const other = pub === 'sandbox' ? 'prod_' : 'test_';
    if (pub && pub === prv && v[name]!.startsWith(other)) {
      problems.push(`${name} is not a ${pub} secret (it starts with ${other}): use the one of the keys' environment`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems.join('; '));
  return {
    publicKey,
    privateKey,
    integritySecret: v.WOMPI_INTEGRITY_SECRET!,
    eventsSecret: v.WOMPI_EVENTS_SECRET!,
    mode: pub!,
    ...wompiUrls({ apiUrl: v.WOMPI_API_URL, checkoutUrl: v.WOMPI_CHECKOUT_URL }, pub!),
  };
}

/** `schema` applied to `env`; a ConfigError naming every bad variable, each with what it must be. */
export function parseEnv<S extends z.ZodType>(schema: S, env: Env): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; '));
}

/** The server's configuration: the only place that reads its environment. */
export function readEnv(env: Env = process.env, cwd: string = process.cwd()): Config {
  const v = parseEnv(SERVER_ENV, env);
  const resolve = (p: string) => path.resolve(cwd, p);
  const websiteDist = resolve(v.WEBSITE_DIST);
  return {
    port: v.PORT,
    host: v.HOST,
    dataDir: resolve(v.DATA_DIR),
    websiteDist,
    websiteServerEntry: resolve(v.WEBSITE_SERVER_ENTRY || path.join(`${websiteDist}-server`, 'render.js')),
    seedDir: resolve(v.SEED_DIR),
    seedSamplePhotos: v.SEED_SAMPLE_PHOTOS,
    adminEmail: v.ADMIN_EMAIL,
    adminPassword: v.ADMIN_PASSWORD,
    trustProxy: v.TRUST_PROXY,
    publicUrl: v.PUBLIC_URL,
    formMinFillMs: v.FORM_MIN_FILL_MS,
    formMaxAgeMs: v.FORM_MAX_AGE_MS,
    sessionIdleMs: v.SESSION_IDLE_SECONDS * 1000,
    sessionMaxMs: v.SESSION_MAX_SECONDS * 1000,
    loginMaxFailuresPerAccount: v.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginMaxFailuresPerClient: v.LOGIN_MAX_FAILURES_PER_CLIENT,
    loginWindowMs: v.LOGIN_WINDOW_SECONDS * 1000,
    loginSlowdownAfter: v.LOGIN_SLOWDOWN_AFTER,
    loginChecksAtOnce: v.LOGIN_CHECKS_AT_ONCE,
    loginChecksWaiting: v.LOGIN_CHECKS_WAITING,
    enquiriesPerClient: v.ENQUIRIES_PER_CLIENT,
    enquiriesGlobal: v.ENQUIRIES_GLOBAL,
    enquiriesPerNetwork: v.ENQUIRIES_PER_NETWORK,
    enquiryWindowMs: v.ENQUIRY_WINDOW_SECONDS * 1000,
    publicUploadsPerClient: v.PUBLIC_UPLOADS_PER_CLIENT,
    publicUploadsGlobal: v.PUBLIC_UPLOADS_GLOBAL,
    publicUploadsPerNetwork: v.PUBLIC_UPLOADS_PER_NETWORK,
    publicUploadWindowMs: v.PUBLIC_UPLOAD_WINDOW_SECONDS * 1000,
    imageConcurrency: v.IMAGE_CONCURRENCY,
    imageQueueMax: v.IMAGE_QUEUE_MAX,
    pendingPhotosMax: v.PENDING_PHOTOS_MAX,
    pendingBookingsMax: v.PENDING_BOOKINGS_MAX,
    pendingPhotosMaxBytes: v.PENDING_PHOTOS_MAX_MB * 1024 * 1024,
    pendingPhotoRetentionDays: v.PENDING_PHOTO_RETENTION_DAYS,
    icalSyncMinutes: v.ICAL_SYNC_MINUTES,
    icalAllowPrivateHosts: v.ICAL_ALLOW_PRIVATE_HOSTS,
    icalFetchTimeoutMs: v.ICAL_FETCH_TIMEOUT_MS,
    bodyTimeoutMs: v.BODY_TIMEOUT_SECONDS * 1000,
    uploadTimeoutMs: v.UPLOAD_TIMEOUT_SECONDS * 1000,
    maxConnections: v.MAX_CONNECTIONS,
    maxConnectionsPerClient: v.MAX_CONNECTIONS_PER_CLIENT,
    enquiryRetentionMonths: v.ENQUIRY_RETENTION_MONTHS,
    backupDir: v.BACKUP_DIR ? resolve(v.BACKUP_DIR) : undefined,
    backupKeep: v.BACKUP_KEEP,
    backupEveryHours: v.BACKUP_EVERY_HOURS,
    storeCompactBytes: v.STORE_COMPACT_KB * 1024,
    verifyStore: v.CABANA_STORE_VERIFY,
    verifyContract: v.CABANA_CONTRACT_VERIFY,
    crashAt: v.CABANA_CRASH_AT,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    smtpTimeoutMs: v.SMTP_TIMEOUT_SECONDS * 1000,
    onlinePaymentsPerClient: v.ONLINE_PAYMENTS_PER_CLIENT,
    guestMailsPerAddress: v.GUEST_MAILS_PER_ADDRESS,
    receiptsMaxBytes: v.RECEIPTS_MAX_MB * 1024 * 1024,
    guestLinkLookupsPerClient: v.GUEST_LINK_LOOKUPS_PER_CLIENT,
    wompi: wompiConfig(v),
    traApiUrl: v.TRA_API_URL,
    traToken: v.TRA_TOKEN,
    wompiUrls: { apiUrl: v.WOMPI_API_URL, checkoutUrl: v.WOMPI_CHECKOUT_URL },
  };
}
