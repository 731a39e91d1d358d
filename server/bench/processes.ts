import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import readline from 'node:readline';

const require = createRequire(import.meta.url);
export const TSX_CLI = require.resolve('tsx/cli');
const AUTOCANNON_CLI = require.resolve('autocannon/autocannon.js');

export interface Child<T> {
  info: T;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a TypeScript script in its own process and waits for the JSON line it prints when ready. */
export async function startChild<T>(script: string, args: string[] = []): Promise<Child<T>> {
  const proc = spawn(process.execPath, [TSX_CLI, script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = readline.createInterface({ input: proc.stdout! });
    rl.once('line', (l) => {
      rl.close();
      resolve(l);
    });
    proc.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready`)));
  });
  proc.stdout!.resume();
  return {
    info: JSON.parse(line) as T,
    proc,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

export interface LoadResult {
  /** Mean requests per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** autocannon in its own process, so the load generator never shares an event loop with a server. */
export async function load(
  url: string,
  opts: { connections?: number; seconds?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const args = [AUTOCANNON_CLI, '-j', '-c', String(opts.connections ?? 50), '-d', String(opts.seconds ?? 10)];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}=${v}`);
  args.push(url);
  const out = await new Promise<string>((resolve, reject) => {
    const p = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    p.on('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`autocannon failed (${code}): ${stderr}`)),
    );
  });
  const r = JSON.parse(out) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}
