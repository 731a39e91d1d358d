import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from '../server/src/env';
import { runBuild } from './build';

/**
 * Builds the server as `npm run build` does, into server/dist (server/scripts/build.ts): once per
 * run, before any test file starts, as the globalSetup of every project whose tests start the
 * built server or its tools (vitest.config.ts), or by `npm test` before its two jobs
 * (scripts/test.mjs), which then sets CABANA_SERVER_DIST_BUILT so that no globalSetup builds it
 * again. Test files never build it: two workers writing server/dist at once would race.
 */
export async function buildServer(): Promise<void> {
  if (process.env.CABANA_SERVER_DIST_BUILT === '1') return;
  const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
  await runBuild('the server (server/dist)', [tsxCli, 'server/scripts/build.ts'], { cwd: REPO_ROOT });
  process.env.CABANA_SERVER_DIST_BUILT = '1';
}

/** A server/dist entry point (main, backup, restore, reset-password, parse-worker), by path. */
export const builtEntry = (name: string) => path.join(REPO_ROOT, 'server', 'dist', `${name}.js`);

export interface LaunchedServer {
  /** The launcher, server/start.mjs. */
  proc: ChildProcessWithoutNullStreams;
  /** The server process under it. */
  serverPid: number;
  url: string;
  output: () => string;
}

/**
 * Starts the server as `npm start` does (node server/start.mjs, which runs the build on plain
 * node) and waits for it to listen. `env` comes on top of the test's own environment.
 */
export async function launchServer(env: Record<string, string>): Promise<LaunchedServer> {
  const proc = spawn(process.execPath, ['server/start.mjs'], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  for (let i = 0; i < 1200 && !/listening on/.test(out); i++) {
    if (proc.exitCode !== null) throw new Error(`launcher exited: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
  if (!url) throw new Error(`server did not start: ${out}`);
  return { proc, serverPid: childOf(proc.pid!), url, output: () => out };
}

/** The admin of the servers `launchOn` starts. */
export const LAUNCH_ADMIN = { email: 'admin@brisasdelgolfo.co', password: 'una frase de paso válida' } as const;

/**
 * `launchServer` on a data folder, signed in with LAUNCH_ADMIN, without sample photos and with
 * no MALLOC_ARENA_MAX of its own (the launcher sets it); `env` comes on top.
 */
export const launchOn = (dataDir: string, env: Record<string, string> = {}) =>
  launchServer({
    MALLOC_ARENA_MAX: '',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: LAUNCH_ADMIN.password,
    SEED_SAMPLE_PHOTOS: 'false',
    ...env,
  });

/** The one child of a process (Linux: /proc). */
function childOf(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
  if (children.length !== 1)
    throw new Error(`expected one server process under the launcher, got ${children.join(' ')}`);
  return children[0]!;
}

/** What a process runs: its command line, as the kernel has it. */
export const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

/** Resident memory of a process in bytes, and its open file descriptors (Linux: /proc). */
export function processUsage(pid: number): { rss: number; fds: number } {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return { rss: Number(kb) * 1024, fds: readdirSync(path.join('/proc', String(pid), 'fd')).length };
}
