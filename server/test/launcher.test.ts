import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ImageSchema } from '@cabana/shared/domain/schemas/image';
import { adminToken, startTestServer } from '../../test-support/server';
import { commandLine, LAUNCH_ADMIN, launchOn } from '../../test-support/built-server';
import { REPO_ROOT } from '../src/env';
import { readJson } from '../../test-support/json';
import { bearer, upload } from './helpers/http';

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
  it('runs the built server on plain node: pages, the API and a 40-MP HEIC through the worker, under 300 MB', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cabana-launch-'));
    const { proc, serverPid, url } = await launchOn(dir);
    try {
      // node server/dist/main.js and nothing else: no TypeScript loader in the process.
      const [node, ...args] = commandLine(serverPid);
      expect(node).toBe(process.execPath);
      expect(args).toEqual([join(REPO_ROOT, 'server/dist/main.js')]);
      expect(readFileSync(`/proc/${serverPid}/maps`, 'utf8')).not.toMatch(/tsx|esbuild/);
      expect((await fetch(`${url}/`)).status).toBe(200);
      const token = await adminToken(url, LAUNCH_ADMIN);
      // Issue 12, item 8: the server's memory comes back below 300 MB after a 40-MP HEIC (the
      // decoder's WASM heap lives in a worker that ends with the photo).
      const heic = await readFile(join(import.meta.dirname, 'fixtures', 'big-40mp.heic'));
      const res = await upload({ apiUrl: `${url}/api` }, heic, {
        headers: bearer(token),
        type: 'image/heic',
        filename: 'IMG_0001.HEIC',
      });
      expect(res.status).toBe(201);
      const rssMb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${serverPid}/status`, 'utf8'))![1]) / 1024;
      console.log(`servidor tras una HEIC de 40 MP: RSS ${rssMb.toFixed(0)} MB`);
      expect(rssMb).toBeLessThan(300);
      const list = await fetch(`${url}/api/imagenes`);
      expect(list.status).toBe(200);
      expect(await readJson(list, z.array(ImageSchema))).toHaveLength(1);
    } finally {
      proc.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('runs the server with at most two malloc arenas, and SIGTERM stops it cleanly', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cabana-launch-'));
    const { proc, serverPid: server, url, output } = await launchOn(dir);
    try {
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
    const { proc, serverPid: server } = await launchOn(dir);
    try {
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
