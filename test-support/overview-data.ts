import { randomBytes } from 'node:crypto';
import { addDays, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import type { Enquiry } from '@cabana/shared/domain/schemas/enquiry';
import { RequestedBookingSchema } from '@cabana/shared/domain/schemas/booking';
import type { TestServer } from './server';
import { bookingRequestBody } from './bookings';
import { readJson } from './json';

const newId = () => randomBytes(12).toString('base64url');

/** Repeatable "random" numbers, so every run seeds the same story. */
function sequence(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s % n;
  };
}

const GUESTS = [
  'Lucía Fernández',
  'Bruno Díaz',
  'Carmen Ruiz',
  'Andrés Gómez',
  'Sofía Herrera',
  'Mateo Rojas',
  'Valentina Cruz',
];

/**
 * A season of made-up business in a running test server's store, relative to its today: a year
 * of Airbnb stays and some ahead, a Booking.com feed whose last sync failed, two blocks, twelve
 * weeks of reservation requests (some confirmed, the last two still new), a contact message, and
 * direct bookings made through POST /api/reservas and taken on by the booking service: one
 * confirmed with its deposit paid, one held waiting for its deposit, one request not answered;
 * and a guest's review waiting for a reply (issue 35).
 * For the overview's browser tests and screenshots (website/scripts/overview-screenshots.ts).
 */
export async function seedOverviewData(server: TestServer): Promise<{ newRequests: number }> {
  const { store } = server.running.deps;
  const now = server.clock.now();
  const today = todayAtCabin(new Date(now));
  const random = sequence(42);
  const at = (daysAgo: number, hour = 15) =>
    new Date(Date.parse(`${addDays(today, -daysAgo)}T${String(hour).padStart(2, '0')}:00:00Z`)).toISOString();

  const airbnb: { start: string; end: string; summary: string }[] = [];
  for (let d = -360; d < 120; d += 12 + random(14)) {
    const start = addDays(today, d);
    airbnb.push({ start, end: addDays(start, 2 + random(4)), summary: 'Reserved' });
  }
  const booking = [20, 75, 140, 200, 290].map((ago) => {
    const start = addDays(today, -ago + 6);
    return { start, end: addDays(start, 3), summary: 'CLOSED - Not available' };
  });
  const feed = (name: string, url: string, events: typeof airbnb, lastError: string | null) => ({
    id: newId(),
    name,
    url,
    lastSyncAt: at(0, 12),
    lastError,
    exportToken: randomBytes(24).toString('base64url'),
    createdAt: at(365),
    events: events.map((e, i) => ({ id: newId(), key: `${name}-${i}`, ...e, firstSeenAt: at(380) })),
  });
  store.data.calendar.feeds.push(
    feed('Airbnb', 'https://www.airbnb.com/calendar/ical/1234.ics', airbnb, null),
    feed(
      'Booking.com',
      'https://admin.booking.com/hotel/ical/5678.ics',
      booking,
      'El servidor respondió 404 (no encontrado).',
    ),
  );
  store.data.calendar.blocks.push(
    {
      id: newId(),
      start: addDays(today, 30),
      end: addDays(today, 34),
      note: 'Pintura de la terraza',
      createdAt: at(10),
    },
    { id: newId(), start: addDays(today, -100), end: addDays(today, -95), note: 'Familia', createdAt: at(120) },
  );

  const enquiries: Enquiry[] = [];
  let newRequests = 0;
  for (let daysAgo = 83; daysAgo >= 0; daysAgo -= 2 + random(3)) {
    const checkIn = addDays(today, -daysAgo + 8 + random(40));
    const nights = 2 + random(4);
    const name = GUESTS[random(GUESTS.length)]!;
    const status = daysAgo < 3 ? 'nueva' : random(5) < 2 ? 'confirmada' : random(2) ? 'respondida' : 'cancelada';
    if (status === 'nueva') newRequests++;
    enquiries.push({
      type: 'reserva',
      id: newId(),
      status,
      createdAt: at(daysAgo, 13 + random(8)),
      consentAt: at(daysAgo),
      policyVersion: '2025-01',
      name,
      email: 'huesped@example.com',
      phone: '+57 300 765 4321',
      checkIn,
      checkOut: addDays(checkIn, nights),
      numPeople: 2 + random(6),
      message: '',
    });
  }
  enquiries.push({
    type: 'contacto',
    id: newId(),
    status: 'nueva',
    createdAt: at(0, 14),
    consentAt: at(0, 14),
    policyVersion: '2025-01',
    name: 'Marta Salas',
    email: 'marta@example.com',
    message: '¿Aceptan mascotas?',
  });
  store.data.enquiries.push(...enquiries);
  // A guest's review from an earlier stay (issue 35), waiting for the owner's reply.
  store.data.reviews.push({
    id: newId(),
    bookingId: newId(),
    code: 'RVW2345K',
    lang: 'es',
    createdAt: at(1, 18),
    rating: 4,
    ratings: { location: 5 },
    text: 'Muy buena cabaña para ir en grupo; la piscina estaba limpia y la zona BBQ es amplia.',
    name: 'Sofía L.',
    stayMonth: addDays(today, -20).slice(0, 7),
    people: 8,
  });
  await store.save();

  // Beyond the feeds' stays (the last Airbnb one ends before day 126) and the blocks.
  const { bookings } = server.running.deps;
  const book = async (inDays: number, nights: number, name: string) => {
    const res = await fetch(`${server.apiUrl}/reservas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(await bookingRequestBody(server, inDays, nights, { name })),
    });
    const { code } = await readJson(res, RequestedBookingSchema);
    return bookings.list(undefined).find((b) => b.code === code)!.id;
  };
  const confirmed = await book(130, 4, 'Camila Ortiz');
  await bookings.accept(confirmed, { total: 1_600_000 });
  await bookings.recordPayment(confirmed, { amount: 800_000, method: 'transferencia', date: today });
  await bookings.accept(await book(145, 3, 'Julián Mejía'), {});
  await book(160, 2, 'Paula Vargas');
  return { newRequests: newRequests + 2 };
}
