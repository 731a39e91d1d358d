import { describe, expect, it } from 'vitest';
import { dayIsDisabled, lastCheckOut, minimumBroken, pickDay, type CalendarFacts } from '../stay-picking';

// Nights of the 10th and 11th taken, and the 20th; the window ends on the 31st.
const FACTS: CalendarFacts = {
  today: '2026-12-02',
  to: '2026-12-31',
  blocked: [
    { start: '2026-12-10', end: '2026-12-12' },
    { start: '2026-12-20', end: '2026-12-21' },
  ],
};
const NONE = { checkIn: '', checkOut: '' };

describe('picking a stay on the calendar', () => {
  it('offers as arrivals only free nights from today inside the window', () => {
    expect(dayIsDisabled('2026-12-01', NONE, FACTS)).toBe(true);
    expect(dayIsDisabled('2026-12-02', NONE, FACTS)).toBe(false);
    expect(dayIsDisabled('2026-12-10', NONE, FACTS)).toBe(true);
    expect(dayIsDisabled('2026-12-11', NONE, FACTS)).toBe(true);
    // The morning after the last blocked night is free to arrive on (same-day turnover).
    expect(dayIsDisabled('2026-12-12', NONE, FACTS)).toBe(false);
    expect(dayIsDisabled('2026-12-30', NONE, FACTS)).toBe(false);
    expect(dayIsDisabled('2026-12-31', NONE, FACTS)).toBe(true);
  });

  it('lets the departure fall on the first blocked night, never past it', () => {
    const arriving = pickDay('2026-12-07', NONE, FACTS);
    expect(arriving).toEqual({ checkIn: '2026-12-07', checkOut: '' });
    expect(lastCheckOut('2026-12-07', FACTS)).toBe('2026-12-10');
    expect(dayIsDisabled('2026-12-10', arriving, FACTS)).toBe(false);
    expect(dayIsDisabled('2026-12-11', arriving, FACTS)).toBe(true);
    expect(dayIsDisabled('2026-12-13', arriving, FACTS)).toBe(true);
    expect(pickDay('2026-12-10', arriving, FACTS)).toEqual({ checkIn: '2026-12-07', checkOut: '2026-12-10' });
  });

  it('refuses a range over a blocked night: the picking stays as it was', () => {
    const arriving = pickDay('2026-12-07', NONE, FACTS);
    expect(pickDay('2026-12-13', arriving, FACTS)).toBe(arriving);
    expect(pickDay('2026-12-25', pickDay('2026-12-12', NONE, FACTS), FACTS)).toEqual({
      checkIn: '2026-12-12',
      checkOut: '',
    });
  });

  it('reaches the end of the window after the last block, and restarts on an earlier day', () => {
    const arriving = pickDay('2026-12-21', NONE, FACTS);
    expect(lastCheckOut('2026-12-21', FACTS)).toBe('2026-12-31');
    expect(pickDay('2026-12-31', arriving, FACTS)).toEqual({ checkIn: '2026-12-21', checkOut: '2026-12-31' });
    expect(pickDay('2026-12-15', arriving, FACTS)).toEqual({ checkIn: '2026-12-15', checkOut: '' });
    // A complete stay: the next day picked is a new arrival.
    const stay = { checkIn: '2026-12-03', checkOut: '2026-12-05' };
    expect(pickDay('2026-12-06', stay, FACTS)).toEqual({ checkIn: '2026-12-06', checkOut: '' });
    expect(dayIsDisabled('2026-12-10', stay, FACTS)).toBe(true);
  });
});

describe('the minimum stay on the calendar (issue 32)', () => {
  // High season from the 22nd: 3 nights at least; outside it 1.
  const RULES = {
    base: { pricePerPerson: 80_000, minNights: 1 },
    seasons: [
      { id: 'alta', name: 'Alta', start: '2026-12-22', end: '2026-12-31', pricePerPerson: 120_000, minNights: 3 },
    ],
  };
  const WITH_RULES: CalendarFacts = { ...FACTS, rules: RULES };

  it('disables departures that would break the minimum, and says which minimum', () => {
    const arriving = { checkIn: '2026-12-22', checkOut: '' };
    expect(minimumBroken('2026-12-23', arriving, WITH_RULES)).toBe(3);
    expect(minimumBroken('2026-12-24', arriving, WITH_RULES)).toBe(3);
    expect(dayIsDisabled('2026-12-23', arriving, WITH_RULES)).toBe(true);
    expect(dayIsDisabled('2026-12-24', arriving, WITH_RULES)).toBe(true);
    expect(minimumBroken('2026-12-25', arriving, WITH_RULES)).toBeNull();
    expect(dayIsDisabled('2026-12-25', arriving, WITH_RULES)).toBe(false);
    // Picking a disabled departure changes nothing.
    expect(pickDay('2026-12-23', arriving, WITH_RULES)).toEqual(arriving);
  });

  it('a stay that reaches into the season takes its minimum; without rules nothing is disabled for it', () => {
    const arriving = { checkIn: '2026-12-21', checkOut: '' };
    expect(minimumBroken('2026-12-22', arriving, WITH_RULES)).toBeNull();
    expect(minimumBroken('2026-12-23', arriving, WITH_RULES)).toBe(3);
    expect(dayIsDisabled('2026-12-23', arriving, FACTS)).toBe(false);
  });
});
