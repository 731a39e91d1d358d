import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BookingSchema, OutboxSchema, type Booking } from '@cabana/shared/domain/schemas/booking';
import { addDays, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { initialData } from '../src/db/store';
import { readDataFolder, SPLIT_COLLECTIONS } from '../src/db/folder';
import type { Data } from '../src/db/schema';
import { startTestServer, type TestServer } from '../fixtures/server';
import { startSmtpServer } from '../../test-support/smtp';
import { readStoredData, writeStoredData } from '../../test-support/data-folder';
import { readError, readJson } from '../../test-support/json';
import { bookingRequestBody } from '../../test-support/bookings';
import { bookingId, storedBooking, storedMail } from '../fixtures/booking-records';
import { openTestStore } from './helpers/store';
import { bearer, json } from './helpers/http';

/** Issue 28, item 1: the cost of a request, an e-mail and an owner's action does not grow with history. */
const dirs: string[] = [];
const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
async function tempDir() {
  const d = await mkdtemp(join(tmpdir(), 'cabana-scale-'));
  dirs.push(d);
  return d;
}

const DAY = 24 * 3_600_000;
const BookingListSchema = z.array(BookingSchema);

/** A data folder with `bookings` stored bookings (in final states) and twice as many sent e-mails. */
async function folderWith(bookings: number, extra: (data: Data) => void = () => undefined): Promise<string> {
  const dir = await tempDir();
  const now = Date.now();
  const data = initialData();
  data.seeded = true;
  data.bookings = Array.from({ length: bookings }, (_, i) => storedBooking(i, now, 'rechazada', bookings - i));
  data.outbox = Array.from({ length: bookings * 2 }, (_, i) => storedMail(i, now));
  extra(data);
  await writeStoredData(dir, data);
  return dir;
}

async function serverOn(dataDir: string, env: Record<string, string> = {}): Promise<TestServer> {
  const s = await startTestServer({ dataDir, env });
  servers.push(s);
  return s;
}

/** The journal's lines after its header: the files each save wrote and removed. */
async function journalEntries(dataDir: string): Promise<{ bytes: number; files: string[]; gone: string[] }[]> {
  const lines = (await readFile(join(dataDir, 'db', 'journal'), 'utf8')).split('\n').slice(1, -1);
  return lines.map((line) => {
    const entry = JSON.parse(line.slice(17)) as { files: Record<string, unknown>; gone: string[] };
    return { bytes: Buffer.byteLength(line) + 1, files: Object.keys(entry.files).sort(), gone: entry.gone };
  });
}

async function request(s: TestServer, inDays: number, over: Record<string, unknown> = {}) {
  return json(s, 'POST', '/reservas', await bookingRequestBody(s, inDays, 2, over), { origin: s.url });
}

describe('bookings and the outbox on disk', () => {
  it('one booking request, and the owner accepting it, append the same bytes with 40 or 4,000 stored bookings and 80 or 8,000 e-mails', async () => {
    const appended: number[] = [];
    for (const n of [40, 4_000]) {
      const s = await serverOn(await folderWith(n));
      const res = await request(s, 20);
      expect(res.status).toBe(201);
      const last = (await journalEntries(s.dataDir)).at(-1)!;
      // The new booking joins the last bookings file, its two e-mails the last outbox file.
      expect(last.files.filter((f) => f.startsWith('bookings.'))).toHaveLength(1);
      expect(last.files.filter((f) => f.startsWith('outbox.'))).toHaveLength(1);
      appended.push(last.bytes);
      // The owner accepting it writes the same two files (the booking's, its e-mail's).
      const { code } = (await res.json()) as { code: string };
      const id = s.running.deps.store.view.bookings.find((b) => b.code === code)!.id;
      expect((await json(s, 'POST', `/reservas/${id}/aceptar`, {}, bearer(await s.loginToken()))).status).toBe(200);
      const accepted = (await journalEntries(s.dataDir)).at(-1)!;
      const ours = (files: string[]) => files.filter((f) => /^(bookings|outbox)\./.test(f));
      expect(ours(accepted.files)).toEqual(ours(last.files));
      expect(accepted.bytes).toBeLessThan(200_000);
      await s.close();
      servers.splice(0);
    }
    // Whole files of 50 records either way: the line does not grow with what is stored.
    expect(appended[1]!).toBeLessThan(appended[0]! * 1.5);
    expect(appended[1]!).toBeLessThan(200_000);
  });

  it('splits bookings and outbox kept in one file each (an earlier layout) at start, and reads both layouts alike', async () => {
    const dir = await tempDir();
    const now = Date.now();
    const data = initialData();
    data.bookings = Array.from({ length: 120 }, (_, i) => storedBooking(i, now, 'completada'));
    data.outbox = Array.from({ length: 130 }, (_, i) => storedMail(i, now));
    // The layout of an earlier version: one file per collection, a journal that changed the outbox last.
    const db = join(dir, 'db');
    await mkdir(db, { mode: 0o700 });
    for (const [key, value] of Object.entries(data)) {
      const stored: unknown = key === 'outbox' ? data.outbox.slice(0, 100) : value;
      await writeFile(join(db, `${key}.json`), JSON.stringify(stored));
    }
    const payload = `{"seq":1,"files":{"outbox.json":${JSON.stringify(data.outbox)}},"gone":[]}`;
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(payload).digest('hex').slice(0, 16);
    await writeFile(join(db, 'journal'), `${JSON.stringify({ journal: 1, gen: 1 })}\n${hash} ${payload}\n`);
    // What an interrupted split left beside the single file: ignored, then removed.
    await writeFile(join(db, 'outbox.1.json'), JSON.stringify([storedMail(999, now)]));
    await writeFile(join(db, 'outbox.9.json'), JSON.stringify([storedMail(998, now)]));

    const before = (await readDataFolder(dir))!;
    expect(before.outbox).toEqual(data.outbox);
    expect(before.bookings).toEqual(data.bookings);

    const store = await openTestStore(dir);
    expect(store.view.outbox).toEqual(data.outbox);
    await store.close();
    const files = (await readdir(db)).sort();
    expect(files.filter((f) => f.startsWith('outbox') || f.startsWith('bookings'))).toEqual([
      'bookings.1.json',
      'bookings.2.json',
      'bookings.3.json',
      'outbox.1.json',
      'outbox.2.json',
      'outbox.3.json',
    ]);
    expect(JSON.parse(await readFile(join(db, 'outbox.3.json'), 'utf8'))).toHaveLength(
      130 - 2 * SPLIT_COLLECTIONS.outbox!,
    );
    expect(await readDataFolder(dir)).toEqual(before);

    // A change to one booking writes its file only.
    const again = await openTestStore(dir);
    again.data.bookings.find((b) => b.id === bookingId(70))!.name = 'Otro nombre';
    await again.save();
    await again.close();
    expect((await readDataFolder(dir))!.bookings[70]!.name).toBe('Otro nombre');
  });

  it('marks an outbox drained after an outage in batches: a few saves for 60 e-mails, each of few files', async () => {
    const smtp = await startSmtpServer();
    try {
      const now = Date.now();
      const dir = await folderWith(500, (data) => {
        for (let i = 0; i < 60; i++) data.outbox.push(storedMail(2_000 + i, now, false));
      });
      const s = await serverOn(dir, { SMTP_URL: smtp.url });
      await smtp.waitFor(60);
      await s.running.deps.outbox.kick();
      expect(s.running.deps.store.view.outbox.filter((m) => m.sentAt === null)).toEqual([]);
      const marks = (await journalEntries(dir)).filter((e) => e.files.some((f) => f.startsWith('outbox.')));
      // 25 marks a save (one message per save before: 60 saves of the whole outbox).
      expect(marks.length).toBeLessThanOrEqual(3);
      for (const m of marks) expect(m.files.length).toBeLessThanOrEqual(3);
    } finally {
      await smtp.close();
    }
  });

  it('prunes e-mails sent more than 30 days ago, removing the files that held only those', async () => {
    const smtp = await startSmtpServer();
    try {
      const dir = await folderWith(100);
      const s = await serverOn(dir, { SMTP_URL: smtp.url });
      await s.running.deps.outbox.kick();
      expect(s.running.deps.store.view.outbox).toHaveLength(200);
      const before = (await journalEntries(dir)).length;
      // The e-mails were sent over the last 100 minutes: 31 days on, all of them are past their retention.
      s.clock.advance(31 * DAY);
      await s.running.deps.outbox.kick();
      expect(s.running.deps.store.view.outbox).toEqual([]);
      const prune = (await journalEntries(dir)).slice(before);
      expect(prune).toHaveLength(1);
      expect(prune[0]!.gone.sort()).toEqual(['outbox.1.json', 'outbox.2.json', 'outbox.3.json', 'outbox.4.json']);
      expect((await readStoredData(dir)).outbox).toEqual([]);
    } finally {
      await smtp.close();
    }
  });
});

describe('requests never pile up', () => {
  const owner = async (s: TestServer) => bearer(await s.loginToken());

  it('lapses requests unanswered for requestExpiryDays or whose check-in came, telling only guests who look human', async () => {
    const s = await serverOn(await tempDir());
    const admin = await owner(s);
    expect((await json(s, 'PATCH', '/ajustes', { requestExpiryDays: 5 }, admin)).status).toBe(200);
    const human = (await (await request(s, 30)).json()) as { code: string };
    const suspect = (await (await request(s, 40, { formToken: '' })).json()) as { code: string };
    const soon = (await (await request(s, 2, { email: 'pronto@example.com' })).json()) as { code: string };
    const bookings = s.running.deps.bookings;
    expect(await bookings.expireRequests()).toBe(0);

    // On its check-in day a request may still be accepted; the day after, it lapsed; the others still wait.
    s.clock.advance(2 * DAY);
    expect(await bookings.expireRequests()).toBe(0);
    s.clock.advance(DAY);
    expect(await bookings.expireRequests()).toBe(1);
    const state = () => new Map(s.running.deps.store.view.bookings.map((b) => [b.code, b.state]));
    expect(state().get(soon.code)).toBe('vencida');
    expect(state().get(human.code)).toBe('solicitada');

    // Five days after they came: the rest lapse, in one save.
    s.clock.advance(2 * DAY + 60_000);
    expect(await bookings.expireRequests()).toBe(2);
    expect(state().get(human.code)).toBe('vencida');
    expect(state().get(suspect.code)).toBe('vencida');
    const lapsedMail = s.running.deps.store.view.outbox.filter((m) => m.kind === 'guest-request-expired');
    expect(lapsedMail.map((m) => m.code).sort()).toEqual([human.code, soon.code].sort());
    expect(lapsedMail.find((m) => m.code === human.code)!.subject).toContain('venció');
    const b = s.running.deps.store.view.bookings.find((x) => x.code === suspect.code)!;
    expect(b.history.at(-1)).toMatchObject({ state: 'vencida', by: 'sistema' });
    expect(await bookings.expireRequests()).toBe(0);
  });

  it('refuses a requestExpiryDays out of range with a Spanish 400', async () => {
    const s = await serverOn(await tempDir());
    const admin = await owner(s);
    for (const bad of [0, 61, 2.5, '7']) {
      const res = await json(s, 'PATCH', '/ajustes', { requestExpiryDays: bad }, admin);
      expect(res.status).toBe(400);
      expect((await readError(res)).error).toMatch(/día|número/);
    }
  });

  it('caps stored requests (PENDING_BOOKINGS_MAX): a Spanish 429 with Retry-After, room again once the owner deletes one', async () => {
    const s = await serverOn(await tempDir(), { PENDING_BOOKINGS_MAX: '2' });
    expect((await request(s, 20)).status).toBe(201);
    expect((await request(s, 30)).status).toBe(201);
    const full = await request(s, 40);
    expect(full.status).toBe(429);
    expect(full.headers.get('retry-after')).toBe('3600');
    expect((await readError(full)).error).toContain('demasiadas solicitudes');
    expect(s.running.deps.store.view.bookings).toHaveLength(2);
    const admin = await owner(s);
    const first = s.running.deps.store.view.bookings[0]!.id;
    expect((await json(s, 'POST', '/reservas/eliminar', { ids: [first] }, admin)).status).toBe(200);
    expect((await request(s, 40)).status).toBe(201);
  });

  it('deletes requests and ended bookings in bulk without an e-mail; refuses the rest and then deletes nothing', async () => {
    const smtp = await startSmtpServer();
    try {
      const s = await serverOn(await tempDir(), { SMTP_URL: smtp.url });
      const admin = await owner(s);
      const codes: string[] = [];
      for (const days of [20, 30, 40, 50, 60])
        codes.push(((await (await request(s, days)).json()) as { code: string }).code);
      await s.running.deps.outbox.kick();
      const idOf = (code: string) => s.running.deps.store.view.bookings.find((b) => b.code === code)!.id;
      const [a, b, c, d, e] = codes.map(idOf) as [string, string, string, string, string];
      // c declined; d held; e held, paid, then cancelled (money recorded).
      expect((await json(s, 'POST', `/reservas/${c}/rechazar`, { reason: 'Fechas ocupadas' }, admin)).status).toBe(200);
      expect((await json(s, 'POST', `/reservas/${d}/aceptar`, {}, admin)).status).toBe(200);
      expect((await json(s, 'POST', `/reservas/${e}/aceptar`, {}, admin)).status).toBe(200);
      const paid = await json(
        s,
        'POST',
        `/reservas/${e}/pagos`,
        { amount: 10_000, method: 'nequi', date: '2026-11-01' },
        admin,
      );
      expect(paid.status).toBe(200);
      expect((await json(s, 'POST', `/reservas/${e}/cancelar`, { reason: 'Cambio de planes' }, admin)).status).toBe(
        200,
      );
      await s.running.deps.outbox.kick();
      const mailsBefore = smtp.messages.length;
      const stored = () => s.running.deps.store.view.bookings.map((x) => x.id).sort();
      const all = stored();

      const refusals: [unknown, number, RegExp][] = [
        [{ ids: [] }, 400, /al menos una/],
        [{ ids: Array.from({ length: 201 }, (_, i) => `x${i}`) }, 400, /como máximo 200/],
        [{ ids: 'todas' }, 400, /./],
        [{ ids: [a], extra: true }, 400, /./],
        [{ ids: [a, 'NOEXISTE00000000'] }, 404, /No encontramos esa reserva/],
        [{ ids: [a, d] }, 409, /Solo se borran solicitudes y reservas terminadas sin pagos registrados/],
        [{ ids: [a, e] }, 409, /sin pagos registrados.*No se pueden borrar: [A-Z0-9]+\.$/],
      ];
      for (const [body, status, message] of refusals) {
        const res = await json(s, 'POST', '/reservas/eliminar', body, admin);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect((await readError(res)).error).toMatch(message);
        expect(stored()).toEqual(all);
      }
      expect((await json(s, 'POST', '/reservas/eliminar', { ids: [a] })).status).toBe(401);

      const res = await json(s, 'POST', '/reservas/eliminar', { ids: [a, b, c, a] }, admin);
      expect(res.status).toBe(200);
      expect(await readJson(res, z.object({ deleted: z.number() }))).toEqual({ deleted: 3 });
      expect(stored()).toEqual([d, e].sort());
      expect(s.running.deps.store.view.outbox.filter((m) => [a, b, c].includes(m.bookingId))).toEqual([]);
      await s.running.deps.outbox.kick();
      expect(smtp.messages.length).toBe(mailsBefore);
      // Gone from the disk too, and from the journal's text once it is compacted.
      const data = await readStoredData(s.dataDir);
      expect(data.bookings.map((x) => x.id).sort()).toEqual([d, e].sort());
    } finally {
      await smtp.close();
    }
  });
});

describe('the owner’s list of bookings (GET /api/reservas) pages', () => {
  it('answers 50 newest first by default, then the next pages by offset; limit and state narrow it; bad paging is a 400', async () => {
    const now = Date.now();
    const dir = await folderWith(0, (data) => {
      data.bookings = Array.from({ length: 120 }, (_, i) =>
        storedBooking(i, now, i % 3 === 0 ? 'solicitada' : 'rechazada', 120 - i),
      );
    });
    const s = await serverOn(dir);
    const admin = bearer(await s.loginToken());
    const page = async (query: string) => {
      const res = await json(s, 'GET', `/reservas${query}`, undefined, admin);
      expect(res.status).toBe(200);
      return (await readJson(res, BookingListSchema)).map((b: Booking) => b.id);
    };
    const newest = Array.from({ length: 120 }, (_, i) => bookingId(119 - i));
    expect(await page('')).toEqual(newest.slice(0, 50));
    expect(await page('?offset=50')).toEqual(newest.slice(50, 100));
    expect(await page('?offset=100')).toEqual(newest.slice(100));
    expect(await page('?offset=120')).toEqual([]);
    expect(await page('?limit=200')).toEqual(newest);
    expect(await page('?limit=5&offset=10')).toEqual(newest.slice(10, 15));
    const requests = newest.filter((id) => Number(id.slice(1)) % 3 === 0);
    expect(await page('?estado=solicitada&limit=10&offset=10')).toEqual(requests.slice(10, 20));
    for (const bad of ['?limit=0', '?limit=201', '?offset=-1', '?limit=abc', '?offset=1.5']) {
      const res = await json(s, 'GET', `/reservas${bad}`, undefined, admin);
      expect(res.status, bad).toBe(400);
      expect((await readError(res)).error).toMatch(/página|desplazamiento/);
    }
    // The outbox answers the same as before.
    expect(await readJson(await json(s, 'GET', '/correos', undefined, admin), OutboxSchema)).toMatchObject({
      entries: [],
    });
  });
});

describe('the owner’s list of bookings: search and order (issue 33)', () => {
  it('finds a name, code or e-mail in any case and without accents, orders by arrival, and refuses bad values with a 400', async () => {
    const now = Date.now();
    const today = todayAtCabin(new Date(now));
    const stay = (b: Booking, inDays: number) => {
      b.checkIn = addDays(today, inDays);
      b.checkOut = addDays(b.checkIn, 2);
      return b;
    };
    const dir = await folderWith(0, (data) => {
      data.bookings = [
        // Oldest request, arriving last; a past stay; the newest request, arriving soonest.
        stay({ ...storedBooking(0, now, 'solicitada', 300), name: 'Julián Pérez' }, 40),
        stay({ ...storedBooking(1, now, 'completada', 200), email: 'ana.maria@correo.example' }, -20),
        stay(storedBooking(2, now, 'confirmada', 100), 5),
        stay(storedBooking(3, now, 'completada', 250), -60),
      ];
    });
    const s = await serverOn(dir);
    const admin = bearer(await s.loginToken());
    const ids = async (query: string) => {
      const res = await json(s, 'GET', `/reservas${query}`, undefined, admin);
      expect(res.status, query).toBe(200);
      return (await readJson(res, BookingListSchema)).map((b: Booking) => b.id);
    };
    // By arrival: stays ahead soonest first, then past ones latest first. Newest first stays the default.
    expect(await ids('?orden=llegada')).toEqual([bookingId(2), bookingId(0), bookingId(1), bookingId(3)]);
    expect(await ids('')).toEqual([bookingId(2), bookingId(1), bookingId(3), bookingId(0)]);
    expect(await ids('?orden=recientes')).toEqual(await ids(''));
    // Search: the name without its accent, part of an e-mail, a code in lower case.
    expect(await ids(`?q=${encodeURIComponent('PEREZ')}`)).toEqual([bookingId(0)]);
    expect(await ids('?q=ana.maria')).toEqual([bookingId(1)]);
    expect(await ids(`?q=${storedBooking(3, now, 'completada').code.toLowerCase()}`)).toEqual([bookingId(3)]);
    expect(await ids('?q=nadie')).toEqual([]);
    // With the state and the order together.
    expect(await ids('?estado=completada&orden=llegada')).toEqual([bookingId(1), bookingId(3)]);
    expect(await ids('?estado=completada&orden=llegada&offset=1&limit=1')).toEqual([bookingId(3)]);
    expect(await ids('?estado=completada&q=ana.maria')).toEqual([bookingId(1)]);
    expect(await ids('?estado=solicitada&q=ana.maria')).toEqual([]);
    expect(await ids('?estado=confirmada&orden=recientes')).toEqual([bookingId(2)]);
    for (const [bad, message] of [
      ['?estado=pagada', /Elige un estado de reserva válido/],
      ['?estado=', /Elige un estado de reserva válido/],
      ['?orden=precio', /Ordena por/],
      [`?q=${'x'.repeat(101)}`, /100 caracteres/],
    ] as const) {
      const res = await json(s, 'GET', `/reservas${bad}`, undefined, admin);
      expect(res.status, bad).toBe(400);
      expect((await readError(res)).error).toMatch(message);
    }
  });
});
