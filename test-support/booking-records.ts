import { addDays, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import type { Booking, BookingState } from '@cabana/shared/domain/schemas/booking';
import type { StoredMail } from '../server/src/db/schema';

/**
 * Stored records made in bulk (tests and benches of a data folder with many bookings): the
 * `i`-th booking, made one minute after the one before and ending `now`, for two nights a month
 * or more ahead; and the `i`-th e-mail of the outbox, for booking `i / 2`, sent when made.
 */
export const bookingId = (i: number) => `K${String(i).padStart(15, '0')}`;

export function storedBooking(i: number, now: number, state: BookingState, ageMinutes = 10_000 - i): Booking {
  const at = new Date(now - ageMinutes * 60_000).toISOString();
  const checkIn = addDays(todayAtCabin(new Date(now)), 30 + (i % 300));
  return {
    id: bookingId(i),
    code: `C${String(i).padStart(7, '0')}`.replace(/[01]/g, 'A'),
    state,
    lang: 'es',
    createdAt: at,
    updatedAt: at,
    name: `Persona de prueba ${i}`,
    email: `persona${i}@example.com`,
    phone: '300 123 4567',
    message: `Hola, quisiera la cabaña para el puente festivo. ${'Gracias. '.repeat(20)}`,
    checkIn,
    checkOut: addDays(checkIn, 2),
    numPeople: 4,
    consentAt: at,
    policyVersion: '2026-11-01',
    price: {
      nights: 2,
      numPeople: 4,
      nightly: [
        { date: checkIn, pricePerPerson: 100_000 },
        { date: addDays(checkIn, 1), pricePerPerson: 100_000 },
      ],
      lodging: 800_000,
      cleaningFee: 0,
      total: 800_000,
      adjustedTotal: null,
      adjustmentNote: '',
      depositPercent: 30,
      deposit: 240_000,
      balance: 560_000,
    },
    cancellationPolicy: 'moderada',
    checkInTime: '15:00',
    checkOutTime: '11:00',
    depositDueAt: null,
    balanceDueAt: null,
    payments: [],
    paid: 0,
    onlinePayments: [],
    refunds: [],
    receipts: [],
    history: [{ at, state, by: 'huesped' }],
    reminders: {},
  };
}

export function storedMail(i: number, now: number, sent = true): StoredMail {
  const at = new Date(now - (20_000 - i) * 30_000).toISOString();
  const b = Math.floor(i / 2);
  return {
    id: `M${String(i).padStart(15, '0')}`,
    bookingId: bookingId(b),
    code: 'CAAAAAAA',
    kind: i % 2 ? 'owner-new-request' : 'guest-received',
    to: `persona${b}@example.com`,
    subject: 'Recibimos tu solicitud de reserva',
    text: `Hola,\n\nRecibimos tu solicitud. ${'Te escribiremos pronto. '.repeat(30)}`,
    html: `<p>Hola,</p><p>Recibimos tu solicitud. ${'Te escribiremos pronto. '.repeat(30)}</p>`,
    createdAt: at,
    attempts: sent ? 1 : 0,
    lastError: null,
    nextAttemptAt: null,
    sentAt: sent ? at : null,
  };
}
