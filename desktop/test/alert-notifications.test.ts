import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { createDesktopService } from '../electron/lib/desktop-service';
import { createIpcHandlers } from '../electron/lib/ipc-handlers';
import { startTestServer, type TestServer } from '../../test-support/server';
import { bookingRequestBody } from '../../test-support/bookings';
import { createFakeSafeStorage } from './helpers/fake-safe-storage';
import { tempDir } from './helpers/temp';
import { storeOldReservation } from '../../test-support/old-reservations';

/** Electron replaced: what main shows (notifications) and sets (the badge) is recorded. */
const electron = vi.hoisted(() => {
  const state = {
    shown: [] as { title: string; body: string }[],
    badges: [] as number[],
    clicks: [] as (() => void)[],
  };
  class Notification {
    static isSupported = () => true;
    constructor(private readonly options: { title: string; body: string }) {}
    on(event: string, fn: () => void) {
      if (event === 'click') state.clicks.push(fn);
    }
    show() {
      state.shown.push({ ...this.options });
    }
  }
  const app = {
    setBadgeCount: (n: number) => {
      state.badges.push(n);
      return true;
    },
  };
  return { state, module: { app, Notification } };
});
vi.mock('electron', () => ({ ...electron.module, default: electron.module }));

const { startAlertNotifications } = await import('../electron/main/alerts');

describe('desktop alerts: polled through the generic API call, shown natively', () => {
  let server: TestServer;
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
    electron.state.shown.length = 0;
    electron.state.badges.length = 0;
  });
  afterEach(() => cleanup());

  /** A new request of the old reservation form (archived in Consultas, issue 33): an alert until answered. */
  async function request(name: string) {
    const today = todayAtCabin(new Date(server.clock.now()));
    return storeOldReservation(server, { name, checkIn: addDays(today, 20), checkOut: addDays(today, 23) });
  }

  it('notifies each new request once, keeps the badge at the count, clears it when signed out', async () => {
    const service = createDesktopService({ userDataDir: dir, safeStorage: createFakeSafeStorage(), pushIntervalMs: 0 });
    await service.init();
    await service.setServer(server.url);
    const handlers = createIpcHandlers(service);
    const window = {
      isDestroyed: () => false,
      isMinimized: () => true,
      restore: vi.fn(),
      show: vi.fn(),
      focus: vi.fn(),
    };
    const poller = startAlertNotifications({
      call: (name) => Promise.resolve(handlers.apiCall({ name })),
      window: () => window as never,
      // The test polls by hand.
      intervalMs: 3_600_000,
    });
    try {
      // Signed out: nothing shown, no badge.
      await poller.poll();
      expect(electron.state.shown).toEqual([]);
      expect(electron.state.badges.at(-1)).toBe(0);

      const first = await request('Lucía Fernández');
      await service.login(server.admin.email, server.admin.password);
      // What was waiting at sign-in: one summary, and the badge.
      await poller.poll();
      expect(electron.state.shown).toEqual([
        { title: '1 aviso espera tu respuesta', body: expect.stringContaining('Lucía Fernández') as string },
      ]);
      expect(electron.state.badges.at(-1)).toBe(1);

      await request('Bruno Díaz');
      // Stored directly, two requests can share a millisecond: the alerts' order needs them apart.
      server.clock.advance(1000);
      await request('Carmen Ruiz');
      await poller.poll();
      expect(electron.state.shown.slice(1).map((n) => [n.title, n.body.split(':')[0]])).toEqual([
        ['Nueva solicitud de reserva', 'Bruno Díaz'],
        ['Nueva solicitud de reserva', 'Carmen Ruiz'],
      ]);
      expect(electron.state.badges.at(-1)).toBe(3);
      await poller.poll();
      expect(electron.state.shown).toHaveLength(3);

      // A booking request made through /api/reservas (the booking lifecycle) is notified the same way.
      const booked = await fetch(`${server.apiUrl}/reservas`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(await bookingRequestBody(server, 40, 2, { name: 'Diego Mora' })),
      });
      expect(booked.status).toBe(201);
      await poller.poll();
      expect(electron.state.shown.slice(3)).toEqual([
        { title: 'Nueva solicitud de reserva', body: expect.stringMatching(/^Diego Mora: del /) as string },
      ]);
      expect(electron.state.badges.at(-1)).toBe(4);
      const bookings = (await handlers.apiCall({ name: 'listBookings', input: {} })) as { id: string }[];
      await handlers.apiCall({ name: 'declineBooking', input: { id: bookings[0]!.id, reason: 'Fechas ocupadas' } });
      await poller.poll();
      expect(electron.state.shown).toHaveLength(4);
      expect(electron.state.badges.at(-1)).toBe(3);

      // Answered in the panel: the count goes down, nothing new is shown.
      await handlers.apiCall({ name: 'setEnquiryStatus', input: { id: first, status: 'respondida' } });
      await poller.poll();
      expect(electron.state.shown).toHaveLength(4);
      expect(electron.state.badges.at(-1)).toBe(2);

      // A click brings the window up.
      electron.state.clicks.at(-1)!();
      expect(window.restore).toHaveBeenCalled();
      expect(window.focus).toHaveBeenCalled();

      await service.logout();
      await poller.poll();
      expect(electron.state.badges.at(-1)).toBe(0);
      expect(electron.state.shown).toHaveLength(4);
    } finally {
      poller.stop();
    }
  });
});
