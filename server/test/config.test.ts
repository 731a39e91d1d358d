import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readEnv, REPO_ROOT, SERVER_ENV, type Config } from '../src/env';
import { readCliEnv } from '../src/cli/cli-env';
import { SERVER_PROCESS_ENV } from '../start.mjs';
import { TEST_ENV } from '../../test-support/server';

/** The ConfigError message `env` gets, or a failure when it is accepted. */
function rejection(env: Record<string, string>): string {
  try {
    readEnv(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('the server configuration (server/src/env.ts)', () => {
  it('has these defaults, in the units the server uses', () => {
    expect(readEnv({}, '/srv/app')).toEqual({
      port: 8080,
      host: '',
      dataDir: '/srv/app/data',
      websiteDist: path.join(REPO_ROOT, 'website/dist'),
      websiteServerEntry: path.join(REPO_ROOT, 'website/dist-server/render.js'),
      seedDir: path.join(REPO_ROOT, 'server/seed'),
      seedSamplePhotos: true,
      adminEmail: 'admin@brisasdelgolfo.co',
      adminPassword: undefined,
      trustProxy: 0,
      publicUrl: undefined,
      formMinFillMs: 3_000,
      formMaxAgeMs: 86_400_000,
      sessionIdleMs: 7_200_000,
      sessionMaxMs: 43_200_000,
      loginMaxFailuresPerAccount: 5,
      loginMaxFailuresPerClient: 20,
      loginWindowMs: 900_000,
      loginSlowdownAfter: 10,
      loginChecksAtOnce: 2,
      loginChecksWaiting: 8,
      enquiriesPerClient: 5,
      enquiriesGlobal: 200,
      enquiriesPerNetwork: 50,
      enquiryWindowMs: 3_600_000,
      publicUploadsPerClient: 10,
      publicUploadsGlobal: 100,
      publicUploadsPerNetwork: 25,
      publicUploadWindowMs: 3_600_000,
      imageConcurrency: 1,
      imageQueueMax: 50,
      pendingPhotosMax: 200,
      pendingBookingsMax: 300,
      pendingPhotosMaxBytes: 500 * 1024 * 1024,
      pendingPhotoRetentionDays: 30,
      icalSyncMinutes: 30,
      icalAllowPrivateHosts: false,
      icalFetchTimeoutMs: 15_000,
      bodyTimeoutMs: 20_000,
      uploadTimeoutMs: 900_000,
      maxConnections: 1000,
      maxConnectionsPerClient: 100,
      enquiryRetentionMonths: 24,
      backupDir: undefined,
      backupKeep: 7,
      backupEveryHours: 24,
      storeCompactBytes: 16 * 1024 * 1024,
      verifyStore: false,
      verifyContract: false,
      crashAt: undefined,
      smtpUrl: undefined,
      mailFrom: 'Cabaña Brisas del Golfo <reservas@brisasdelgolfo.co>',
      smtpTimeoutMs: 20_000,
      onlinePaymentsPerClient: 60,
      guestMailsPerAddress: 3,
      receiptsMaxBytes: 1000 * 1024 * 1024,
      guestLinkLookupsPerClient: 300,
      wompi: undefined,
      traApiUrl: 'https://pms.mincit.gov.co',
      traToken: undefined,
      wompiUrls: { apiUrl: undefined, checkoutUrl: undefined },
    } satisfies Config);
  });

  it("reads MinCIT's PMS API and token (issue 34): a base without trailing slash, the token trimmed", () => {
    const c = readEnv({ TRA_API_URL: 'http://127.0.0.1:9999/pms/', TRA_TOKEN: '  abc123  ' }, '/srv/app');
    expect(c.traApiUrl).toBe('http://127.0.0.1:9999/pms');
    expect(c.traToken).toBe('abc123');
    expect(rejection({ TRA_API_URL: 'ftp://pms.mincit.gov.co' })).toContain('TRA_API_URL');
  });

  it('treats a blank value as unset', () => {
    const blank = Object.fromEntries(Object.keys(SERVER_ENV.shape).map((name) => [name, '  ']));
    expect({ ...readEnv(blank, '/srv/app'), adminPassword: undefined }).toEqual(readEnv({}, '/srv/app'));
  });

  it('reads every variable in its own unit, paths against the working directory', () => {
    const c = readEnv(
      {
        PORT: ' 3000 ',
        HOST: ' 127.0.0.1 ',
        DATA_DIR: 'datos',
        WEBSITE_DIST: '/var/www/sitio',
        SEED_DIR: '../semilla',
        ADMIN_EMAIL: '  Dueña@Example.COM ',
        ADMIN_PASSWORD: ' frase con espacios ',
        SESSION_IDLE_SECONDS: '60',
        LOGIN_WINDOW_SECONDS: '30',
        UPLOAD_TIMEOUT_SECONDS: '5',
        PENDING_PHOTOS_MAX_MB: '3',
        BACKUP_DIR: 'copias',
        STORE_COMPACT_KB: '16',
      },
      '/srv/app',
    );
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/app/datos',
      websiteDist: '/var/www/sitio',
      // Beside the website build it was given.
      websiteServerEntry: '/var/www/sitio-server/render.js',
      seedDir: '/srv/semilla',
      adminEmail: 'dueña@example.com',
      // A passphrase is taken as typed.
      adminPassword: ' frase con espacios ',
      sessionIdleMs: 60_000,
      loginWindowMs: 30_000,
      uploadTimeoutMs: 5_000,
      pendingPhotosMaxBytes: 3 * 1024 * 1024,
      backupDir: '/srv/app/copias',
      storeCompactBytes: 16 * 1024,
    });
    expect(readEnv({ WEBSITE_SERVER_ENTRY: 'render/entry.js' }, '/srv/app').websiteServerEntry).toBe(
      '/srv/app/render/entry.js',
    );
  });

  it.each([
    ['PORT', '-1', 'PORT must be a whole number >= 0 (got "-1")'],
    ['PORT', 'abc', 'PORT must be a whole number >= 0 (got "abc")'],
    ['PORT', '80.5', 'PORT must be a whole number >= 0 (got "80.5")'],
    ['FORM_MAX_AGE_MS', '0', 'FORM_MAX_AGE_MS must be a whole number >= 1 (got "0")'],
    ['SESSION_IDLE_SECONDS', '0', 'SESSION_IDLE_SECONDS must be a whole number >= 1 (got "0")'],
    ['LOGIN_CHECKS_AT_ONCE', '0', 'LOGIN_CHECKS_AT_ONCE must be a whole number >= 1 (got "0")'],
    ['IMAGE_QUEUE_MAX', '9007199254740993', 'IMAGE_QUEUE_MAX must be a whole number >= 1 (got "9007199254740993")'],
    ['STORE_COMPACT_KB', '15', 'STORE_COMPACT_KB must be a whole number >= 16 (got "15")'],
    ['ICAL_SYNC_MINUTES', '10081', 'ICAL_SYNC_MINUTES must be a whole number from 0 to 10080 (got "10081")'],
    ['ICAL_SYNC_MINUTES', '-1', 'ICAL_SYNC_MINUTES must be a whole number from 0 to 10080 (got "-1")'],
    // The URL may carry a password: the message never repeats it.
    ['SMTP_URL', 'http://user:secreto@mail.example', 'SMTP_URL must be an smtp:// or smtps:// URL'],
    ['MAIL_FROM', 'Brisas <no es un correo>', 'MAIL_FROM must be an e-mail address, or a name and an address in <>'],
  ])('refuses %s=%s and says what it must be', (name, value, message) => {
    expect(rejection({ [name]: value })).toBe(message);
  });

  it.each([
    ['LOGIN_CHECKS_WAITING', '0', 'loginChecksWaiting', 0],
    ['FORM_MIN_FILL_MS', '0', 'formMinFillMs', 0],
    ['ICAL_SYNC_MINUTES', '0', 'icalSyncMinutes', 0],
    ['ICAL_SYNC_MINUTES', '10080', 'icalSyncMinutes', 10_080],
    ['PORT', '0', 'port', 0],
  ] as const)('accepts %s=%s at the edge of its range', (name, value, key, expected) => {
    expect(readEnv({ [name]: value })[key]).toBe(expected);
  });

  it('names every bad variable at once', () => {
    expect(rejection({ PORT: 'x', SEED_SAMPLE_PHOTOS: 'quizá', PUBLIC_URL: 'brisasdelgolfo.co' })).toBe(
      'PORT must be a whole number >= 0 (got "x"); ' +
        'PUBLIC_URL must be an absolute URL (got "brisasdelgolfo.co"); ' +
        'SEED_SAMPLE_PHOTOS must be true or false (got "quizá")',
    );
  });

  it('reads yes/no words for a switch, in any case', () => {
    for (const word of ['1', 'true', 'YES', ' on '])
      expect(readEnv({ SEED_SAMPLE_PHOTOS: word }).seedSamplePhotos).toBe(true);
    for (const word of ['0', 'False', 'no', 'OFF'])
      expect(readEnv({ SEED_SAMPLE_PHOTOS: word }).seedSamplePhotos).toBe(false);
    expect(readEnv({ ICAL_ALLOW_PRIVATE_HOSTS: 'true' }).icalAllowPrivateHosts).toBe(true);
    expect(readEnv({ CABANA_STORE_VERIFY: '1' }).verifyStore).toBe(true);
    expect(readEnv({ CABANA_CONTRACT_VERIFY: 'true' }).verifyContract).toBe(true);
    expect(rejection({ ICAL_ALLOW_PRIVATE_HOSTS: 'si' })).toBe(
      'ICAL_ALLOW_PRIVATE_HOSTS must be true or false (got "si")',
    );
    expect(rejection({ CABANA_STORE_VERIFY: 'verify' })).toBe(
      'CABANA_STORE_VERIFY must be true or false (got "verify")',
    );
  });

  it('reads TRUST_PROXY as a number of proxies, or true/false for one or none', () => {
    const hops = (value: string) => readEnv({ TRUST_PROXY: value }).trustProxy;
    for (const none of ['', 'false', 'NO', '0']) expect(hops(none)).toBe(0);
    for (const one of ['true', 'Yes', '1', ' 1 ']) expect(hops(one)).toBe(1);
    expect(hops('2')).toBe(2);
    expect(rejection({ TRUST_PROXY: 'maybe' })).toBe('TRUST_PROXY must be a whole number >= 0 (got "maybe")');
    expect(rejection({ TRUST_PROXY: 'on' })).toBe('TRUST_PROXY must be a whole number >= 0 (got "on")');
    expect(rejection({ TRUST_PROXY: 'constructor' })).toMatch(/^TRUST_PROXY /);
  });

  it('keeps the origin of PUBLIC_URL', () => {
    expect(readEnv({ PUBLIC_URL: ' https://BrisasDelGolfo.co/reservas?x=1 ' }).publicUrl).toBe(
      'https://brisasdelgolfo.co',
    );
    expect(readEnv({ PUBLIC_URL: 'http://localhost:8080' }).publicUrl).toBe('http://localhost:8080');
    expect(rejection({ PUBLIC_URL: '/reservas' })).toBe('PUBLIC_URL must be an absolute URL (got "/reservas")');
  });

  it('arms a crash point only for a point of the table', () => {
    expect(readEnv({ CABANA_CRASH_AT: 'store:after-journal:2' }).crashAt).toEqual({
      point: 'store:after-journal',
      nth: 2,
    });
    expect(readEnv({ CABANA_CRASH_AT: 'store:nowhere' }).crashAt).toBeUndefined();
  });

  it('leaves both test checks on in the test servers', () => {
    expect(readEnv(TEST_ENV)).toMatchObject({ verifyStore: true, verifyContract: true });
  });
});

describe("the command-line tools' configuration (server/src/cli/cli-env.ts)", () => {
  it('reads the data and backup folders, the admin and the test switches as the server does', () => {
    const env = {
      DATA_DIR: 'datos',
      BACKUP_DIR: ' copias ',
      ADMIN_EMAIL: 'Dueña@Example.com',
      ADMIN_PASSWORD: 'una frase de paso',
      CABANA_STORE_VERIFY: 'yes',
      CABANA_CRASH_AT: 'backup:archiving',
      ENQUIRY_RETENTION_MONTHS: '18',
    };
    const server = readEnv(env, '/srv/app');
    expect(readCliEnv(env, '/srv/app')).toEqual({
      dataDir: server.dataDir,
      backupDir: server.backupDir,
      adminEmail: server.adminEmail,
      adminPassword: server.adminPassword,
      enquiryRetentionMonths: 18,
      verifyStore: server.verifyStore,
      crashAt: server.crashAt,
    });
    expect(server.enquiryRetentionMonths).toBe(18);
    expect(readCliEnv({}, '/srv/app')).toMatchObject({ dataDir: '/srv/app/data', backupDir: undefined });
  });

  it('ignores the server-only variables, and names a bad one of its own', () => {
    expect(readCliEnv({ PORT: 'x', TRUST_PROXY: 'maybe', DATA_DIR: '/datos' }).dataDir).toBe('/datos');
    expect(() => readCliEnv({ CABANA_STORE_VERIFY: 'quizá' })).toThrow(
      new ConfigError('CABANA_STORE_VERIFY must be true or false (got "quizá")'),
    );
  });
});

describe("README's table of environment variables", () => {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Environment variables'), readme.indexOf('\n## API'));
  const rows = new Map([...section.matchAll(/^\| `([A-Z_]+)` \| (.*?) \|/gm)].map((m) => [m[1]!, m[2]!] as const));

  it('lists exactly the variables the server reads, and the launcher sets', () => {
    expect([...rows.keys()].sort()).toEqual(
      [...Object.keys(SERVER_ENV.shape), ...Object.keys(SERVER_PROCESS_ENV)].sort(),
    );
  });

  it('states each default the schema has', () => {
    const defaults = SERVER_ENV.parse({});
    let checked = 0;
    for (const [name, value] of Object.entries(defaults)) {
      // Unset by default (HOST, PUBLIC_URL, BACKUP_DIR…): the table says what that means instead.
      if (typeof value !== 'number' && typeof value !== 'boolean' && !(typeof value === 'string' && value)) continue;
      const shown = `\`${typeof value === 'string' ? value.replace(REPO_ROOT, '<repo>') : value}\``;
      expect(rows.get(name)?.startsWith(shown), `${name}: ${rows.get(name)} should start with ${shown}`).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });
});
