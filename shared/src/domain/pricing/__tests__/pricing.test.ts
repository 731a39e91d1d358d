import { describe, expect, it } from 'vitest';
import { BUSINESS } from '../../config/business';
import { formatAmount, formatMoney, inCurrency, totalForStay, totalPerNight } from '../pricing';
import { isIsoDate, nextDayStartAtCabin, nightsBetween, todayAtCabin } from '../dates';

// Intl inserts non-breaking spaces; compare on plain spaces.
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('money', () => {
  it('formats COP es-CO without decimals', () => {
    expect(plain(formatMoney(1_600_000, 'COP'))).toBe('$ 1.600.000');
    expect(plain(formatMoney(80_500, 'COP'))).toBe('$ 80.500');
  });

  it('formats USD as "USD 19.90", never a bare "$" (the pesos\' sign), at the rate it is given (the owner\'s current one)', () => {
    expect(BUSINESS.copPerUsd).toBe(4021);
    expect(plain(formatMoney(4021 * 25, 'USD', BUSINESS.copPerUsd))).toBe('USD 25.00');
    expect(plain(formatMoney(80_000, 'USD', 4021))).toBe('USD 19.90');
    expect(plain(formatMoney(80_000, 'USD', 4000))).toBe('USD 20.00');
    expect(plain(formatMoney(80_000, 'USD', 4000, 'en'))).toBe('USD 20.00');
    expect(formatMoney(80_000, 'USD', 4021)).not.toMatch(/^\$/);
    expect(formatMoney(80_000, 'COP', 4000)).toMatch(/80\.000/);
    expect(() => formatMoney(80_000, 'USD', 0)).toThrow(/rate/);
  });

  it('converts pesos to whole cents once (half a cent up), and leaves pesos as they are', () => {
    // 80,000 / 4,021 = 19.8955… dollars: 1,990 cents.
    expect(inCurrency(80_000, 'USD', 4021)).toBe(1990);
    // 1,990.5 cents exactly: rounded up, once.
    expect(inCurrency(39_810, 'USD', 2000)).toBe(1991);
    expect(inCurrency(80_000, 'COP')).toBe(80_000);
    expect(() => inCurrency(80_000, 'USD')).toThrow(/rate/);
    expect(plain(formatAmount(11_940, 'USD'))).toBe('USD 119.40');
    expect(plain(formatAmount(1_600_000, 'COP', 'en'))).toBe('COP 1,600,000');
  });

  it('computes totals per night and for the stay', () => {
    expect(totalPerNight(80_000, 4)).toBe(320_000);
    expect(totalForStay(80_000, 4, 3)).toBe(960_000);
    expect(totalForStay(80_000, 4, 0)).toBeNull();
    expect(totalForStay(80_000, 4, -2)).toBeNull();
  });
});

describe('dates', () => {
  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2026-12-24')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('24/12/2026')).toBe(false);
    expect(isIsoDate('2026-12-24T00:00')).toBe(false);
  });

  it('counts nights across month and DST-free boundaries', () => {
    expect(nightsBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(nightsBetween('2026-12-30', '2026-12-30')).toBe(0);
  });

  it("gives today's date in Colombia, not UTC", () => {
    // 03:00 UTC on the 2nd is still the 1st in Bogotá (UTC-5).
    expect(todayAtCabin(new Date('2027-01-02T03:00:00Z'))).toBe('2027-01-01');
    expect(todayAtCabin(new Date('2027-01-02T06:00:00Z'))).toBe('2027-01-02');
  });
});

describe('nextDayStartAtCabin', () => {
  it('is the next midnight in Bogotá (UTC-5), from any instant of the cabin day', () => {
    const midnight = Date.parse('2027-01-02T05:00:00Z');
    expect(nextDayStartAtCabin(new Date('2027-01-01T05:00:00Z'))).toBe(midnight);
    expect(nextDayStartAtCabin(new Date('2027-01-02T03:00:00Z'))).toBe(midnight);
    expect(nextDayStartAtCabin(new Date(midnight - 1))).toBe(midnight);
    expect(nextDayStartAtCabin(new Date(midnight))).toBe(midnight + 86_400_000);
  });
});
