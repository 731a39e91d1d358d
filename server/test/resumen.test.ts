import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { addDays, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import { AlertsSchema, OverviewSchema, type Overview } from '@cabana/shared/domain/schemas/overview';
import { BookingSchema, OutboxSchema, RequestedBookingSchema } from '@cabana/shared/domain/schemas/booking';
import type { Enquiry } from '@cabana/shared/domain/schemas/enquiry';
import { computeAlerts } from '../src/overview/alerts';
import { computeOverview } from '../src/overview/overview';
import { EMPTY_TEXTS, type OverviewBooking, type OverviewInput } from '../src/overview/overview-model';
import { startTestServer, type TestServer } from '../../test-support/server';
import { readError, readJson } from '../../test-support/json';
import { storeOldReservation } from '../../test-support/old-reservations';
import { bearer, json } from './helpers/http';
import { bookingRequestBody, uploadReceipt } from '../../test-support/bookings';

/** Wednesday 18 March 2026, 10:00 at the cabin (UTC-5). */
const NOW = Date.parse('2026-03-18T15:00:00Z');

const reserva = (
  id: string,
  status: Enquiry['status'],
  createdAt: string,
  checkIn: string,
  checkOut: string,
): Enquiry => ({
  type: 'reserva',
  id,
  status,
  createdAt,
  name: `Huésped ${id}`,
  email: `${id}@example.com`,
  phone: '+57 300 000 0000',
  checkIn,
  checkOut,
  numPeople: 4,
  message: '',
  consentAt: createdAt,
  policyVersion: '1',
});

const range = (id: string, source: string, start: string, end: string, label = `Estadía ${id}`) => ({
  id,
  source,
  start,
  end,
  label,
  stampedAt: '2025-01-01T00:00:00Z',
});

/** Hand-made data whose figures were worked out by hand (see each expectation). */
const INPUT: OverviewInput = {
  enquiries: [
    reserva('e1', 'nueva', '2026-03-17T14:00:00Z', '2026-04-16', '2026-04-19'), // lead 30 days
    reserva('e2', 'confirmada', '2026-03-02T20:00:00Z', '2026-03-12', '2026-03-14'), // lead 10
    // 23:00 on Sunday 4 January at the cabin (already Monday 5 in UTC): lead 20, first of the 12 weeks.
    reserva('e3', 'respondida', '2026-01-05T04:00:00Z', '2026-01-24', '2026-01-26'),
    reserva('e4', 'nueva', '2025-12-20T12:00:00Z', '2026-01-09', '2026-01-11'), // before the 12 weeks; lead 20
    reserva('e6', 'cancelada', '2025-01-10T12:00:00Z', '2025-02-01', '2025-02-03'), // over a year ago
    {
      type: 'contacto',
      id: 'e5',
      status: 'nueva',
      createdAt: '2026-03-18T12:00:00Z',
      name: 'Marta',
      email: 'marta@example.com',
      message: '¿Aceptan mascotas?',
      consentAt: '2026-03-18T12:00:00Z',
      policyVersion: '1',
    },
  ],
  ranges: [
    range('b1', 'booking1', '2025-02-27', '2025-03-02'), // 1 night in the window (2025-03-01)
    range('d1', 'directa', '2026-02-26', '2026-03-03'), // 3 nights in February, 2 in March
    range('a1', 'airbnb1', '2026-03-10', '2026-03-14', 'Ana'),
    range('m1', 'manual', '2026-03-12', '2026-03-16', 'Pintura'), // overlaps a1 on the 12th and 13th
    range('a2', 'airbnb1', '2026-03-20', '2026-03-25', 'Bruno'),
    range('d2', 'directa', '2027-02-25', '2027-03-05'), // 4 nights in the last month shown
  ],
  feeds: [
    { id: 'airbnb1', name: 'Airbnb', lastError: null },
    { id: 'booking1', name: 'Booking.com', lastError: 'El servidor respondió 404.' },
  ],
  pendingImages: [{ id: 'p1', title: 'Atardecer', created_at: '2026-03-16T12:00:00Z', uploaded_by: 'Sofía' }],
};

/** A month of the nights chart, as the overview answers it. */
const month = (name: string, days: number, bySource: Record<string, number>, taken: number, occupancy: number) => ({
  month: name,
  days,
  bySource,
  taken,
  occupancy,
});

describe('the overview, from hand-made data', () => {
  const o = OverviewSchema.parse(computeOverview(INPUT, NOW));

  it('counts nights per month by source, and occupancy over distinct nights', () => {
    expect(o.today).toBe('2026-03-18');
    expect(o.nights.sources.map((s) => s.id)).toEqual(['directa', 'airbnb1', 'booking1', 'manual']);
    expect(o.nights.past.map((m) => m.month)).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(o.nights.next[0]!.month).toBe('2026-03');
    expect(o.nights.next[11]!.month).toBe('2027-02');
    expect(o.nights.past[0]).toEqual(month('2025-03', 31, { booking1: 1 }, 1, 3));
    expect(o.nights.past[11]).toEqual(month('2026-02', 28, { directa: 3 }, 3, 11));
    // 2 direct + 9 Airbnb + 4 blocked, 13 distinct of 31 nights.
    expect(o.nights.next[0]).toEqual(month('2026-03', 31, { directa: 2, airbnb1: 9, manual: 4 }, 13, 42));
    expect(o.nights.next[11]).toEqual(month('2027-02', 28, { directa: 4 }, 4, 14));
    expect(o.nights.next.slice(1, 11).every((m) => m.taken === 0 && m.occupancy === 0)).toBe(true);
  });

  it('counts requests per week at the cabin’s time, and how many were confirmed', () => {
    expect(o.requests.weeks).toHaveLength(12);
    expect(o.requests.weeks[0]).toEqual({ weekStart: '2025-12-29', requests: 1, confirmed: 0 });
    expect(o.requests.weeks[9]).toEqual({ weekStart: '2026-03-02', requests: 1, confirmed: 1 });
    expect(o.requests.weeks[11]).toEqual({ weekStart: '2026-03-16', requests: 1, confirmed: 0 });
    expect(o.requests.total).toBe(3);
    expect(o.requests.confirmed).toBe(1);
  });

  it('averages the stay (blocks left out) and the lead time', () => {
    // d1 5, a1 4, a2 5, d2 8 nights; b1 arrived before the charts' months.
    expect(o.stays).toEqual({ count: 4, averageNights: 5.5, leadCount: 4, averageLeadDays: 20 });
  });

  it('lists what needs attention, each with the section that handles it', () => {
    const group = (key: string) => o.attention.find((g) => g.key === key)!;
    expect(o.attention.map((g) => g.key)).toEqual([
      'solicitudes',
      'dinero',
      'conflictos',
      'pagos',
      'llegadas',
      'registro',
      'fuentes',
      'fotos',
      'correos',
      'opiniones',
    ]);
    expect(group('solicitudes').items.map((i) => [i.id, i.link])).toEqual([
      ['e1', 'consultas'],
      ['e4', 'consultas'],
      ['e5', 'consultas'],
    ]);
    expect(group('pagos')).toMatchObject({ available: false, items: [], empty: EMPTY_TEXTS.noBookings });
    expect(group('llegadas').items.map((i) => [i.id, i.due, i.title, i.detail, i.link])).toEqual([
      ['a2:llegada', '2026-03-20', 'Llega Bruno', 'Airbnb', 'calendario'],
      ['a2:salida', '2026-03-25', 'Se va Bruno', 'Airbnb', 'calendario'],
    ]);
    expect(group('fuentes').items).toEqual([
      { id: 'booking1', title: 'Booking.com', detail: 'El servidor respondió 404.', due: null, link: 'calendario' },
    ]);
    expect(group('fotos').items.map((i) => [i.id, i.detail, i.link])).toEqual([
      ['p1', 'Enviada por Sofía', 'pendientes'],
    ]);
    expect(group('correos')).toMatchObject({ available: false, items: [], empty: EMPTY_TEXTS.noOutbox });
  });

  it('says revenue needs direct bookings instead of showing made-up figures', () => {
    expect(o.revenue.available).toBe(false);
    expect(o.revenue.empty).toBe(EMPTY_TEXTS.noRevenue);
    expect(o.revenue.months).toHaveLength(24);
    expect(o.revenue.months.every((m) => m.expected === 0 && m.received === 0)).toBe(true);
  });
});

describe('the overview with direct bookings (issue 21 plugs in here)', () => {
  const booking = (b: Partial<OverviewBooking> & Pick<OverviewBooking, 'id' | 'state' | 'checkIn' | 'checkOut'>) => ({
    name: `Cliente ${b.id}`,
    people: 4,
    total: 1_000_000,
    depositDue: 300_000,
    depositReceived: 0,
    balanceReceived: 0,
    createdAt: '2026-03-10T15:00:00Z',
    confirmedAt: null,
    holdUntil: null,
    ...b,
  });
  const bookings: OverviewBooking[] = [
    booking({
      id: 'k1',
      state: 'confirmada',
      checkIn: '2026-04-03',
      checkOut: '2026-04-06',
      total: 1_200_000,
      depositDue: 360_000,
      depositReceived: 360_000,
    }),
    booking({
      id: 'k2',
      state: 'aceptada',
      checkIn: '2026-05-01',
      checkOut: '2026-05-03',
      total: 800_000,
      depositDue: 240_000,
      holdUntil: '2026-03-20T15:00:00Z',
    }),
    booking({
      id: 'k3',
      state: 'solicitada',
      checkIn: '2026-06-01',
      checkOut: '2026-06-04',
      createdAt: '2026-03-18T13:00:00Z',
      holdUntil: '2026-03-19T13:00:00Z',
    }),
    booking({ id: 'k4', state: 'rechazada', checkIn: '2026-07-01', checkOut: '2026-07-04' }),
  ];
  const o = computeOverview({ ...INPUT, bookings, unsentEmails: [] }, NOW);

  it('adds their nights, money, requests and what is due', () => {
    expect(o.nights.next[1]).toMatchObject({ month: '2026-04', bySource: { directa: 3 }, taken: 3, occupancy: 10 });
    // Held (accepted, waiting for the deposit) nights are taken too.
    expect(o.nights.next[2]).toMatchObject({ month: '2026-05', bySource: { directa: 2 }, taken: 2 });
    expect(o.revenue.available).toBe(true);
    expect(o.revenue.months.find((m) => m.month === '2026-04')).toEqual({
      month: '2026-04',
      expected: 1_200_000,
      received: 360_000,
    });
    expect(o.revenue.months.find((m) => m.month === '2026-05')).toEqual({
      month: '2026-05',
      expected: 800_000,
      received: 0,
    });
    expect(o.revenue.months.find((m) => m.month === '2026-07')).toEqual({ month: '2026-07', expected: 0, received: 0 });
    const pagos = o.attention.find((g) => g.key === 'pagos')!;
    expect(pagos.available).toBe(true);
    expect(pagos.items.map((i) => [i.id, i.title, i.due])).toEqual([
      ['k2', 'Depósito de Cliente k2', '2026-03-20T15:00:00Z'],
      ['k1', 'Saldo de Cliente k1', '2026-04-03'],
    ]);
    const solicitudes = o.attention.find((g) => g.key === 'solicitudes')!;
    expect(solicitudes.items.at(-1)).toMatchObject({ id: 'k3', due: '2026-03-19T13:00:00Z', link: 'reservas' });
    // The week of 9 March gets k1..k4 (created on the 10th), of which k1 is confirmed.
    expect(o.requests.weeks[10]).toEqual({ weekStart: '2026-03-09', requests: 3, confirmed: 1 });
    expect(o.requests.weeks[11]).toEqual({ weekStart: '2026-03-16', requests: 2, confirmed: 0 });
    expect(o.attention.find((g) => g.key === 'correos')).toMatchObject({ available: true, items: [] });
  });

  it('raises an alert per new request, newest first, with stable ids', () => {
    const alerts = AlertsSchema.parse(computeAlerts({ ...INPUT, bookings }));
    expect(alerts.items.map((a) => a.id)).toEqual(['solicitud:k3', 'consulta:e5', 'solicitud:e1', 'solicitud:e4']);
    expect(alerts.count).toBe(4);
  });
});

describe('"Qué hacer hoy" lists what costs money (issue 29)', () => {
  const base = {
    people: 2,
    total: 1_000_000,
    depositDue: 500_000,
    depositReceived: 0,
    balanceReceived: 0,
    createdAt: '2026-03-10T15:00:00Z',
    confirmedAt: null,
    holdUntil: null,
  };
  const bookings: OverviewBooking[] = [
    // Cancelled after paying: the refund is owed.
    {
      ...base,
      id: 'r1',
      code: 'AAAA2222',
      name: 'Rosa',
      state: 'cancelada',
      checkIn: '2026-05-01',
      checkOut: '2026-05-03',
      refundOwed: 500_000,
      hadMoney: true,
    },
    // A receipt waits for the owner's check.
    {
      ...base,
      id: 'v1',
      code: 'BBBB3333',
      name: 'Vera',
      state: 'aceptada',
      checkIn: '2026-06-01',
      checkOut: '2026-06-03',
      verifying: { kind: 'receipt', since: '2026-03-18T12:00:00Z' },
      hadMoney: true,
    },
    // Wompi said PENDING.
    {
      ...base,
      id: 'g1',
      code: 'CCCC4444',
      name: 'Gina',
      state: 'aceptada',
      checkIn: '2026-07-01',
      checkOut: '2026-07-03',
      verifying: { kind: 'gateway', since: '2026-03-18T13:00:00Z' },
    },
    // Lapsed, with a receipt the owner never looked at.
    {
      ...base,
      id: 'l1',
      code: 'DDDD5555',
      name: 'Lina',
      state: 'vencida',
      checkIn: '2026-08-01',
      checkOut: '2026-08-03',
      hadMoney: true,
    },
    // Lapsed without money: nothing to do.
    {
      ...base,
      id: 'l2',
      code: 'EEEE6666',
      name: 'Luz',
      state: 'vencida',
      checkIn: '2026-08-10',
      checkOut: '2026-08-12',
      hadMoney: false,
    },
    // Confirmed over Airbnb's Bruno (a2: 20 to 25 March): a conflict; the manual block is not one.
    {
      ...base,
      id: 'c1',
      code: 'FFFF7777',
      name: 'Carla',
      state: 'confirmada',
      checkIn: '2026-03-24',
      checkOut: '2026-03-26',
      depositReceived: 500_000,
    },
    {
      ...base,
      id: 'c2',
      code: 'GGGG8888',
      name: 'Clara',
      state: 'confirmada',
      checkIn: '2026-03-15',
      checkOut: '2026-03-16',
      depositReceived: 500_000,
    },
  ];
  const o = OverviewSchema.parse(computeOverview({ ...INPUT, bookings, unsentEmails: [] }, NOW));
  const group = (key: string) => o.attention.find((g) => g.key === key)!;

  it('refunds owed, receipts to verify, payments pending at the gateway and lapsed bookings that had money', () => {
    expect(group('dinero').items.map((i) => [i.id, i.title, i.link])).toEqual([
      ['r1:reembolso', `Reembolso pendiente a Rosa: ${formatMoney(500_000, 'COP')}`, 'reservas'],
      ['l1:vencida', 'Reserva vencida de Lina con comprobante o pago', 'reservas'],
      ['v1:comprobante', 'Comprobante de Vera por verificar', 'reservas'],
      ['g1:pasarela', 'Pago de Gina pendiente en Wompi', 'reservas'],
    ]);
  });

  it('calendar conflicts: an imported event over a held or confirmed stay', () => {
    expect(group('conflictos').items.map((i) => [i.id, i.link])).toEqual([['c1:a2', 'calendario']]);
    expect(group('conflictos').items[0]!.title).toBe('Choque de fechas: Carla y Airbnb');
  });
});

describe('GET /api/resumen and /api/avisos', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer();
    token = await s.loginToken();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('are the owner’s only', async () => {
    for (const path of ['/resumen', '/avisos']) {
      const res = await json(s, 'GET', path);
      expect(res.status).toBe(401);
      expect((await readError(res)).error).toMatch(/sesión/i);
    }
  });

  it('count what the store holds and drop an alert once it is answered', async () => {
    const today = todayAtCabin(new Date(s.clock.now()));
    // A request of the old reservation form, archived in Consultas (issue 33), still unanswered.
    const id = await storeOldReservation(s, { checkIn: addDays(today, 3), checkOut: addDays(today, 5) });
    const block = await json(
      s,
      'POST',
      '/calendario/bloqueos',
      { start: addDays(today, 10), end: addDays(today, 12) },
      bearer(token),
    );
    expect(block.status).toBe(201);

    const alerts = await readJson(await json(s, 'GET', '/avisos', undefined, bearer(token)), AlertsSchema);
    expect(alerts.count).toBe(1);
    expect(alerts.items[0]).toMatchObject({ id: `solicitud:${id}`, kind: 'solicitud', link: 'consultas' });

    const confirmed = await json(s, 'PATCH', `/consultas/${id}`, { status: 'confirmada' }, bearer(token));
    expect(confirmed.status).toBe(200);
    const overview = await readJson(await json(s, 'GET', '/resumen', undefined, bearer(token)), OverviewSchema);
    expect(overview.today).toBe(today);
    const nights = [...overview.nights.next.slice(0, 2)].reduce(
      (n, m) => ({ directa: n.directa + (m.bySource.directa ?? 0), manual: n.manual + (m.bySource.manual ?? 0) }),
      { directa: 0, manual: 0 },
    );
    expect(nights).toEqual({ directa: 2, manual: 2 });
    expect(overview.requests.total).toBe(1);
    expect(overview.requests.confirmed).toBe(1);
    expect(overview.attention.find((g) => g.key === 'llegadas')!.items.map((i) => i.id)).toEqual([
      `${id}:llegada`,
      `${id}:salida`,
    ]);
    expect((await readJson(await json(s, 'GET', '/avisos', undefined, bearer(token)), AlertsSchema)).count).toBe(0);
  });
});

describe('bookings made through the HTTP API feed the overview and the alerts', () => {
  let s: TestServer;
  let admin: Record<string, string>;
  beforeAll(async () => {
    // No SMTP: every e-mail waits in the outbox, and the overview lists it as not sent.
    s = await startTestServer();
    admin = bearer(await s.loginToken());
  });
  afterAll(async () => {
    await s?.close();
  });

  const owner = async <S extends z.ZodType>(method: string, path: string, schema: S, body?: unknown) => {
    const res = await json(s, method, path, body, admin);
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(await res.json())}`);
    return readJson(res, schema);
  };
  const request = async (inDays: number, nights: number, name: string) => {
    const res = await json(s, 'POST', '/reservas', await bookingRequestBody(s, inDays, nights, { name }));
    expect(res.status).toBe(201);
    const requested = await readJson(res, RequestedBookingSchema);
    const booking = (await owner('GET', '/reservas', BookingSchema.array())).find((b) => b.code === requested.code)!;
    return { ...requested, id: booking.id };
  };
  const overview = () => owner('GET', '/resumen', OverviewSchema);
  const alerts = () => owner('GET', '/avisos', AlertsSchema);
  const group = (o: Overview, key: string) => o.attention.find((g) => g.key === key)!;
  const sum = (months: readonly { expected: number; received: number }[]) =>
    months.reduce((n, m) => ({ expected: n.expected + m.expected, received: n.received + m.received }), {
      expected: 0,
      received: 0,
    });

  it('counts requests, holds, payments, nights and unsent e-mails once each, and alerts per request, receipt and payment', async () => {
    // Ana: accepted at 1 000 000 (deposit 500 000), sends a receipt, the owner records the deposit: confirmed.
    const ana = await request(30, 3, 'Ana Gómez');
    await owner('POST', `/reservas/${ana.id}/aceptar`, BookingSchema, { total: 1_000_000 });
    // Beto: accepted at 600 000 (deposit 300 000), nothing paid yet.
    const beto = await request(40, 2, 'Beto Ruiz');
    const betoHeld = await owner('POST', `/reservas/${beto.id}/aceptar`, BookingSchema, { total: 600_000 });
    // Carla: a request nobody answered yet.
    const carla = await request(50, 4, 'Carla Díaz');

    const receipt = await uploadReceipt(s, ana.code, ana.token);
    expect(receipt.status).toBe(201);
    let waiting = await alerts();
    expect(waiting.items.map((a) => [a.kind, a.link])).toEqual([
      ['recibo', 'reservas'],
      ['solicitud', 'reservas'],
    ]);
    expect(waiting.items[1]!.id).toBe(`solicitud:${carla.id}`);
    const receiptAlert = waiting.items[0]!;
    expect(receiptAlert.title).toBe('Comprobante de Ana Gómez');

    s.clock.advance(60_000);
    const paid = await owner('POST', `/reservas/${ana.id}/pagos`, BookingSchema, {
      amount: 500_000,
      method: 'transferencia',
      date: todayAtCabin(new Date(s.clock.now())),
    });
    expect(paid.state).toBe('confirmada');

    // Recording the payment handles the receipt; the payment itself is an alert (for a day).
    waiting = await alerts();
    expect(waiting.items.map((a) => a.id)).toEqual([`pago:${paid.payments[0]!.id}`, `solicitud:${carla.id}`]);
    expect(waiting.count).toBe(2);
    expect(waiting.items.some((a) => a.id === receiptAlert.id)).toBe(false);

    const o = await overview();
    expect(group(o, 'solicitudes')).toMatchObject({ link: 'reservas' });
    expect(group(o, 'solicitudes').items.map((i) => [i.id, i.title, i.link])).toEqual([
      [carla.id, 'Solicitud de reserva de Carla Díaz', 'reservas'],
    ]);
    expect(group(o, 'pagos').items.map((i) => [i.id, i.title, i.detail, i.due, i.link])).toEqual([
      [
        beto.id,
        'Depósito de Beto Ruiz',
        `Faltan ${formatMoney(300_000, 'COP')} antes de que venza la retención`,
        betoHeld.depositDueAt,
        'reservas',
      ],
      [
        ana.id,
        'Saldo de Ana Gómez',
        `Faltan ${formatMoney(500_000, 'COP')} antes de la llegada`,
        ana.checkIn,
        'reservas',
      ],
    ]);
    // Direct nights: Ana's 3 (confirmed) and Beto's 2 (held), counted once though both are also
    // calendar entries; Carla's request takes no nights.
    const directNights = o.nights.next.reduce((n, m) => n + (m.bySource.directa ?? 0), 0);
    expect(directNights).toBe(5);
    expect(o.stays).toMatchObject({ count: 2, averageNights: 2.5, leadCount: 3, averageLeadDays: 40 });
    // Revenue: expected 1 600 000 (Ana and Beto), received Ana's 500 000.
    expect(o.revenue.available).toBe(true);
    expect(sum(o.revenue.months)).toEqual({ expected: 1_600_000, received: 500_000 });
    expect(o.revenue.months.find((m) => m.month === ana.checkIn.slice(0, 7))!.received).toBe(500_000);
    // Requests this week: three, one of which became a confirmed stay.
    expect(o.requests).toMatchObject({ total: 3, confirmed: 1 });
    expect(o.requests.weeks.at(-1)).toMatchObject({ requests: 3, confirmed: 1 });

    // Without SMTP nothing leaves: every message is listed, linking to Reservas where the outbox is.
    const outbox = await owner('GET', '/correos', OutboxSchema);
    // 3 × (guest + owner) on request, 2 acceptances, the owner's receipt, the guest's confirmation and the owner's payment.
    expect(outbox.entries).toHaveLength(11);
    expect(outbox.entries.filter((e) => e.kind === 'owner-payment')).toHaveLength(1);
    const correos = group(o, 'correos');
    expect(correos).toMatchObject({ available: true, link: 'reservas' });
    expect(correos.items.map((i) => i.id).sort()).toEqual(outbox.entries.map((e) => e.id).sort());
    expect(correos.items[0]!.detail).toMatch(/no está configurado/);

    // A day later the payment is no longer news; the request still waits.
    s.clock.advance(24 * 3_600_000);
    admin = bearer(await s.loginToken());
    expect((await alerts()).items.map((a) => a.id)).toEqual([`solicitud:${carla.id}`]);
  });
});
