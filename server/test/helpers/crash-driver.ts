import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import sharp from 'sharp';
import { expect } from 'vitest';
import { API_PATHS } from '@cabana/shared/api/paths';
import type { Image } from '@cabana/shared/domain/schemas/image';
import { addDays, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { assignImagePositions, type Data } from '../../src/db/schema';
import { DB_DIR } from '../../src/db/folder';
import { REPO_ROOT } from '../../src/env';
import { SERVER_PROCESS_ENV } from '../../start.mjs';
import { feedFixture, type FeedServer } from '../../../test-support/ical-feeds';

/**
 * The driver of the crash suite (crash.test.ts): a real server process, writers that keep every
 * write path busy and remember what the server acknowledged, and the checks of a folder a kill
 * left behind.
 */
const CRASH_PASSWORD = 'clave para la prueba de caídas';

export interface Child {
  proc: ChildProcess;
  url: string;
  /** Spawn to the first healthy answer. */
  restartMs: number;
  /** CPU the process used until then (user + system): what a machine shared with other work disturbs less. */
  restartCpuMs: number;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves when the process has ended. */
  exited: Promise<void>;
}

const alive = (proc: ChildProcess) => proc.exitCode === null && proc.signalCode === null;

/** User + system CPU of a running process so far, from Linux's /proc (clock ticks of 10 ms). */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Starts the server on `dataDir` as production runs it (the build, server/dist/main.js, on plain
 * node: `buildServer()` first) and waits until it answers its health check. Resolves to
 * undefined when the process dies first: a crash point reached during start-up.
 */
export function startChild(dataDir: string, env: Record<string, string> = {}): Promise<Child | undefined> {
  const started = performance.now();
  const proc = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...SERVER_PROCESS_ENV,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      ADMIN_EMAIL: 'admin@test.local',
      ADMIN_PASSWORD: CRASH_PASSWORD,
      SEED_SAMPLE_PHOTOS: 'false',
      IMAGE_CONCURRENCY: '2',
      FORM_MIN_FILL_MS: '0',
      ENQUIRIES_PER_CLIENT: '100000',
      ENQUIRIES_GLOBAL: '100000',
      ICAL_SYNC_MINUTES: '0',
      ICAL_ALLOW_PRIVATE_HOSTS: 'true',
      // Small, so that compactions (and their crash points) happen every few seconds of load.
      STORE_COMPACT_KB: '64',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    const onData = () => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (!m) return;
      proc.stdout.off('data', onData);
      const url = m[1]!;
      void (async () => {
        while (alive(proc)) {
          const res = await fetch(`${url}/api${API_PATHS.health}`).catch(() => undefined);
          if (res?.status === 200) {
            const restartMs = performance.now() - started;
            const restartCpuMs = await cpuMs(proc.pid!).catch(() => NaN);
            resolve({ proc, url, restartMs, restartCpuMs, output: () => out, exited });
            return;
          }
          await delay(20);
        }
        resolve(undefined);
      })();
    };
    proc.stdout.on('data', onData);
    void exited.then(() => {
      if (proc.signalCode === 'SIGKILL') resolve(undefined);
      else reject(new Error(`server exited early (${proc.exitCode}): ${out}`));
    });
  });
}

export function kill(child: Child): Promise<void> {
  if (alive(child.proc)) child.proc.kill('SIGKILL');
  return child.exited;
}

/** Waits until the server prints a line matching `pattern` (undefined if it dies first). */
export async function waitForOutput(child: Child, pattern: RegExp): Promise<RegExpExecArray | undefined> {
  for (;;) {
    const m = pattern.exec(child.output());
    if (m) return m;
    if (!alive(child.proc)) return undefined;
    await delay(50);
  }
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

/** The write paths the writers drive; a round runs all of them or a chosen few. */
export const WRITE_PATHS = [
  'upload',
  'delete',
  'caption',
  'order',
  'price',
  'settings',
  'enquiry',
  'block',
  'feed',
  'season',
  'booking',
] as const;
export type WritePath = (typeof WRITE_PATHS)[number];

const phoneFor = (rate: number) => `+57 300 555 ${rate}`;

/** Records a writer adds and deletes: the acknowledged ones, and a delete a kill may have cut short. */
class Tracked<T> {
  readonly live = new Map<string, T>();
  readonly deleted = new Set<string>();
  #deleting: string | undefined;

  constructor(
    private readonly what: string,
    private readonly onGone: (id: string) => void = () => undefined,
  ) {}

  /** Sends the delete of `id`; false when the server did not acknowledge it (it was killed). */
  async remove(id: string, send: () => Promise<Response | undefined>): Promise<boolean> {
    this.#deleting = id;
    if ((await send())?.status !== 204) return false;
    this.#gone(id);
    this.#deleting = undefined;
    return true;
  }

  #gone(id: string) {
    this.live.delete(id);
    this.deleted.add(id);
    this.onGone(id);
  }

  /** Settles a delete a kill cut short by what the restarted server holds, then checks. */
  check(present: ReadonlySet<string>): void {
    if (this.#deleting !== undefined && !present.has(this.#deleting)) this.#gone(this.#deleting);
    this.#deleting = undefined;
    for (const id of this.live.keys()) expect(present.has(id), `acknowledged ${this.what} ${id}`).toBe(true);
    for (const id of this.deleted) expect(present.has(id), `deleted ${this.what} ${id}`).toBe(false);
  }
}

/**
 * What the server acknowledged, and the write a kill may have cut short on each path (an
 * unacknowledged write must be whole or absent: the checks accept either, then settle it).
 */
export class Acks {
  readonly images = new Tracked<Image>('image', (id) => this.titles.delete(id));
  /** The title each live image was last acknowledged with, and a caption change in flight. */
  readonly titles = new Map<string, string>();
  captionInFlight: { id: string; title: string } | undefined;
  order: string[] = [];
  orderInFlight: string[] | undefined;
  price = 80_000;
  nextPrice = 100_000;
  /** Settings saves carry a rate and a phone made from the same number: both or neither. */
  rate = 4021;
  nextRate = 5_000;
  readonly enquiries = new Set<string>();
  /** Messages the owner marked answered (acknowledged). */
  readonly answered = new Set<string>();
  readonly blocks = new Tracked<true>('block');
  seasonPrice: number | undefined;
  nextSeasonPrice = 300_000;
  feedsSent = 0;
  /** Feeds whose sync was acknowledged, with the sync time the answer gave. */
  readonly synced = new Map<string, string>();
  readonly feeds = new Tracked<true>('feed', (id) => this.synced.delete(id));
  /** Bookings by id, with the last state the server acknowledged for each. */
  readonly bookings = new Map<string, 'solicitada' | 'aceptada' | 'confirmada'>();
  bookingsSent = 0;
  /** Every acknowledged write, whatever its path. */
  count = 0;

  /** Checks the data a restart found against what was acknowledged, then settles what was in flight. */
  check(data: Data): void {
    expect([this.price, this.nextPrice - 1]).toContain(data.price.precio);
    this.price = data.price.precio;
    expect([this.rate, this.nextRate - 1]).toContain(data.settings.copPerUsd);
    if (data.settings.copPerUsd !== 4021) expect(data.settings.phone).toBe(phoneFor(data.settings.copPerUsd));
    this.rate = data.settings.copPerUsd;
    this.checkImages(data);
    this.checkCalendar(data);
    const enquiryIds = new Set(data.enquiries.map((e) => e.id));
    for (const id of this.enquiries) expect(enquiryIds.has(id), `acknowledged enquiry ${id}`).toBe(true);
    for (const id of this.answered) {
      expect(data.enquiries.find((e) => e.id === id)?.status, `answered message ${id}`).toBe('respondida');
    }
    this.checkBookings(data);
  }

  /**
   * Every acknowledged transition is there, and each transition is stored with its e-mails:
   * never one without the other (they are one save).
   */
  private checkBookings(data: Data) {
    const order = ['solicitada', 'aceptada', 'confirmada'];
    const byId = new Map(data.bookings.map((b) => [b.id, b]));
    for (const [id, state] of this.bookings) {
      const stored = byId.get(id);
      expect(stored, `acknowledged booking ${id}`).toBeDefined();
      expect(order.indexOf(stored!.state), `state of booking ${id}`).toBeGreaterThanOrEqual(order.indexOf(state));
      this.bookings.set(id, stored!.state as 'solicitada' | 'aceptada' | 'confirmada');
    }
    const mails = new Map<string, string[]>();
    for (const m of data.outbox) mails.set(m.bookingId, [...(mails.get(m.bookingId) ?? []), m.kind]);
    for (const b of data.bookings) {
      const kinds = (mails.get(b.id) ?? []).sort();
      const expected = ['guest-received', 'owner-new-request'];
      if (b.history.some((h) => h.state === 'aceptada')) expected.push('guest-accepted');
      if (b.history.some((h) => h.state === 'confirmada')) expected.push('guest-confirmed');
      // Every payment the owner records also tells the owner (the other app, the alerts).
      for (let i = 0; i < b.payments.length; i++) expected.push('owner-payment');
      expect(kinds, `e-mails of booking ${b.id} (${b.history.map((h) => h.state).join(' → ')})`).toEqual(
        expected.sort(),
      );
    }
  }

  private checkImages(data: Data) {
    const ids = new Set(data.images.map((i) => i.id));
    this.images.check(ids);
    for (const img of data.images) {
      const acked = this.titles.get(img.id);
      if (acked === undefined) continue;
      const inFlight = this.captionInFlight?.id === img.id ? this.captionInFlight.title : undefined;
      expect([acked, inFlight], `caption of ${img.id}`).toContain(img.title);
      this.titles.set(img.id, img.title);
    }
    this.captionInFlight = undefined;
    // Positions missing on disk are computed at load, the same way every time.
    assignImagePositions(data);
    const stored = data.images
      .filter((i) => i.status === 'published')
      .sort((a, b) => a.position! - b.position!)
      .map((i) => i.id);
    // Photos deleted or added since an order was set do not change the order of the others.
    const follows = (order: readonly string[]) =>
      stored.filter((id) => order.includes(id)).join() === order.filter((id) => ids.has(id)).join();
    expect(
      follows(this.order) || (this.orderInFlight !== undefined && follows(this.orderInFlight)),
      'acknowledged photo order',
    ).toBe(true);
    this.order = stored;
    this.orderInFlight = undefined;
  }

  private checkCalendar(data: Data) {
    this.blocks.check(new Set(data.calendar.blocks.map((b) => b.id)));
    const stored = data.calendar.seasons[0]?.pricePerPerson;
    const inFlight = this.nextSeasonPrice - 1;
    if (this.seasonPrice === undefined) expect([undefined, inFlight]).toContain(stored);
    else expect([this.seasonPrice, inFlight]).toContain(stored);
    this.seasonPrice = stored;
    const feeds = new Map(data.calendar.feeds.map((f) => [f.id, f]));
    this.feeds.check(new Set(feeds.keys()));
    for (const [id, at] of this.synced) {
      const feed = feeds.get(id)!;
      expect(feed.lastSyncAt! >= at, `acknowledged sync of feed ${id}`).toBe(true);
      expect(feed.events.length, `events of the synced feed ${id}`).toBeGreaterThan(0);
    }
  }
}

/** The store's temporary files (a collection file or journal being replaced) in `db/`. */
export async function storeTempFiles(dataDir: string): Promise<string[]> {
  const names = await readdir(join(dataDir, DB_DIR)).catch(() => []);
  return names.filter((n) => n.endsWith('.tmp'));
}

/**
 * The folder's files against the data: no record without its files, always; after a start-up
 * that finished (`swept`), also nothing a crash left over. `leftovers` are the store's temporary
 * files the kill left (taken before the start): none may remain. A temporary file of another
 * name is the new process's own write in flight (a compaction starts beside the start-up).
 */
export async function checkFolder(
  dataDir: string,
  data: Data,
  swept: boolean,
  leftovers: readonly string[] = [],
): Promise<void> {
  if (swept) {
    expect(await readdir(join(dataDir, '.staging'))).toEqual([]);
    expect(await readdir(join(dataDir, '.uploads'))).toEqual([]);
    const ids = data.images.map((i) => i.id);
    expect((await readdir(join(dataDir, 'images'))).sort()).toEqual(ids.sort());
    expect((await storeTempFiles(dataDir)).filter((n) => leftovers.includes(n))).toEqual([]);
    expect((await readdir(dataDir)).filter((n) => n.startsWith('.db-') || n.endsWith('.tmp'))).toEqual([]);
  }
  for (const img of data.images) {
    expect((await readdir(join(dataDir, 'images', img.id))).sort()).toEqual([...img.files].sort());
    // The largest variant is written last: a whole one says the others were too.
    const last = img.files.at(-1)!;
    expect((await sharp(join(dataDir, 'images', img.id, last)).metadata()).width).toBeGreaterThan(0);
  }
}

interface WriterContext {
  url: string;
  auth: Record<string, string>;
  acks: Acks;
  stop: { now: boolean };
  photo: Buffer;
  feedServer: FeedServer;
  label: string;
}

type Writer = (c: WriterContext, uploaded: ReturnType<typeof signal>) => Promise<void>;

function sender(c: WriterContext) {
  return (method: string, path: string, body?: unknown, headers = c.auth) =>
    fetch(`${c.url}/api${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch(() => undefined);
}

const idOf = async (res: Response) => ((await res.json().catch(() => ({}))) as { id?: string }).id;

/** Each writer loops until stopped or until the server stops answering (killed). */
const WRITERS: Record<WritePath, Writer> = {
  async upload(c, uploaded) {
    await Promise.all(
      Array.from({ length: 2 }, async () => {
        while (!c.stop.now) {
          const fd = new FormData();
          fd.set('image', new Blob([c.photo], { type: 'image/jpeg' }), 'foto.jpg');
          fd.set('title', c.label);
          const res = await fetch(`${c.url}/api/imagenes/upload`, { method: 'POST', headers: c.auth, body: fd }).catch(
            () => undefined,
          );
          if (res?.status !== 201) return;
          const img = (await res.json().catch(() => undefined)) as Image | undefined;
          if (!img) return;
          c.acks.images.live.set(img.id, img);
          c.acks.titles.set(img.id, img.title);
          c.acks.count++;
          uploaded.fire();
        }
      }),
    );
  },
  async delete(c, uploaded) {
    const send = sender(c);
    while (!c.stop.now) {
      const victim = c.acks.images.live.size > 2 ? [...c.acks.images.live.keys()][0] : undefined;
      if (!victim) {
        await uploaded.next();
        continue;
      }
      if (!(await c.acks.images.remove(victim, () => send('DELETE', API_PATHS.deleteImage({ id: victim }))))) return;
      c.acks.count++;
    }
  },
  async caption(c, uploaded) {
    const send = sender(c);
    for (let n = 0; !c.stop.now; n++) {
      const id = [...c.acks.images.live.keys()].at(-1);
      if (!id) {
        await uploaded.next();
        continue;
      }
      const title = `${c.label}, título ${n}`;
      c.acks.captionInFlight = { id, title };
      const res = await send('PATCH', API_PATHS.updateImage({ id }), { title });
      if (res?.status === 404) continue;
      if (res?.status !== 200) return;
      c.acks.titles.set(id, title);
      c.acks.captionInFlight = undefined;
      c.acks.count++;
      await delay(20);
    }
  },
  async order(c, uploaded) {
    const send = sender(c);
    while (!c.stop.now) {
      const list = await send('GET', API_PATHS.listImages);
      if (list?.status !== 200) return;
      const ids = ((await list.json()) as Image[]).map((i) => i.id);
      if (ids.length < 2) {
        await uploaded.next();
        continue;
      }
      const order = [...ids.slice(1), ids[0]!];
      c.acks.orderInFlight = order;
      const res = await send('PUT', API_PATHS.setImageOrder, { ids: order });
      // A photo added or deleted since the list was read: the server refuses, nothing changes.
      if (res?.status === 400) continue;
      if (res?.status !== 200) return;
      c.acks.order = order;
      c.acks.orderInFlight = undefined;
      c.acks.count++;
      await delay(50);
    }
  },
  async price(c) {
    const send = sender(c);
    while (!c.stop.now) {
      const value = c.acks.nextPrice++;
      if ((await send('PATCH', API_PATHS.setPrice, { precio: value }))?.status !== 200) return;
      c.acks.price = value;
      c.acks.count++;
    }
  },
  async settings(c) {
    const send = sender(c);
    while (!c.stop.now) {
      const rate = c.acks.nextRate++;
      if ((await send('PATCH', API_PATHS.updateSettings, { copPerUsd: rate, phone: phoneFor(rate) }))?.status !== 200)
        return;
      c.acks.rate = rate;
      c.acks.count++;
    }
  },
  /** Contact messages, every other one marked answered by the admin. */
  async enquiry(c) {
    const send = sender(c);
    for (let i = 0; !c.stop.now; i++, await delay(50)) {
      const token = await send('GET', API_PATHS.getFormToken, undefined, {});
      const formToken = ((await token?.json().catch(() => ({}))) as { token?: string } | undefined)?.token;
      if (!formToken) return;
      // Contact messages (the old reservation form is gone: issue 33); every other one the owner answers.
      const body = {
        name: 'Prueba de caídas',
        email: 'crash@example.com',
        consent: true,
        formToken,
        type: 'contacto',
        message: `Mensaje ${i} de la prueba de caídas.`,
      };
      const sent = await send('POST', API_PATHS.sendEnquiry, body, {});
      if (sent?.status !== 201) return;
      const id = await idOf(sent);
      if (!id) return;
      c.acks.enquiries.add(id);
      c.acks.count++;
      if (i % 2 === 1) continue;
      if ((await send('PATCH', API_PATHS.setEnquiryStatus({ id }), { status: 'respondida' }))?.status !== 200) return;
      c.acks.answered.add(id);
      c.acks.count++;
    }
  },
  /** Booking requests that the owner accepts and then confirms with the deposit. */
  async booking(c) {
    const send = sender(c);
    const today = todayAtCabin();
    for (; !c.stop.now; await delay(50)) {
      const token = await send('GET', API_PATHS.getFormToken, undefined, {});
      const formToken = ((await token?.json().catch(() => ({}))) as { token?: string } | undefined)?.token;
      if (!formToken) return;
      // Far from the enquiries' nights and from each other: accepting is never a conflict.
      const checkIn = addDays(today, 900 + 3 * c.acks.bookingsSent++);
      const sent = await send(
        'POST',
        API_PATHS.requestBooking,
        {
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
      const code = ((await sent.json().catch(() => ({}))) as { code?: string }).code;
      const list = await send('GET', API_PATHS.listBookings);
      const all = (await list?.json().catch(() => [])) as { id: string; code: string }[] | undefined;
      const id = all?.find((b) => b.code === code)?.id;
      if (!id) return;
      c.acks.bookings.set(id, 'solicitada');
      c.acks.count++;
      const accepted = await send('POST', API_PATHS.acceptBooking({ id }), {});
      if (accepted?.status !== 200) return;
      c.acks.bookings.set(id, 'aceptada');
      c.acks.count++;
      const deposit = ((await accepted.json().catch(() => ({}))) as { price?: { deposit?: number } }).price?.deposit;
      const paid = await send('POST', API_PATHS.recordPayment({ id }), {
        amount: deposit,
        method: 'transferencia',
        date: today,
      });
      if (paid?.status !== 200) return;
      c.acks.bookings.set(id, 'confirmada');
      c.acks.count++;
    }
  },
  async block(c) {
    const send = sender(c);
    const today = todayAtCabin();
    while (!c.stop.now) {
      await delay(50);
      const block = await send('POST', API_PATHS.addBlock, {
        start: addDays(today, 200),
        end: addDays(today, 202),
      });
      if (block?.status !== 201) return;
      const blockId = await idOf(block);
      if (blockId) c.acks.blocks.live.set(blockId, true);
      c.acks.count++;
      const victim = c.acks.blocks.live.size > 2 ? [...c.acks.blocks.live.keys()][0] : undefined;
      if (!victim) continue;
      if (!(await c.acks.blocks.remove(victim, () => send('DELETE', API_PATHS.deleteBlock({ id: victim }))))) return;
      c.acks.count++;
    }
  },
  /**
   * Feeds as the panel adds, syncs and removes them, read from a local feed server. Each new
   * feed's first import runs in the background: one more save racing the kill.
   */
  async feed(c) {
    const send = sender(c);
    while (!c.stop.now) {
      const n = c.acks.feedsSent++;
      const path = `/canal-${n}.ics`;
      c.feedServer.set(path, { body: feedFixture(n % 2 === 0 ? 'airbnb' : 'booking') });
      const feed = await send('POST', API_PATHS.addFeed, {
        name: `Canal ${n}`,
        url: `${c.feedServer.url}${path}`,
      });
      if (feed?.status !== 201) return;
      const feedId = await idOf(feed);
      if (!feedId) return;
      c.acks.feeds.live.set(feedId, true);
      c.acks.count++;
      const synced = await send('POST', API_PATHS.syncFeed({ id: feedId }));
      if (synced?.status !== 200) return;
      const { lastSyncAt } = (await synced.json()) as { lastSyncAt: string };
      c.acks.synced.set(feedId, lastSyncAt);
      c.acks.count++;
      // The oldest of the server's list: also a feed whose creation a kill left unacknowledged.
      const list = await send('GET', API_PATHS.listFeeds);
      if (list?.status !== 200) return;
      const feeds = (await list.json()) as { id: string }[];
      const gone = feeds.length > 2 ? feeds[0]!.id : undefined;
      if (!gone) continue;
      if (!(await c.acks.feeds.remove(gone, () => send('DELETE', API_PATHS.deleteFeed({ id: gone }))))) return;
      c.acks.count++;
    }
  },
  async season(c) {
    const send = sender(c);
    const today = todayAtCabin();
    while (!c.stop.now) {
      const price = c.acks.nextSeasonPrice++;
      const season = {
        name: 'Temporada alta',
        start: addDays(today, 30),
        end: addDays(today, 60),
        pricePerPerson: price,
        minNights: 1,
      };
      if ((await send('PUT', API_PATHS.setSeasons, { seasons: [season] }))?.status !== 200) return;
      c.acks.seasonPrice = price;
      c.acks.count++;
      await delay(50);
    }
  },
};

/** Signs in as the desktop app does; undefined when the server died meanwhile (a crash point). */
export async function signIn(url: string): Promise<Record<string, string> | undefined> {
  const login = await fetch(`${url}/api${API_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@test.local', password: CRASH_PASSWORD, token: true }),
  }).catch(() => undefined);
  if (!login) return undefined;
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/**
 * Runs the chosen writers until `stop.now` and they see it, or until the server dies. `firstAck`
 * resolves at the first acknowledged upload (or at once without uploads).
 */
export function runWriters(
  c: WriterContext,
  paths: readonly WritePath[],
): { done: Promise<void>; firstUpload: Promise<void>; wake(): void } {
  const uploaded = signal();
  const firstUpload = paths.includes('upload') ? uploaded.next() : Promise.resolve();
  const done = Promise.all(paths.map((p) => WRITERS[p](c, uploaded))).then(() => undefined);
  return { done, firstUpload, wake: () => uploaded.fire() };
}
