import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Image } from '@cabana/shared/schemas/image';
import { addDays, todayAtCabin } from '@cabana/shared/pricing/dates';
import type { Data } from '../src/db/schema';
import { REPO_ROOT } from '../src/env';
import { longRuns } from '../../test-support/runs';
import { twoColour } from './helpers/fixtures';
import { readStoredData } from '../../test-support/data-folder';

/**
 * The fault test of docs/decisions/001-server-data-folder.md: a driver sends uploads, deletes, price
 * changes and calendar writes (manual blocks, feeds, seasons, confirmed reservations) to a real server
 * process, SIGKILLs it at random moments, restarts it on the same folder and checks what survived.
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
        FORM_MIN_FILL_MS: '0',
        ENQUIRIES_PER_CLIENT: '100000',
        ENQUIRIES_GLOBAL: '100000',
        ICAL_SYNC_MINUTES: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        proc.stdout.off('data', onData);
        resolve({ proc, url: m[1]! });
      }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
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

/** What the calendar driver was told was saved, and what a kill may have cut short. */
interface CalendarAcks {
  blocks: Set<string>;
  deletedBlocks: Set<string>;
  deletingBlock: string | undefined;
  seasonPrice: number | undefined;
  nextSeasonPrice: number;
  confirmed: Set<string>;
  reservationsSent: number;
  feeds: Set<string>;
  deletedFeeds: Set<string>;
  deletingFeed: string | undefined;
  feedsSent: number;
}

function checkCalendar(data: Data, acks: CalendarAcks) {
  const blockIds = new Set(data.calendar.blocks.map((b) => b.id));
  if (acks.deletingBlock && !blockIds.has(acks.deletingBlock)) {
    acks.blocks.delete(acks.deletingBlock);
    acks.deletedBlocks.add(acks.deletingBlock);
  }
  acks.deletingBlock = undefined;
  for (const id of acks.blocks) expect(blockIds.has(id), `acknowledged block ${id}`).toBe(true);
  for (const id of acks.deletedBlocks) expect(blockIds.has(id), `deleted block ${id}`).toBe(false);
  const stored = data.calendar.seasons[0]?.pricePerPerson;
  const inFlight = acks.nextSeasonPrice - 1;
  if (acks.seasonPrice === undefined) expect([undefined, inFlight]).toContain(stored);
  else expect([acks.seasonPrice, inFlight]).toContain(stored);
  acks.seasonPrice = stored;
  for (const id of acks.confirmed) {
    expect(data.enquiries.find((e) => e.id === id)?.status, `confirmed reservation ${id}`).toBe('confirmada');
  }
  const feedIds = new Set(data.calendar.feeds.map((f) => f.id));
  if (acks.deletingFeed && !feedIds.has(acks.deletingFeed)) {
    acks.feeds.delete(acks.deletingFeed);
    acks.deletedFeeds.add(acks.deletingFeed);
  }
  acks.deletingFeed = undefined;
  for (const id of acks.feeds) expect(feedIds.has(id), `acknowledged feed ${id}`).toBe(true);
  for (const id of acks.deletedFeeds) expect(feedIds.has(id), `deleted feed ${id}`).toBe(false);
}

/** Manual blocks and feeds added and removed, seasons replaced, reservations sent and confirmed, until stopped. */
async function driveCalendar(url: string, auth: Record<string, string>, acks: CalendarAcks, stop: { now: boolean }) {
  const send = (method: string, path: string, body?: unknown, headers = auth) =>
    fetch(`${url}/api${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch(() => undefined);
  const today = todayAtCabin();
  // Paced: every write is a durable save of the whole file, and the uploads' saves queue behind them.
  for (let i = 0; !stop.now; i++, await delay(100)) {
    const block = await send('POST', '/calendario/bloqueos', { start: addDays(today, 200), end: addDays(today, 202) });
    if (block?.status !== 201) return;
    const blockId = ((await block.json().catch(() => ({}))) as { id?: string }).id;
    if (blockId) acks.blocks.add(blockId);

    const victim = i % 2 === 1 ? [...acks.blocks][0] : undefined;
    if (victim) {
      acks.deletingBlock = victim;
      if ((await send('DELETE', `/calendario/bloqueos/${victim}`))?.status !== 204) return;
      acks.blocks.delete(victim);
      acks.deletedBlocks.add(victim);
      acks.deletingBlock = undefined;
    }

    // Feeds as the panel adds and removes them. Their first import runs in the background and
    // fails (an address that never resolves), which is one more save racing the kill.
    if (i % 2 === 0) {
      const n = acks.feedsSent++;
      const feed = await send('POST', '/calendario/fuentes', {
        name: `Canal ${n}`,
        url: `https://canal-${n}.invalid/c.ics`,
      });
      if (feed?.status !== 201) return;
      const feedId = ((await feed.json().catch(() => ({}))) as { id?: string }).id;
      if (feedId) acks.feeds.add(feedId);
      const gone = acks.feeds.size > 2 ? [...acks.feeds][0] : undefined;
      if (gone) {
        acks.deletingFeed = gone;
        if ((await send('DELETE', `/calendario/fuentes/${gone}`))?.status !== 204) return;
        acks.feeds.delete(gone);
        acks.deletedFeeds.add(gone);
        acks.deletingFeed = undefined;
      }
    }

    const price = acks.nextSeasonPrice++;
    const season = {
      name: 'Temporada alta',
      start: addDays(today, 30),
      end: addDays(today, 60),
      pricePerPerson: price,
      minNights: 1,
    };
    if ((await send('PUT', '/temporadas', { seasons: [season] }))?.status !== 200) return;
    acks.seasonPrice = price;

    if (i % 3 === 0) {
      const token = await send('GET', '/consultas/token', undefined, {});
      const formToken = ((await token?.json().catch(() => ({}))) as { token?: string } | undefined)?.token;
      if (!formToken) return;
      // Each reservation its own nights, far from the rest, so confirming is never a conflict.
      const checkIn = addDays(today, 400 + 3 * acks.reservationsSent++);
      const sent = await send(
        'POST',
        '/consultas',
        {
          type: 'reserva',
          name: 'Prueba de caídas',
          email: 'crash@example.com',
          phone: '+57 300 000 0000',
          checkIn,
          checkOut: addDays(checkIn, 2),
          numPeople: 2,
          consent: true,
          formToken,
        },
        {},
      );
      if (sent?.status !== 201) return;
      const id = ((await sent.json().catch(() => ({}))) as { id?: string }).id;
      if (!id) return;
      const confirmed = await send('PATCH', `/consultas/${id}`, { status: 'confirmada' });
      if (confirmed?.status !== 200) return;
      acks.confirmed.add(id);
    }
  }
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
      /** Settings saves carry a rate and a phone made from the same number: both or neither. */
      let lastRate = 4021;
      let nextRate = 5_000;
      const phoneFor = (rate: number) => `+57 300 555 ${rate}`;
      const calendarAcks: CalendarAcks = {
        blocks: new Set(),
        deletedBlocks: new Set(),
        deletingBlock: undefined,
        seasonPrice: undefined,
        nextSeasonPrice: 300_000,
        confirmed: new Set(),
        reservationsSent: 0,
        feeds: new Set(),
        deletedFeeds: new Set(),
        deletingFeed: undefined,
        feedsSent: 0,
      };

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
        const data = await readStoredData(dataDir);
        expect([lastPrice, nextPrice - 1]).toContain(data.price.precio);
        lastPrice = data.price.precio;
        expect([lastRate, nextRate - 1]).toContain(data.settings.copPerUsd);
        if (data.settings.copPerUsd !== 4021) expect(data.settings.phone).toBe(phoneFor(data.settings.copPerUsd));
        lastRate = data.settings.copPerUsd;
        checkCalendar(data, calendarAcks);
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
        const settings = (async () => {
          while (!stop.now) {
            const rate = nextRate++;
            const res = await fetch(`${url}/api/ajustes`, {
              method: 'PATCH',
              headers: { ...auth, 'content-type': 'application/json' },
              body: JSON.stringify({ copPerUsd: rate, phone: phoneFor(rate) }),
            }).catch(() => undefined);
            if (res?.status === 200) lastRate = rate;
            else break;
          }
        })();
        const calendar = driveCalendar(url, auth, calendarAcks, stop);
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
        await Promise.all([...uploads, deletes, prices, settings, calendar]);
        current = undefined;
      }
      expect(kills).toBe(ROUNDS);
      expect(acknowledged.size + deleted.size).toBeGreaterThan(0);
      expect(calendarAcks.blocks.size + calendarAcks.deletedBlocks.size).toBeGreaterThan(0);
      console.log(
        `crash test: ${kills} kills, ${acknowledged.size} images kept, ${deleted.size} deleted, last price ${lastPrice}, last rate ${lastRate}; ` +
          `calendar: ${calendarAcks.blocks.size} blocks kept, ${calendarAcks.deletedBlocks.size} deleted, ` +
          `${calendarAcks.confirmed.size} confirmations, season price ${calendarAcks.seasonPrice}, ` +
          `feeds: ${calendarAcks.feeds.size} kept, ${calendarAcks.deletedFeeds.size} deleted`,
      );

      // A last start, then the same checks through the API: every acknowledged image is served whole.
      current = await startChild(dataDir);
      checkCalendar(await readStoredData(dataDir), calendarAcks);
      const served = (await (await fetch(`${current.url}/api/ajustes`)).json()) as { copPerUsd: number };
      expect([lastRate, nextRate - 1]).toContain(served.copPerUsd);
      expect(lastRate).toBeGreaterThanOrEqual(5_000);
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
