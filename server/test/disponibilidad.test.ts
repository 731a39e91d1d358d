import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityWindowEnd } from '@cabana/shared/domain/availability/calendar-window';
import { todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { STAY_MESSAGES } from '@cabana/shared/domain/pricing/seasons';
import { AvailabilitySchema } from '@cabana/shared/domain/schemas/availability';
import { QuoteSchema } from '@cabana/shared/domain/schemas/quote';
import { SeasonsSchema, type Seasons } from '@cabana/shared/domain/schemas/season';
import { CalendarSchema } from '@cabana/shared/domain/schemas/calendar';
import { startTestServer, type TestServer } from '../../test-support/server';
import { bearer, formToken, json, sameSite } from './helpers/http';
import { day } from './helpers/ical-feeds';
import { readError, readJson, WithIdSchema } from '../../test-support/json';
import { EnquirySchema } from '@cabana/shared/domain/schemas/enquiry';
import { readStoredData, writeStoredData } from '../../test-support/data-folder';
import { storeOldReservation } from '../../test-support/old-reservations';
import { BookingSchema } from '@cabana/shared/domain/schemas/booking';

/** A booking request (POST /api/reservas): the old reservation form of /consultas is gone (issue 33). */
const reservation = (formToken: string, checkIn: string, checkOut: string, name = 'María Pérez') => ({
  name,
  email: 'maria@example.com',
  phone: '+57 300 123 4567',
  checkIn,
  checkOut,
  numPeople: 4,
  message: '',
  consent: true,
  formToken,
});

async function inboxSize(s: TestServer, tok: string): Promise<number> {
  return (await readJson(await json(s, 'GET', '/reservas?limit=200', undefined, bearer(tok)), BookingSchema.array()))
    .length;
}

async function blocked(s: TestServer, from: string, to: string) {
  const res = await json(s, 'GET', `/disponibilidad?from=${from}&to=${to}`);
  expect(res.status).toBe(200);
  return AvailabilitySchema.parse(await res.json()).blocked;
}

const alta = (over: Record<string, unknown> = {}) => ({
  name: 'Temporada alta',
  start: day(30),
  end: day(40),
  pricePerPerson: 120_000,
  minNights: 3,
  ...over,
});
const santa = (over: Record<string, unknown> = {}) => ({
  name: 'Semana Santa',
  start: day(40),
  end: day(47),
  pricePerPerson: 150_000,
  minNights: 4,
  ...over,
});

describe('availability, seasons, quotes and reservations over HTTP', () => {
  let s: TestServer;
  let tok: string;
  beforeAll(async () => {
    s = await startTestServer({ env: { ICAL_SYNC_MINUTES: '0' } });
    tok = await s.loginToken();
  });
  afterAll(() => s.close());

  it('answers availability for a default window of about a year, and for a given one', async () => {
    const res = await json(s, 'GET', '/disponibilidad');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const today = todayAtCabin();
    expect(await res.json()).toEqual({ from: today, to: availabilityWindowEnd(today), blocked: [] });
    expect((await readJson(await json(s, 'GET', `/disponibilidad?from=${day(5)}`), AvailabilitySchema)).to).toBe(
      availabilityWindowEnd(day(5)),
    );
  });

  it.each([
    ['an impossible date', '?from=2027-02-30'],
    ['a made-up format', '?from=mañana'],
    ['to before from', `?from=${day(10)}&to=${day(5)}`],
    ['an empty window', `?from=${day(10)}&to=${day(10)}`],
    ['a window of several years', `?from=${day(0)}&to=${day(5000)}`],
    ['a repeated parameter', `?from=${day(1)}&from=${day(2)}`],
    ['a year out of range', '?from=9999-01-01'],
  ])('refuses availability for %s with a Spanish 400', async (_name, query) => {
    const res = await json(s, 'GET', `/disponibilidad${query}`);
    expect(res.status).toBe(400);
    const body = await readError(res);
    expect(body.code).toBe('VALIDATION');
    expect(body.error).toMatch(/fecha|posterior|máximo|Revisa|válid/i);
  });

  it('serves the base price and minimum before any season exists', async () => {
    const res = await json(s, 'GET', '/temporadas');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ base: { pricePerPerson: 80_000, minNights: 1 }, seasons: [] });
  });

  it('replaces the seasons as admin; refuses bad lists with the message beside the field and keeps the old ones', async () => {
    expect((await json(s, 'PUT', '/temporadas', { seasons: [alta()] })).status).toBe(401);
    const cookie = await s.loginCookie();
    expect(
      (await json(s, 'PUT', '/temporadas', { seasons: [alta()] }, { cookie, origin: 'https://evil.example' })).status,
    ).toBe(403);

    const ok = await json(
      s,
      'PUT',
      '/temporadas',
      { seasons: [santa(), alta()], baseMinNights: 2 },
      sameSite(s, cookie),
    );
    expect(ok.status).toBe(200);
    const saved: Seasons = SeasonsSchema.parse(await ok.json());
    expect(saved.base).toEqual({ pricePerPerson: 80_000, minNights: 2 });
    expect(saved.seasons.map((x) => x.name)).toEqual(['Temporada alta', 'Semana Santa']);
    for (const x of saved.seasons) expect(x.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await (await json(s, 'GET', '/temporadas')).json()).toEqual(saved);

    const cases: Array<[string, unknown, string]> = [
      ['overlap', { seasons: [alta(), santa({ start: day(39) })] }, 'seasons.1.start'],
      ['end equal to start', { seasons: [alta({ end: day(30) })] }, 'seasons.0.end'],
      ['end before start', { seasons: [alta({ end: day(20) })] }, 'seasons.0.end'],
      ['price under the bounds', { seasons: [alta({ pricePerPerson: 999 })] }, 'seasons.0.pricePerPerson'],
      ['price over the bounds', { seasons: [alta({ pricePerPerson: 5_000_001 })] }, 'seasons.0.pricePerPerson'],
      ['price with decimals', { seasons: [alta({ pricePerPerson: 100_000.5 })] }, 'seasons.0.pricePerPerson'],
      ['price as text', { seasons: [alta({ pricePerPerson: '120000' })] }, 'seasons.0.pricePerPerson'],
      ['minimum nights 0', { seasons: [alta({ minNights: 0 })] }, 'seasons.0.minNights'],
      ['base minimum 0', { seasons: [], baseMinNights: 0 }, 'baseMinNights'],
      ['no name', { seasons: [alta({ name: ' ' })] }, 'seasons.0.name'],
      ['a bad date', { seasons: [alta({ start: '2027-02-30' })] }, 'seasons.0.start'],
      ['an unknown field', { seasons: [alta({ color: 'rojo' })] }, 'seasons.0.color'],
    ];
    for (const [name, body, field] of cases) {
      const res = await json(s, 'PUT', '/temporadas', body, bearer(tok));
      expect(res.status, name).toBe(400);
      const err = await readError(res);
      expect(err.code, name).toBe('VALIDATION');
      expect(Object.keys(err.fields ?? { _: err.error }), name).toContain(field);
      expect(err.fields?.[field], name).toMatch(/[a-záéíóúñ]/i);
    }
    expect(
      (await json(s, 'PUT', '/temporadas', '[', { ...bearer(tok), 'content-type': 'application/json' })).status,
    ).toBe(400);
    expect(await (await json(s, 'GET', '/temporadas')).json()).toEqual(saved);

    // Editing keeps an id that is sent back.
    const edited = await json(
      s,
      'PUT',
      '/temporadas',
      { seasons: [{ ...alta({ pricePerPerson: 125_000 }), id: saved.seasons[0]!.id }, santa()], baseMinNights: 1 },
      bearer(tok),
    );
    expect(edited.status).toBe(200);
    const after = SeasonsSchema.parse(await edited.json());
    expect(after.seasons[0]).toEqual({ ...saved.seasons[0], pricePerPerson: 125_000 });
    expect(after.base.minNights).toBe(1);
  });

  it('quotes a stay across the base price and two seasons, night by night', async () => {
    const res = await json(s, 'GET', `/cotizacion?checkIn=${day(38)}&checkOut=${day(48)}&numPeople=4`);
    expect(res.status).toBe(200);
    const q = QuoteSchema.parse(await res.json());
    expect(q.nights).toBe(10);
    expect(q.nightly.map((n) => n.pricePerPerson)).toEqual([
      125_000, 125_000, 150_000, 150_000, 150_000, 150_000, 150_000, 150_000, 150_000, 80_000,
    ]);
    expect(q.nightly[0]!.date).toBe(day(38));
    expect(q.nightly.at(-1)!.date).toBe(day(47));
    expect(q.total).toBe(4 * (2 * 125_000 + 7 * 150_000 + 80_000));
    expect(q.minNights).toBe(4);
    expect(q.available).toBe(true);
    expect(q.problems).toEqual([]);
    expect(q.breakdown.map((p) => [p.name, p.nights, p.subtotal])).toEqual([
      ['Temporada alta', 2, 4 * 2 * 125_000],
      ['Semana Santa', 7, 4 * 7 * 150_000],
      ['Tarifa base', 1, 4 * 80_000],
    ]);

    const short = QuoteSchema.parse(
      await (await json(s, 'GET', `/cotizacion?checkIn=${day(41)}&checkOut=${day(43)}&numPeople=2`)).json(),
    );
    expect(short.minNights).toBe(4);
    expect(short.problems).toEqual([STAY_MESSAGES.minNights(4)]);
    const past = QuoteSchema.parse(
      await (await json(s, 'GET', `/cotizacion?checkIn=${day(-3)}&checkOut=${day(-1)}&numPeople=2`)).json(),
    );
    expect(past.problems).toEqual(['La fecha de llegada no puede estar en el pasado.']);
  });

  it.each([
    ['no parameters', ''],
    ['people as text', `?checkIn=${day(5)}&checkOut=${day(7)}&numPeople=cuatro`],
    ['people over capacity', `?checkIn=${day(5)}&checkOut=${day(7)}&numPeople=99`],
    ['checkout before check-in', `?checkIn=${day(7)}&checkOut=${day(5)}&numPeople=2`],
    ['a bad date', `?checkIn=2027-13-01&checkOut=${day(5)}&numPeople=2`],
    ['a stay of more than a year', `?checkIn=${day(5)}&checkOut=${day(400)}&numPeople=2`],
  ])('refuses a quote with %s (400)', async (_name, query) => {
    const res = await json(s, 'GET', `/cotizacion${query}`);
    expect(res.status).toBe(400);
    expect((await readError(res)).code).toBe('VALIDATION');
  });

  it('refuses a reservation on a blocked night with 409 and one shorter than the minimum with 400, storing nothing', async () => {
    const block = await json(
      s,
      'POST',
      '/calendario/bloqueos',
      { start: day(10), end: day(13), note: 'Arreglos' },
      bearer(tok),
    );
    expect(block.status).toBe(201);
    const before = await inboxSize(s, tok);

    const token = await formToken(s);
    const taken = await json(s, 'POST', '/reservas', reservation(token, day(12), day(15)));
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: STAY_MESSAGES.unavailable, code: 'CONFLICT' });

    const short = await json(s, 'POST', '/reservas', reservation(token, day(31), day(33)));
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({
      error: STAY_MESSAGES.minNights(3),
      fields: { checkOut: STAY_MESSAGES.minNights(3) },
    });
    expect(await inboxSize(s, tok)).toBe(before);

    // The same form (its token was not spent) goes through with free dates: checkout on the
    // block's first night and check-in on its checkout day are both fine.
    const before1 = await json(s, 'POST', '/reservas', reservation(token, day(8), day(10)));
    expect(before1.status).toBe(201);
    const after1 = await json(s, 'POST', '/reservas', reservation(await formToken(s), day(13), day(15)));
    expect(after1.status).toBe(201);
    expect(await inboxSize(s, tok)).toBe(before + 2);
  });

  it('confirming blocks the nights (409 when taken meanwhile); cancelling frees them', async () => {
    // Requests of the old reservation form, archived in Consultas (issue 33).
    const post = (checkIn: string, checkOut: string, name: string) =>
      storeOldReservation(s, { checkIn, checkOut, name });
    const a = await post(day(20), day(24), 'Ana');
    const b = await post(day(22), day(26), 'Beto');

    const confirmA = await json(s, 'PATCH', `/consultas/${a}`, { status: 'confirmada' }, bearer(tok));
    expect(confirmA.status).toBe(200);
    expect((await readJson(confirmA, EnquirySchema)).status).toBe('confirmada');
    expect(await blocked(s, day(18), day(28))).toEqual([{ start: day(20), end: day(24) }]);
    // Confirming again changes nothing and is not a conflict with itself.
    expect((await json(s, 'PATCH', `/consultas/${a}`, { status: 'confirmada' }, bearer(tok))).status).toBe(200);

    const confirmB = await json(s, 'PATCH', `/consultas/${b}`, { status: 'confirmada' }, bearer(tok));
    expect(confirmB.status).toBe(409);
    expect((await readError(confirmB)).error).toMatch(/ocupada/);
    const inbox = await readJson(await json(s, 'GET', '/consultas', undefined, bearer(tok)), EnquirySchema.array());
    expect(inbox.find((e) => e.id === b)?.status).toBe('nueva');

    // A new visitor cannot ask for those nights any more.
    expect((await json(s, 'POST', '/reservas', reservation(await formToken(s), day(23), day(25)))).status).toBe(409);

    const calendar = CalendarSchema.parse(await (await json(s, 'GET', '/calendario', undefined, bearer(tok))).json());
    expect(calendar.entries).toContainEqual({ id: a, start: day(20), end: day(24), source: 'directa', label: 'Ana' });

    const cancelA = await json(s, 'PATCH', `/consultas/${a}`, { status: 'cancelada' }, bearer(tok));
    expect(cancelA.status).toBe(200);
    expect(await blocked(s, day(18), day(28))).toEqual([]);
    expect((await json(s, 'PATCH', `/consultas/${b}`, { status: 'confirmada' }, bearer(tok))).status).toBe(200);
    expect(await blocked(s, day(18), day(28))).toEqual([{ start: day(22), end: day(26) }]);
  });

  it('confirms reservations only, not contact messages', async () => {
    const contact = await json(s, 'POST', '/consultas', {
      type: 'contacto',
      name: 'Juan',
      email: 'juan@example.com',
      message: '¿Tienen parqueadero?',
      consent: true,
      formToken: await formToken(s),
    });
    const { id } = await readJson(contact, WithIdSchema);
    const res = await json(s, 'PATCH', `/consultas/${id}`, { status: 'confirmada' }, bearer(tok));
    expect(res.status).toBe(400);
    expect((await readError(res)).error).toMatch(/reserva/);
    expect((await json(s, 'PATCH', `/consultas/${id}`, { status: 'cancelada' }, bearer(tok))).status).toBe(200);
  });
});

describe('a data file from before the calendar', () => {
  it('still loads, and gets an export link that stays the same across restarts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cabana-old-data-'));
    try {
      let s = await startTestServer({ dataDir, env: { ICAL_SYNC_MINUTES: '0' } });
      await s.close();
      const data = (await readStoredData(dataDir)) as Record<string, unknown> & { enquiries: unknown[] };
      delete data.calendar;
      data.enquiries.push({
        type: 'contacto',
        id: 'AAAAAAAAAAAAAAAA',
        name: 'Antigua',
        email: 'antigua@example.com',
        message: 'De antes',
        status: 'respondida',
        createdAt: '2026-01-01T00:00:00.000Z',
        consentAt: '2026-01-01T00:00:00.000Z',
        policyVersion: '2026-11-01',
      });
      await writeStoredData(dataDir, data);

      const urls: string[] = [];
      for (let i = 0; i < 2; i++) {
        s = await startTestServer({ dataDir, env: { ICAL_SYNC_MINUTES: '0' } });
        // On disk from the start, before any other write could have carried it there.
        const onDisk = await readStoredData(dataDir);
        expect(onDisk.calendar.exportToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
        const tok = await s.loginToken();
        expect(await (await json(s, 'GET', '/temporadas')).json()).toEqual({
          base: { pricePerPerson: 80_000, minNights: 1 },
          seasons: [],
        });
        const cal = CalendarSchema.parse(await (await json(s, 'GET', '/calendario', undefined, bearer(tok))).json());
        urls.push(new URL(cal.exportUrl).pathname);
        expect((await fetch(cal.exportUrl)).status).toBe(200);
        await s.close();
      }
      expect(urls[0]).toMatch(/^\/api\/calendario\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
      expect(urls[1]).toBe(urls[0]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
