import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import readline from 'node:readline';

const require = createRequire(import.meta.url);
const AUTOCANNON_CLI = require.resolve('autocannon/autocannon.js');

export interface Child<T> {
  info: T;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a TypeScript script in its own process and waits for the JSON line it prints when ready. */
export async function startChild<T>(script: string, args: string[] = []): Promise<Child<T>> {
  const proc = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = readline.createInterface({ input: proc.stdout });
    rl.once('line', (l) => {
      rl.close();
      resolve(l);
    });
    proc.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready`)));
  });
  proc.stdout.resume();
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

/** CPU time (user + system) a process has used so far, in seconds: Linux only, undefined elsewhere. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at "state"; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
/** USER_HZ: 100 on every Linux build we run on. */
const CLOCK_TICKS = 100;

export interface LoadResult {
  /** Mean requests per second over the run. */
  rps: number;
  /**
   * CPU time the server spent per request, in microseconds: unlike rps it hardly moves when
   * other work shares the machine, so it is the fairer comparison on a busy one.
   */
  cpuUsPerRequest: number | undefined;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** autocannon in its own process, so the load generator never shares an event loop with a server. */
export async function load(
  url: string,
  opts: { connections?: number; seconds?: number; headers?: Record<string, string>; pid?: number } = {},
): Promise<LoadResult> {
  const cpuBefore = opts.pid ? cpuSeconds(opts.pid) : undefined;
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
  const cpuAfter = opts.pid ? cpuSeconds(opts.pid) : undefined;
  const r = JSON.parse(out) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  return {
    rps: r.requests.average,
    cpuUsPerRequest:
      cpuBefore !== undefined && cpuAfter !== undefined && r.requests.total > 0
        ? ((cpuAfter - cpuBefore) * 1e6) / r.requests.total
        : undefined,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}
