import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/env';
import { lockDataDir } from '../src/db/lock';
import { startTestServer } from '../../test-support/server';
import { json } from './helpers/http';

/** Issue 12, item 19: a crashed server always starts again; two never share a folder. */
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
async function tempDir() {
  const d = await mkdtemp(join(tmpdir(), 'cabana-lock-'));
  dirs.push(d);
  return d;
}

/** A lock holder in its own process; resolves with its first line ("locked" or "refused: ..."). */
function holder(dir: string, holdMs: number): { proc: ChildProcess; said: Promise<string>; exited: Promise<void> } {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/test/helpers/lock-holder.ts', dir, String(holdMs)], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(proc);
  let out = '';
  const said = new Promise<string>((resolve) => {
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    proc.on('exit', () => resolve(out.split('\n')[0] || `exited ${proc.exitCode ?? proc.signalCode}`));
  });
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  return { proc, said, exited };
}

describe('data folder lock', () => {
  it('starts over a lock left by a crash even when its pid now belongs to another live process', async () => {
    const dir = await tempDir();
    // After a reboot the dead server's pid may belong to anything: here a live `sleep`.
    const other = spawn('sleep', ['30']);
    children.push(other);
    await writeFile(join(dir, '.lock'), `${other.pid}\nthe Cabaña server\n`);
    const s = await startTestServer({ dataDir: dir });
    try {
      expect((await json(s, 'GET', '/health')).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('is free the moment its owner is SIGKILLed, and refuses while the owner lives', async () => {
    const dir = await tempDir();
    const h = holder(dir, 60_000);
    expect(await h.said).toBe('locked');
    await expect(lockDataDir(dir, 'test')).rejects.toThrow(/in use by lock-holder \(pid \d+\)/);
    h.proc.kill('SIGKILL');
    await h.exited;
    const lock = await lockDataDir(dir, 'test');
    lock.release();
  }, 60_000);

  it('gives a contested folder to exactly one of several starters racing for it', async () => {
    const dir = await tempDir();
    const other = spawn('sleep', ['60']);
    children.push(other);
    await writeFile(join(dir, '.lock'), `${other.pid}\nthe Cabaña server\n`);
    // Each holds long enough that every other starter tries while it still holds the folder.
    const racers = Array.from({ length: 4 }, () => holder(dir, 20_000));
    const said = await Promise.all(racers.map((r) => r.said));
    expect(said.filter((l) => l === 'locked')).toHaveLength(1);
    // The holder a loser names comes from the folder's record, which the winner rewrites just after
    // taking the lock: a loser that reads it in between names the earlier record's owner.
    for (const line of said.filter((l) => l !== 'locked')) {
      expect(line).toMatch(/^refused: .*in use by (lock-holder|the Cabaña server) \(pid \d+\)/);
    }
  }, 90_000);
});
