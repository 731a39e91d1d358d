import { afterEach, describe, expect, it } from 'vitest';
import { addDays } from '@cabana/shared/domain/pricing/dates';
import { dateOfIso, isoOfDate } from '../calendar-dates';

const ORIGINAL_TZ = process.env.TZ;
afterEach(() => {
  // Node applies a change of TZ at once, for every Date made after it.
  if (ORIGINAL_TZ === undefined) delete process.env.TZ;
  else process.env.TZ = ORIGINAL_TZ;
});

// Ahead of UTC by up to 13 h, behind by up to 8, the cabin's own, and one whose DST starts at midnight.
const ZONES = ['Pacific/Auckland', 'America/Los_Angeles', 'America/Bogota', 'UTC', 'America/Santiago'];

describe('crossing between cabin dates and the picker', () => {
  for (const zone of ZONES) {
    it(`keeps every day of two years as it is in ${zone}`, () => {
      process.env.TZ = zone;
      let day = '2026-01-01';
      for (let i = 0; i < 2 * 366; i++, day = addDays(day, 1)) {
        const date = dateOfIso(day);
        // What the picker shows for that Date: the local day of the month.
        expect(date.getDate(), day).toBe(Number(day.slice(8)));
        expect(isoOfDate(date)).toBe(day);
      }
    });

    it(`reads a picker Date at any hour of its day as that day in ${zone}`, () => {
      process.env.TZ = zone;
      const evening = new Date(2026, 11, 5, 23, 30);
      const morning = new Date(2026, 11, 5, 0, 30);
      expect(isoOfDate(evening)).toBe('2026-12-05');
      expect(isoOfDate(morning)).toBe('2026-12-05');
    });
  }

  it('is not what parsing the ISO string would give west of Greenwich', () => {
    process.env.TZ = 'America/Los_Angeles';
    // The trap these helpers exist for: UTC midnight is the evening before in California.
    expect(new Date('2026-12-05').getDate()).toBe(4);
    expect(dateOfIso('2026-12-05').getDate()).toBe(5);
  });
});
