import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar, CalendarEntry, Feed } from '@cabana/shared/domain/schemas/calendar';
import type { Seasons } from '@cabana/shared/domain/schemas/season';
import { createDesktopService, COPY_UNAVAILABLE } from '../electron/lib/desktop-service';
import { createIpcHandlers } from '../electron/lib/ipc-handlers';
import { INVALID_ARGS } from '../electron/main/ipc';
import type { BridgeResult } from '../contract/ipc';
import { createFakeSafeStorage } from './helpers/fake-safe-storage';
import { apiCaller, ipcCaller, registerOnFakeIpcMain } from './helpers/ipc';
import { tempDir } from './helpers/temp';
import { startTestServer, type TestServer } from '../../test-support/server';
import { day, feedFixture, startFeedServer, type FeedServer } from '../../test-support/ical-feeds';
import { storeOldReservation } from '../../test-support/old-reservations';

const INVALID = { ok: false, error: { status: 400, code: 'VALIDATION', message: INVALID_ARGS } };

function value<T>(result: BridgeResult<unknown>): T {
  if (!result.ok) throw new Error(`IPC call failed: ${JSON.stringify(result.error)}`);
  return result.value as T;
}

describe('desktop calendar, feeds, seasons and reservations through api:call against the real server', () => {
  let server: TestServer;
  let channels: FeedServer;
  let cleanup: () => Promise<void>;
  let call: ReturnType<typeof ipcCaller>;
  let api: ReturnType<typeof apiCaller>;
  const clipboard: string[] = [];

  beforeAll(async () => {
    channels = await startFeedServer();
    channels.set('/airbnb.ics', { body: feedFixture('airbnb') });
    server = await startTestServer({ env: { ICAL_ALLOW_PRIVATE_HOSTS: 'true', ICAL_SYNC_MINUTES: '0' } });
    let dir: string;
    ({ dir, cleanup } = await tempDir());
    const service = createDesktopService({
      userDataDir: path.join(dir, 'userData'),
      safeStorage: createFakeSafeStorage(),
      pushIntervalMs: 0,
      writeClipboard: (text) => clipboard.push(text),
    });
    await service.init();
    await service.setServer(server.url);
    const handles = registerOnFakeIpcMain(createIpcHandlers(service));
    call = ipcCaller(handles);
    api = apiCaller(handles);
    value(await call('login', { email: server.admin.email, password: server.admin.password }));
  });
  afterAll(async () => {
    await server?.close();
    await channels?.close();
    await cleanup?.();
  });

  it('adds a feed, syncs it, keeps its nights and records the error when it fails, removes it', async () => {
    expect(await api('addFeed', { name: '', url: 'ftp://x' })).toMatchObject({
      ok: false,
      error: {
        status: 400,
        fields: {
          name: 'Escribe un nombre para la fuente (por ejemplo, Airbnb).',
          url: 'Pega una dirección de calendario que empiece por https:// o http://.',
        },
      },
    });
    const feed = value<Feed>(await api('addFeed', { name: 'Airbnb', url: `${channels.url}/airbnb.ics` }));
    expect(feed.exportUrl).toMatch(/\/api\/calendario\/ical\/[\w-]{43}\.ics$/);
    const synced = value<Feed>(await api('syncFeed', { id: feed.id }));
    expect(synced.lastSyncAt).not.toBeNull();
    const imported = (c: Calendar) => c.entries.filter((e) => e.source === feed.id).map((e) => [e.start, e.end]);
    expect(imported(value<Calendar>(await api('getCalendar')))).toContainEqual([day(20), day(24)]);

    channels.set('/airbnb.ics', { status: 500, body: 'oops', type: 'text/plain' });
    const failed = await api('syncFeed', { id: feed.id });
    expect(failed).toMatchObject({ ok: false, error: { status: 502, code: 'FEED_UNREADABLE' } });
    const after = value<Calendar>(await api('getCalendar'));
    expect(imported(after)).toContainEqual([day(20), day(24)]);
    expect(after.feeds[0]?.lastError).toEqual(expect.any(String));

    // The export URL onto the clipboard through main; nothing but a web address is accepted.
    expect(await call('copyText', { text: feed.exportUrl })).toEqual({ ok: true, value: undefined });
    expect(clipboard).toEqual([feed.exportUrl]);
    expect(await call('copyText', { text: 'rm -rf ~' })).toEqual(INVALID);
    expect(await call('copyText', { text: 'javascript:alert(1)' })).toEqual(INVALID);

    expect(await api('deleteFeed', { id: feed.id })).toEqual({ ok: true, value: undefined });
    expect(value<Calendar>(await api('getCalendar')).feeds).toEqual([]);
  });

  it('adds and removes a manual block, with the server’s field message', async () => {
    expect(await api('addBlock', { start: day(30), end: day(29), note: '' })).toMatchObject({
      ok: false,
      error: { status: 400, fields: { end: 'El bloqueo debe terminar después de su inicio.' } },
    });
    // The row's own rules, checked in main with the server's messages: a note must be text.
    expect(await api('addBlock', { start: day(30), end: day(32), note: 42 })).toEqual({
      ok: false,
      error: {
        status: 400,
        code: 'VALIDATION',
        message: 'La nota debe ser texto.',
        fields: { note: 'La nota debe ser texto.' },
      },
    });
    expect(await call('apiCall', { name: 'addBlock', input: [day(30), day(32)] })).toEqual(INVALID);
    const block = value<CalendarEntry>(await api('addBlock', { start: day(30), end: day(32), note: 'Pintura' }));
    expect(block).toMatchObject({ start: day(30), end: day(32), source: 'manual', label: 'Pintura' });
    expect(value<Calendar>(await api('getCalendar')).entries.map((e) => e.id)).toContain(block.id);
    expect(await api('deleteBlock', { id: block.id })).toEqual({ ok: true, value: undefined });
    expect(value<Calendar>(await api('getCalendar')).entries.map((e) => e.id)).not.toContain(block.id);
  });

  it('saves seasons; a mistyped number gets the server’s message beside its field', async () => {
    const season = (name: string, start: number, end: number, pricePerPerson: number) => ({
      name,
      start: day(start),
      end: day(end),
      pricePerPerson,
      minNights: 2,
    });
    expect(
      await api('setSeasons', {
        seasons: [season('Alta', 100, 110, 120_000), season('Puente', 105, 112, 90_000)],
        baseMinNights: 1,
      }),
    ).toMatchObject({
      ok: false,
      error: { status: 400, fields: { 'seasons.1.start': 'Se cruza con «Alta»: las temporadas no pueden solaparse.' } },
    });
    expect(
      await api('setSeasons', { seasons: [season('Alta', 100, 110, Number.NaN)], baseMinNights: 1 }),
    ).toMatchObject({
      ok: false,
      error: { status: 400, fields: { 'seasons.0.pricePerPerson': 'El precio debe ser un número.' } },
    });
    const saved = value<Seasons>(
      await api('setSeasons', { seasons: [season('Alta', 100, 110, 120_000)], baseMinNights: 2 }),
    );
    expect(saved).toMatchObject({ base: { minNights: 2 }, seasons: [{ name: 'Alta', pricePerPerson: 120_000 }] });
    expect(value<Seasons>(await api('getSeasons'))).toEqual(saved);
  });

  it('confirms and cancels a reservation, and answers 409 when a night is taken', async () => {
    // Requests of the old reservation form, archived in Consultas (issue 33).
    const enquiry = (checkIn: string, checkOut: string) =>
      storeOldReservation(server, { name: 'Marta Gómez', checkIn, checkOut });

    const free = await enquiry(day(70), day(73));
    const taken = await enquiry(day(80), day(83));
    value(await api('addBlock', { start: day(81), end: day(82), note: '' }));
    expect(await api('setEnquiryStatus', { id: free, status: 'confirmada' })).toMatchObject({
      ok: true,
      value: { status: 'confirmada' },
    });
    const direct = value<Calendar>(await api('getCalendar')).entries.filter((e) => e.source === 'directa');
    expect(direct.map((e) => [e.start, e.end])).toEqual([[day(70), day(73)]]);
    expect(await api('setEnquiryStatus', { id: taken, status: 'confirmada' })).toMatchObject({
      ok: false,
      error: { status: 409, message: 'No se puede confirmar: alguna de las noches de esta reserva ya está ocupada.' },
    });
    expect(await api('setEnquiryStatus', { id: free, status: 'cancelada' })).toMatchObject({
      ok: true,
      value: { status: 'cancelada' },
    });
    expect(value<Calendar>(await api('getCalendar')).entries.some((e) => e.source === 'directa')).toBe(false);
  });

  it('says so when this build has no clipboard', async () => {
    const { dir, cleanup: done } = await tempDir();
    try {
      const bare = createDesktopService({ userDataDir: dir, safeStorage: createFakeSafeStorage() });
      expect(() => bare.copyText('https://example.com/a.ics')).toThrow(COPY_UNAVAILABLE);
    } finally {
      await done();
    }
  });
});
