import { spawn, type ChildProcess } from 'node:child_process';
import { builtEntry } from '../../../test-support/built-server';
import { REPO_ROOT } from '../../src/env';

export interface ToolResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** stdout and stderr, interleaved as they came. */
  out: string;
}

/**
 * Runs a command from the repository root as an operator would, with `env` added to this
 * process's environment and `input` written to its standard input (then closed).
 */
export function runTool(
  command: string,
  args: string[],
  opts: { env?: Record<string, string>; input?: string } = {},
): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const proc = spawn(command, args, { cwd: REPO_ROOT, env: { ...process.env, ...opts.env } });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
    proc.on('error', reject);
    proc.on('close', (code, signal) => resolve({ code, signal, out }));
    proc.stdin.end(opts.input ?? '');
  });
}

/**
 * A command-line tool as the operator runs it: its build, `node server/dist/<name>.js` (built once
 * per run before the tests start: test-support/server-dist.ts). `nodeArgs` go before it.
 */
export const runCli = (
  name: string,
  args: string[],
  opts: { env?: Record<string, string>; input?: string; nodeArgs?: string[] } = {},
) => runTool(process.execPath, [...(opts.nodeArgs ?? []), builtEntry(name), ...args], opts);

export interface ServerProcess {
  url: string;
  proc: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The built server (`node server/dist/main.js`, as production runs it without the launcher) in
 * its own process on an ephemeral port, once its output matches `until` (by default: it listens).
 */
export async function startServerProcess(
  env: Record<string, string>,
  opts: { nodeArgs?: string[]; until?: RegExp } = {},
): Promise<ServerProcess> {
  const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), builtEntry('main')], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
    await exited;
  };
  const until = opts.until ?? /listening on http/;
  for (let i = 0; i < 600 && !(until.test(out) && /listening on http/.test(out)); i++) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
  if (!url) {
    await stop();
    throw new Error(`server did not start: ${out}`);
  }
  return { url, proc, output: () => out, stop };
}
