import { describe, expect, it } from 'vitest';
import { EnquiryInputSchema, RESERVATION_ENQUIRY_MOVED } from '../enquiry';
import { RequestBookingInputSchema } from '../booking';
import { PriceSchema } from '../price';
import { UpdateImageInputSchema, UploadImageFieldsSchema } from '../image';
import { LoginInputSchema } from '../session';
import { DEFAULT_SETTINGS, peopleLimitError } from '../../config/settings';
import { todayAtCabin } from '../../pricing/dates';

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const today = todayAtCabin();

/** A booking request (POST /api/reservas): the stay's rules, shared with the old reservation form. */
const reservation = {
  name: 'Ana Pérez',
  email: 'ana@example.com',
  phone: '+57 300 123 4567',
  checkIn: addDays(today, 7),
  checkOut: addDays(today, 9),
  numPeople: 4,
  message: '',
  consent: true,
  website: '',
  formToken: 'tok',
};

const fieldErrors = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('price', () => {
  it.each([80_000, 1_000, 5_000_000])('accepts %d', (precio) => {
    expect(PriceSchema.parse({ precio })).toEqual({ precio });
  });

  it.each([
    ['NaN', Number.NaN],
    ['Infinity (1e309)', Number.POSITIVE_INFINITY],
    ['negative', -5],
    ['zero', 0],
    ['decimals', 80_000.5],
    ['too large', 5_000_001],
    ['a string', '12abc'],
    ['a numeric string', '80000'],
    ['null', null],
  ])('rejects %s with a Spanish message', (_label, precio) => {
    const r = PriceSchema.safeParse({ precio });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/precio/i);
  });

  it('rejects unknown keys', () => {
    expect(PriceSchema.safeParse({ precio: 80_000, admin: true }).success).toBe(false);
  });
});

describe('enquiries', () => {
  it('accepts a valid booking request and a valid contact message; refuses the old reservation form', () => {
    expect(RequestBookingInputSchema.parse(reservation).checkIn).toBe(reservation.checkIn);
    const old = EnquiryInputSchema.safeParse({ ...reservation, type: 'reserva' });
    expect(old.error?.issues.map((i) => i.message)).toEqual([RESERVATION_ENQUIRY_MOVED]);
    const contact = EnquiryInputSchema.parse({
      type: 'contacto',
      name: 'Luis',
      email: 'luis@example.com',
      message: '¿Tienen parqueadero?',
      consent: true,
      formToken: 'tok',
    });
    expect(contact.type).toBe('contacto');
  });

  it('requires consent', () => {
    const r = RequestBookingInputSchema.safeParse({ ...reservation, consent: false });
    expect(fieldErrors(r).consent).toMatch(/datos personales/);
  });

  it('rejects a check-out on or before check-in, and a check-in in the past', () => {
    expect(
      fieldErrors(RequestBookingInputSchema.safeParse({ ...reservation, checkOut: reservation.checkIn })).checkOut,
    ).toMatch(/posterior/);
    expect(
      fieldErrors(RequestBookingInputSchema.safeParse({ ...reservation, checkIn: addDays(today, -1) })).checkIn,
    ).toMatch(/pasado/);
    expect(
      RequestBookingInputSchema.safeParse({ ...reservation, checkIn: today, checkOut: addDays(today, 1) }).success,
    ).toBe(true);
  });

  it("keeps the group within the cabin's capacity, and within the owner's limits (2 to 20 by default)", () => {
    expect(fieldErrors(RequestBookingInputSchema.safeParse({ ...reservation, numPeople: 0 })).numPeople).toMatch(
      /personas/,
    );
    expect(fieldErrors(RequestBookingInputSchema.safeParse({ ...reservation, numPeople: 21 })).numPeople).toMatch(
      /máxima/,
    );
    expect(RequestBookingInputSchema.safeParse({ ...reservation, numPeople: 2.5 }).success).toBe(false);
    // The owner's limits are settings: the server checks them with the current ones.
    expect(peopleLimitError(1, DEFAULT_SETTINGS)).toMatch(/mínimo es de 2/);
    expect(peopleLimitError(21, DEFAULT_SETTINGS)).toMatch(/máxima es de 20/);
    expect(peopleLimitError(2, DEFAULT_SETTINGS)).toBeNull();
    expect(peopleLimitError(9, { minPeople: 4, maxPeople: 8 })).toMatch(/máxima es de 8/);
  });

  it('validates e-mail and phone, bounds lengths and rejects unknown keys', () => {
    const errors = fieldErrors(
      RequestBookingInputSchema.safeParse({ ...reservation, email: 'no-es-correo', phone: 'llámame' }),
    );
    expect(errors.email).toMatch(/correo/);
    expect(errors.phone).toMatch(/teléfono/);
    expect(RequestBookingInputSchema.safeParse({ ...reservation, message: 'x'.repeat(2_001) }).success).toBe(false);
    expect(RequestBookingInputSchema.safeParse({ ...reservation, isAdmin: true }).success).toBe(false);
  });
});

describe('images and sessions', () => {
  it('requires a title and trims fields', () => {
    expect(UploadImageFieldsSchema.parse({ title: '  Jacuzzi ' })).toEqual({
      title: 'Jacuzzi',
      description: '',
      tags: '',
    });
    expect(UploadImageFieldsSchema.safeParse({ title: '   ' }).success).toBe(false);
    expect(UploadImageFieldsSchema.safeParse({ title: 'x'.repeat(121) }).success).toBe(false);
  });

  it('needs something to update', () => {
    expect(UpdateImageInputSchema.safeParse({}).success).toBe(false);
    expect(UpdateImageInputSchema.safeParse({ description: 'Nueva' }).success).toBe(true);
  });

  it('keeps long passphrases whole and bounds them', () => {
    const long = 'frase de paso muy larga '.repeat(20);
    expect(LoginInputSchema.parse({ email: 'a@b.co', password: long }).password).toBe(long);
    expect(LoginInputSchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(1_025) }).success).toBe(false);
  });
});

describe('one date limit for stays (issue 28, item 11)', () => {
  it('a booking request and the quote refuse the same far dates, at the calendar limit', async () => {
    const { RequestBookingInputSchema } = await import('../booking');
    const { QuoteQuerySchema } = await import('../quote');
    const { CALENDAR_LIMITS } = await import('../../config/calendar');
    const request = { ...reservation, lang: 'es' } as Record<string, unknown>;
    delete request.type;
    const last = addDays(CALENDAR_LIMITS.maxDate, -1);
    for (const [checkIn, checkOut] of [
      ['9999-01-01', '9999-01-03'],
      [last, CALENDAR_LIMITS.maxDate],
    ]) {
      const asked = RequestBookingInputSchema.safeParse({ ...request, checkIn, checkOut });
      const quoted = QuoteQuerySchema.safeParse({ checkIn, checkOut, numPeople: '4' });
      expect(asked.success, `${checkIn} request`).toBe(false);
      expect(quoted.success, `${checkIn} quote`).toBe(false);
      expect(Object.keys(fieldErrors(asked))).toContain('checkOut');
    }
    // The day before the limit is still a stay both accept.
    const ok = [addDays(last, -2), last];
    expect(RequestBookingInputSchema.safeParse({ ...request, checkIn: ok[0], checkOut: ok[1] }).success).toBe(true);
    expect(QuoteQuerySchema.safeParse({ checkIn: ok[0], checkOut: ok[1], numPeople: '4' }).success).toBe(true);
  });
});
