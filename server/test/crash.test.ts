import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Image } from '@cabana/shared/schemas/image';
import { DataSchema } from '../src/db/schema';
import { REPO_ROOT } from '../src/env';
import { longRuns } from '../../test-support/runs';
import { twoColour } from './helpers/fixtures';

/**
 * The fault test of docs/decisions/001-server-data-folder.md: a driver sends uploads, deletes and
 * price changes to a real server process, SIGKILLs it at random moments, restarts it on the same
 * folder and checks what survived.
 */
const PASSWORD = 'clave para la prueba de caídas';
/** A short run in `npm test`; `npm run test:slow` kills it many more times. */
const ROUNDS = longRuns() ? 20 : 3;

interface Child {
  proc: ChildProcess;
  url: string;
}

function startChild(dataDir: string): Promise<Child> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: '0',
        ADMIN_EMAIL: 'admin@test.local',
        ADMIN_PASSWORD: PASSWORD,
        SEED_SAMPLE_PHOTOS: 'false',
        IMAGE_CONCURRENCY: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        proc.stdout!.off('data', onData);
        resolve({ proc, url: m[1]! });
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    proc.on('exit', (code) => reject(new Error(`server exited early (${code}): ${out}`)));
  });
}

function kill(child: Child): Promise<void> {
  return new Promise((resolve) => {
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) return resolve();
    child.proc.once('exit', () => resolve());
    child.proc.kill('SIGKILL');
  });
}

/** Lets a loop wait for something another loop did (an acknowledged upload, the stop). */
function signal() {
  const waiters = new Set<() => void>();
  return {
    next: () => new Promise<void>((resolve) => waiters.add(resolve)),
    fire: () => {
      for (const wake of waiters) wake();
      waiters.clear();
    },
  };
}

describe('crash safety (SIGKILL at random points)', () => {
  let dataDir = '';
  let current: Child | undefined;
  afterAll(async () => {
    if (current) await kill(current);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'keeps every acknowledged write whole and leaves no leftovers',
    async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'cabana-crash-'));
      const photo = await (await twoColour(1100, 800)).jpeg({ quality: 85 }).toBuffer();
      const acknowledged = new Map<string, Image>();
      const deleted = new Set<string>();
      /** A delete the kill interrupted: its image may be there or gone, both are fine. */
      let deleting: string | undefined;
      /** Settles an interrupted delete by what the restarted server holds. */
      const settleInterruptedDelete = (ids: Set<string>) => {
        if (deleting && !ids.has(deleting)) {
          acknowledged.delete(deleting);
          deleted.add(deleting);
        }
        deleting = undefined;
      };
      let kills = 0;
      let lastPrice = 80_000;
      let nextPrice = 100_000;

      for (let round = 0; round < ROUNDS; round++) {
        current = await startChild(dataDir);
        const { url } = current;
        const login = await fetch(`${url}/api/sesion`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@test.local', password: PASSWORD, token: true }),
        });
        expect(login.status).toBe(200);
        const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };

        // Checks of the state this start-up found.
        const data = DataSchema.parse(JSON.parse(await readFile(join(dataDir, 'db.json'), 'utf8')));
        expect([lastPrice, nextPrice - 1]).toContain(data.price.precio);
        lastPrice = data.price.precio;
        const ids = new Set(data.images.map((i) => i.id));
        settleInterruptedDelete(ids);
        for (const id of acknowledged.keys()) expect(ids.has(id), `acknowledged image ${id}`).toBe(true);
        for (const id of deleted) expect(ids.has(id), `deleted image ${id}`).toBe(false);
        expect(await readdir(join(dataDir, '.staging'))).toEqual([]);
        expect(await readdir(join(dataDir, '.uploads'))).toEqual([]);
        expect((await readdir(join(dataDir, 'images'))).sort()).toEqual([...ids].sort());
        for (const img of data.images) {
          expect((await readdir(join(dataDir, 'images', img.id))).sort()).toEqual([...img.files].sort());
          for (const f of img.files) {
            const meta = await sharp(join(dataDir, 'images', img.id, f)).metadata();
            expect(meta.width).toBeGreaterThan(0);
          }
        }

        // Load: uploads, deletes and price changes in flight, then a kill at a random moment.
        const stop = { now: false };
        let ackedThisRound = 0;
        const progress = signal();
        const uploads = Array.from({ length: 2 }, async () => {
          while (!stop.now) {
            const fd = new FormData();
            fd.set('image', new Blob([photo], { type: 'image/jpeg' }), 'foto.jpg');
            fd.set('title', `Ronda ${round}`);
            const res = await fetch(`${url}/api/imagenes/upload`, { method: 'POST', headers: auth, body: fd }).catch(
              () => undefined,
            );
            if (res?.status === 201) {
              const img = (await res.json().catch(() => undefined)) as Image | undefined;
              if (img) {
                acknowledged.set(img.id, img);
                ackedThisRound++;
                progress.fire();
              }
            }
          }
        });
        const deletes = (async () => {
          while (!stop.now) {
            const victim = [...acknowledged.keys()].find((id) => !deleted.has(id) && acknowledged.size > 1);
            if (!victim) {
              await progress.next();
              continue;
            }
            deleting = victim;
            const res = await fetch(`${url}/api/imagenes/${victim}`, { method: 'DELETE', headers: auth }).catch(
              () => undefined,
            );
            if (res?.status === 204) {
              deleted.add(victim);
              acknowledged.delete(victim);
              deleting = undefined;
            } else {
              break;
            }
          }
        })();
        const prices = (async () => {
          while (!stop.now) {
            const value = nextPrice++;
            const res = await fetch(`${url}/api/precioPersona/precio`, {
              method: 'PATCH',
              headers: { ...auth, 'content-type': 'application/json' },
              body: JSON.stringify({ precio: value }),
            }).catch(() => undefined);
            if (res?.status === 200) lastPrice = value;
            else break;
          }
        })();
        // Let each round make some progress even on a loaded machine, then kill at a random moment.
        if (ackedThisRound === 0) {
          const timeout = new AbortController();
          await Promise.race([progress.next(), delay(30_000, undefined, { signal: timeout.signal })]);
          timeout.abort();
        }
        await delay(Math.random() * 2000);
        await kill(current);
        kills++;
        stop.now = true;
        progress.fire();
        await Promise.all([...uploads, deletes, prices]);
        current = undefined;
      }
      expect(kills).toBe(ROUNDS);
      expect(acknowledged.size + deleted.size).toBeGreaterThan(0);
      console.log(
        `crash test: ${kills} kills, ${acknowledged.size} images kept, ${deleted.size} deleted, last price ${lastPrice}`,
      );

      // A last start, then the same checks through the API: every acknowledged image is served whole.
      current = await startChild(dataDir);
      const list = (await (await fetch(`${current.url}/api/imagenes`)).json()) as Image[];
      const listed = new Set(list.map((i) => i.id));
      // The last kill may have cut a delete short too: settle it as every round does.
      settleInterruptedDelete(listed);
      for (const img of acknowledged.values()) {
        expect(listed.has(img.id)).toBe(true);
        for (const v of img.variants) {
          const res = await fetch(`${current.url}${v.url}`);
          expect(res.status).toBe(200);
          const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
          expect([meta.width, meta.height]).toEqual([v.width, v.height]);
        }
      }
      for (const id of deleted) expect(listed.has(id)).toBe(false);
      await kill(current);
      current = undefined;
    },
    60_000 + ROUNDS * 30_000,
  );
});
