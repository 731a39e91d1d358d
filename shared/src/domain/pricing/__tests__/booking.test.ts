import { describe, expect, it } from 'vitest';
import { SettingsPatchSchema, SettingsSchema } from '../../schemas/settings';
import { PROPERTY_DEFAULTS } from '../../config/property-words';
import { DEFAULT_SETTINGS } from '../../config/settings';
import { adjustPrice, balanceDueDate, cabinInstant, priceBooking, refundFor } from '../booking';

const DAY = 86_400_000;

/** A 1 000 000 stay arriving 2027-03-10 at 15:00, with `paid` paid. */
const booking = (paid: number) => ({
  checkIn: '2027-03-10',
  checkInTime: '15:00',
  price: { total: 1_000_000 },
  payments: paid > 0 ? [{ amount: paid }] : [],
});
const daysBefore = (days: number, extraMs = 0) => cabinInstant('2027-03-10', '15:00') - days * DAY - extraMs;

describe('refundFor', () => {
  it('gives back everything paid with enough notice, by preset', () => {
    expect(refundFor('flexible', booking(500_000), daysBefore(1))).toBe(500_000);
    expect(refundFor('moderada', booking(500_000), daysBefore(7))).toBe(500_000);
    expect(refundFor('estricta', booking(1_000_000), daysBefore(30))).toBe(1_000_000);
  });

  it('keeps half the total with less notice: only what was paid above it comes back', () => {
    // Moderate, 3 days before: 50 % of 1 000 000 is kept.
    expect(refundFor('moderada', booking(500_000), daysBefore(3))).toBe(0);
    expect(refundFor('moderada', booking(800_000), daysBefore(3))).toBe(300_000);
    // One millisecond short of 7 whole days is 6 days.
    expect(refundFor('moderada', booking(1_000_000), daysBefore(7, -1))).toBe(500_000);
    expect(refundFor('estricta', booking(1_000_000), daysBefore(14))).toBe(500_000);
    expect(refundFor('flexible', booking(1_000_000), daysBefore(0))).toBe(500_000);
  });

  it('refunds nothing at the last moment under the moderate and strict presets, and never more than was paid', () => {
    expect(refundFor('moderada', booking(1_000_000), daysBefore(1))).toBe(0);
    expect(refundFor('estricta', booking(1_000_000), daysBefore(13))).toBe(0);
    expect(refundFor('flexible', booking(0), daysBefore(30))).toBe(0);
    // After arrival: the flexible preset still keeps only half.
    expect(refundFor('flexible', booking(300_000), daysBefore(-2))).toBe(0);
  });
});

describe('the frozen price', () => {
  it('adds the cleaning fee and splits deposit and balance; an adjusted total splits the same way', () => {
    const quote = { nights: 2, total: 600_000, nightly: [{ date: '2027-03-10', pricePerPerson: 100_000 }] };
    const price = priceBooking(quote, 3, { cleaningFee: 50_001, depositPercent: 30, balanceDueDays: null });
    expect(price).toMatchObject({
      lodging: 600_000,
      cleaningFee: 50_001,
      total: 650_001,
      deposit: 195_000,
      balance: 455_001,
    });
    expect(adjustPrice(price, 500_000, 'Descuento')).toMatchObject({
      total: 500_000,
      adjustedTotal: 500_000,
      adjustmentNote: 'Descuento',
      deposit: 150_000,
      balance: 350_000,
    });
    expect(balanceDueDate('2027-03-10', 7)).toBe('2027-03-03');
    expect(balanceDueDate('2027-03-10', null)).toBeNull();
  });
});

describe('booking settings', () => {
  it('fill in their defaults on settings stored before them, and refuse bad values in Spanish', () => {
    const { instantBooking: _i, depositPercent: _d, houseRules: _h, ...old } = DEFAULT_SETTINGS;
    // And settings from before issue 32 get the house of a fresh install.
    expect(SettingsSchema.parse(old)).toEqual({ ...DEFAULT_SETTINGS, property: PROPERTY_DEFAULTS });
    const bad = SettingsPatchSchema.safeParse({
      depositPercent: 150,
      cancellationPolicy: 'nunca',
      checkInTime: '3 pm',
      nequiNumber: '12',
      holdHours: 0,
      balanceDueDays: 0,
    });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      depositPercent: 'El anticipo no puede superar el 100 %.',
      cancellationPolicy: 'Elige una política de cancelación: flexible, moderada o estricta.',
      checkInTime: 'Escribe la hora como 08:00 (24 horas).',
      nequiNumber: 'El número de Nequi son 10 dígitos (p. ej. 3005550142), o déjalo vacío.',
      holdHours: 'Las fechas se guardan al menos 1 hora.',
      balanceDueDays: 'El saldo se paga al menos 1 día antes, o a la llegada.',
    });
    // A patch leaves what it does not name alone (no defaults slipped in).
    expect(SettingsPatchSchema.parse({ cleaningFee: 40_000 })).toEqual({ cleaningFee: 40_000 });
  });
});
