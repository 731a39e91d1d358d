import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
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

/** The unix sockets the kernel lists for every local user to read (abstract ones start with @). */
async function listedSockets(): Promise<string[]> {
  const lines = (await readFile('/proc/net/unix', 'utf8')).split('\n').slice(1);
  return lines.map((l) => l.trim().split(/\s+/)[7]).filter((p): p is string => !!p);
}

/**
 * A local user who wants the site down: binds, after the server stops, every lock name it saw
 * listed. Run as `nobody` when the tests run as root (as on these machines and CI): another user,
 * as an attacker would be. As the same user it only tries abstract names, which no folder mode
 * protects (the same user may write into the data folder anyway).
 */
async function squatter(names: string[]): Promise<{ proc: ChildProcess; results: Record<string, string> }> {
  const dir = await mkdtemp(join(tmpdir(), 'cabana-squatter-'));
  dirs.push(dir);
  await chmod(dir, 0o755);
  const script = join(dir, 'squat.mjs');
  await writeFile(
    script,
    `import net from 'node:net';
const results = {};
for (const name of process.argv.slice(2)) {
  const server = net.createServer((s) => s.end('owner'));
  results[name] = await new Promise((resolve) => {
    server.once('error', (e) => resolve(e.code));
    // /proc/net/unix shows an abstract name's NUL bytes as @.
    server.listen(name.startsWith('@') ? name.replaceAll('@', '\\0') : name, () => resolve('held'));
  });
}
console.log(JSON.stringify(results));
setInterval(() => undefined, 1000);
`,
  );
  await chmod(script, 0o644);
  const root = process.getuid?.() === 0;
  const tried = root ? names : names.filter((n) => n.startsWith('@'));
  const proc = spawn(process.execPath, [script, ...tried], {
    stdio: ['ignore', 'pipe', 'inherit'],
    ...(root ? { uid: 65534, gid: 65534 } : {}),
  });
  children.push(proc);
  const line = await new Promise<string>((resolve) => {
    let out = '';
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
  });
  return { proc, results: JSON.parse(line) as Record<string, string> };
}

describe('the lock cannot be taken by another local user (issue 19 item 10)', () => {
  it('lists no name another user can bind first: a squatter cannot stop the next start', async () => {
    const dir = await tempDir();
    const before = new Set(await listedSockets());
    const a = await startTestServer({ dataDir: dir });
    const seen = (await listedSockets()).filter(
      (n) => !before.has(n) && (n.startsWith('@cabana') || n.startsWith(dir)),
    );
    await a.close();
    // The lock is listed, as every socket is; what matters is whether another user can take it.
    expect(seen.length).toBeGreaterThan(0);
    const { results } = await squatter(seen);
    console.log(`lock names listed in /proc/net/unix: ${JSON.stringify(results)}`);
    expect(Object.values(results)).not.toContain('held');
    const b = await startTestServer({ dataDir: dir });
    try {
      expect((await json(b, 'GET', '/health')).status).toBe(200);
    } finally {
      await b.close();
    }
    // The folder's own modes are what keep the lock's socket file out of other users' reach.
    expect((await stat(dir)).mode & 0o077).toBe(0);
  }, 60_000);

  it('works with a DATA_DIR too long for a socket path, and still refuses a second owner', async () => {
    const base = await tempDir();
    const dir = join(
      base,
      'una-carpeta-de-datos-con-un-nombre-muy-largo',
      'y-otra-mas-para-pasar-de-108-bytes-en-total',
    );
    await mkdir(dir, { recursive: true, mode: 0o700 });
    expect(Buffer.byteLength(join(dir, '.lock-0123456789abcdef.sock'))).toBeGreaterThan(108);
    const h = holder(dir, 60_000);
    expect(await h.said).toBe('locked');
    // The socket file is in the folder itself, not wherever a cut path would have put it.
    expect((await readdir(dir)).filter((n) => /^\.lock-[0-9a-f]{16}\.sock$/.test(n))).toHaveLength(1);
    await expect(lockDataDir(dir, 'test')).rejects.toThrow(/in use by lock-holder \(pid \d+\)/);
    h.proc.kill('SIGKILL');
    await h.exited;
    const lock = await lockDataDir(dir, 'test');
    lock.release();
    expect((await readdir(dir)).filter((n) => n.endsWith('.sock'))).toEqual([]);
  }, 60_000);
});
