import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SESSION_COOKIE } from '@cabana/shared/api/http';
import { readEnv } from '../server/src/env';
import { startServer, type RunningServer } from '../server/src/start';
import type { Logger } from '../server/src/lib/logger';
import { TestClock } from './clock';

export interface TestServer {
  /** Origin, http://127.0.0.1:PORT. */
  url: string;
  /** url + '/api'. */
  apiUrl: string;
  dataDir: string;
  admin: { email: string; password: string };
  /** Signs in and returns a Cookie header value (`sid=...`). */
  loginCookie(): Promise<string>;
  /** Signs in as the desktop app does and returns the bearer token. */
  loginToken(): Promise<string>;
  close(): Promise<void>;
  /** The running server, for tests that need to look inside (route inventory, queue). */
  running: RunningServer;
  /** The server's clock: `clock.advance(ms)` lets sessions, form tokens and rate limits age without a sleep. */
  clock: TestClock;
}

export const TEST_ADMIN = { email: 'admin@test.local', password: 'una frase de paso larga para las pruebas' } as const;

/**
 * Test defaults. They are ordinary settings the real server reads from its environment: browser
 * tests can fill a form at machine speed and send many enquiries without hitting the limits.
 * Tests about those rules pass their own values in `env`.
 */
export const TEST_ENV: Record<string, string> = {
  ADMIN_EMAIL: TEST_ADMIN.email,
  ADMIN_PASSWORD: TEST_ADMIN.password,
  FORM_MIN_FILL_MS: '0',
  SEED_SAMPLE_PHOTOS: 'false',
  ENQUIRIES_PER_CLIENT: '1000',
  ENQUIRIES_GLOBAL: '10000',
  PUBLIC_UPLOADS_PER_CLIENT: '1000',
  PUBLIC_UPLOADS_GLOBAL: '10000',
  GUEST_MAILS_PER_ADDRESS: '1000',
  GUEST_LINK_LOOKUPS_PER_CLIENT: '10000',
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '50',
  LOGIN_MAX_FAILURES_PER_CLIENT: '200',
  // Every answer is checked against its contract row: a drift fails the test that caused it.
  CABANA_CONTRACT_VERIFY: 'true',
  // Every save checks that the store's change tracking saw every change (server/src/db/store.ts).
  CABANA_STORE_VERIFY: 'true',
};

const quietLogger: Logger = {
  info: () => undefined,
  error: (msg, err) => {
    if (process.env.TEST_SERVER_LOGS) console.error(msg, err);
  },
};

/** Signs in at a server's origin, for a cookie or (`token`) for a bearer token as the desktop app does. */
async function signIn(url: string, admin: { email: string; password: string }, token: boolean): Promise<Response> {
  const res = await fetch(`${url}/api/sesion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: admin.email, password: admin.password, ...(token ? { token: true } : {}) }),
  });
  if (res.status !== 200) throw new Error(`test login failed: ${res.status} ${await res.text()}`);
  return res;
}

/** A bearer token for the admin of the server at `url` (a test server or a launched one). */
export async function adminToken(url: string, admin: { email: string; password: string }): Promise<string> {
  const body = (await (await signIn(url, admin, true)).json()) as { token?: string };
  if (!body.token) throw new Error('test login returned no token');
  return body.token;
}

/** Sets the price per person as the admin would (PATCH with the session cookie). */
export async function setPrice(server: TestServer, precio: number): Promise<void> {
  const cookie = await server.loginCookie();
  const res = await fetch(`${server.apiUrl}/precioPersona/precio`, {
    method: 'PATCH',
    headers: { cookie, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ precio }),
  });
  if (res.status !== 200) throw new Error(`setting the price failed: ${res.status} ${await res.text()}`);
}

/**
 * Starts the real app on 127.0.0.1 with an ephemeral port and (by default) a temp data folder.
 * It runs on a test clock (its own, or `clock` to share one across restarts).
 */
export async function startTestServer(
  opts: { env?: Record<string, string>; dataDir?: string; websiteDist?: string; clock?: TestClock } = {},
): Promise<TestServer> {
  const clock = opts.clock ?? new TestClock();
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'cabana-test-')));
  const env: Record<string, string> = {
    ...TEST_ENV,
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    // A folder that does not exist: the server answers with its minimal page unless a build is given.
    WEBSITE_DIST: opts.websiteDist ?? path.join(dataDir, 'no-website-build'),
    ...opts.env,
  };
  if (opts.websiteDist !== undefined) env.WEBSITE_DIST = opts.websiteDist;
  let running: RunningServer;
  try {
    running = await startServer(readEnv(env), quietLogger, clock);
  } catch (err) {
    if (ownDir) await fs.rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  await running.seeding;
  const url = running.url;
  const apiUrl = `${url}/api`;
  const admin = { email: env.ADMIN_EMAIL ?? TEST_ADMIN.email, password: env.ADMIN_PASSWORD ?? TEST_ADMIN.password };

  return {
    url,
    apiUrl,
    dataDir,
    admin,
    running,
    clock,
    async loginCookie() {
      const res = await signIn(url, admin, false);
      // `__Host-sid` when PUBLIC_URL is https.
      const cookie = res.headers
        .getSetCookie()
        .find((c) => c.startsWith(`${SESSION_COOKIE}=`) || c.startsWith(`__Host-${SESSION_COOKIE}=`));
      if (!cookie) throw new Error('test login returned no session cookie');
      return cookie.split(';')[0]!;
    },
    loginToken: () => adminToken(url, admin),
    async close() {
      await running.close();
      if (ownDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
