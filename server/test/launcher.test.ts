import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/env';
import { startTestServer } from '../../test-support/server';

/** Starts the server as `npm start` does (server/start.mjs) and waits for it to listen. */
async function launch(
  dataDir: string,
): Promise<{ proc: ChildProcessWithoutNullStreams; url: string; output: () => string }> {
  const proc = spawn(process.execPath, ['server/start.mjs'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: '',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      ADMIN_PASSWORD: 'una frase de paso válida',
      SEED_SAMPLE_PHOTOS: 'false',
    },
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
  return { proc, url, output: () => out };
}

/** The server process under the launcher (Linux: /proc). */
function childOf(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
  expect(children).toHaveLength(1);
  return children[0]!;
}

/** Running, not merely waiting to be reaped (a zombie still answers kill 0). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

async function until(check: () => boolean) {
  for (let i = 0; i < 600 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  return check();
}

describe('npm start (server/start.mjs)', () => {
  it('runs the server with at most two malloc arenas, and SIGTERM stops it cleanly', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cabana-launch-'));
    const { proc, url, output } = await launch(dir);
    try {
      const server = childOf(proc.pid!);
      const environ = readFileSync(`/proc/${server}/environ`, 'utf8').split('\0');
      // An empty value in the operator's environment counts as unset for glibc; ours replaces it.
      expect(environ).toContain('MALLOC_ARENA_MAX=2');
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      proc.kill('SIGTERM');
      const code = await new Promise((r) => proc.once('exit', r));
      expect(code).toBe(0);
      expect(output()).toContain('SIGTERM received, shutting down');
      expect(await until(() => !alive(server))).toBe(true);
    } finally {
      proc.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('takes the server down with it when the launcher is killed, so the data folder is free again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cabana-launch-'));
    const { proc } = await launch(dir);
    try {
      const server = childOf(proc.pid!);
      proc.kill('SIGKILL');
      expect(await until(() => !alive(server))).toBe(true);
      // The lock went with it: a new server opens the same folder.
      const next = await startTestServer({ dataDir: dir });
      await next.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
