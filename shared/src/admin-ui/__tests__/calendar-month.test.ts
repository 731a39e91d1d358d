import { describe, expect, it } from 'vitest';
import type { Feed } from '../../domain/schemas/calendar';
import { monthRange, shiftMonth } from '../../domain/pricing/dates';
import { entriesOnNight, formatMonth, monthWeeks, sourceLooks } from '../calendar-month';

describe('calendar month helpers', () => {
  it('moves across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2026-03', -15)).toBe('2024-12');
    expect(monthRange('2026-12')).toEqual({ start: '2026-12-01', end: '2027-01-01' });
  });

  it('lays a month out Monday first, in whole weeks', () => {
    // 1 November 2026 is a Sunday.
    const weeks = monthWeeks('2026-11');
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks.at(-1)).toEqual(['2026-11-30', null, null, null, null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    // February 2027 starts on a Monday and fills exactly four weeks.
    expect(monthWeeks('2027-02')).toHaveLength(4);
    expect(formatMonth('2026-11')).toMatch(/noviembre.*2026/);
  });

  it('gives each source its own text and style, and a checkout day is not a night', () => {
    const feed = (id: string, name: string): Feed => ({
      id,
      name,
      url: 'https://x.test/a.ics',
      exportUrl: 'https://y.test/e.ics',
      lastSyncAt: null,
      lastError: null,
    });
    const looks = sourceLooks([feed('a', 'Airbnb'), feed('b', 'Booking.com')]);
    expect(looks.get('manual')?.short).toBe('Manual');
    expect(looks.get('directa')?.name).toBe('Reserva directa');
    expect(looks.get('b')).toEqual({ name: 'Booking.com', short: 'Booking.com', className: 'adm-cal-src--feed1' });
    const entries = [{ id: '1', start: '2026-12-01', end: '2026-12-03', source: 'manual', label: '' }];
    expect(entriesOnNight(entries, '2026-12-02')).toHaveLength(1);
    expect(entriesOnNight(entries, '2026-12-03')).toHaveLength(0);
  });
});
