import { afterEach, describe, expect, it } from 'vitest';
import { availabilityWindowEnd, isCalendarDate } from '../calendar-window';
import { clipRanges, isNightBlocked, isStayFree, mergeRanges, rangesOverlap } from '../ranges';
import { addDays, nightsOf } from '../../pricing/dates';

const r = (start: string, end: string) => ({ start, end });

describe('nights of a stay', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it.each([
    ['one night', '2027-02-10', '2027-02-11', ['2027-02-10']],
    ['no night when checkout is check-in', '2027-02-10', '2027-02-10', []],
    ['year boundary', '2026-12-30', '2027-01-02', ['2026-12-30', '2026-12-31', '2027-01-01']],
    ['leap day', '2028-02-28', '2028-03-01', ['2028-02-28', '2028-02-29']],
    ['US spring-forward night', '2027-03-13', '2027-03-16', ['2027-03-13', '2027-03-14', '2027-03-15']],
    ['EU fall-back night', '2027-10-30', '2027-11-01', ['2027-10-30', '2027-10-31']],
  ])('%s', (_name, checkIn, checkOut, nights) => {
    expect(nightsOf(checkIn, checkOut)).toEqual(nights);
  });

  it.each(['America/New_York', 'Europe/Madrid', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'])(
    'gives the same dates whatever the process time zone (%s)',
    (tz) => {
      process.env.TZ = tz;
      expect(nightsOf('2027-03-13', '2027-03-16')).toEqual(['2027-03-13', '2027-03-14', '2027-03-15']);
      expect(nightsOf('2027-10-30', '2027-11-02')).toEqual(['2027-10-30', '2027-10-31', '2027-11-01']);
      expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
      expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    },
  );
});

describe('blocked ranges', () => {
  it.each([
    ['empty', [], []],
    ['drops empty and reversed ranges', [r('2027-01-05', '2027-01-05'), r('2027-01-09', '2027-01-07')], []],
    [
      'sorts',
      [r('2027-03-01', '2027-03-02'), r('2027-01-01', '2027-01-03')],
      [r('2027-01-01', '2027-01-03'), r('2027-03-01', '2027-03-02')],
    ],
    [
      'joins overlapping',
      [r('2027-01-01', '2027-01-05'), r('2027-01-03', '2027-01-08')],
      [r('2027-01-01', '2027-01-08')],
    ],
    [
      'joins touching (turnover day stays blocked on both sides)',
      [r('2027-01-01', '2027-01-03'), r('2027-01-03', '2027-01-04')],
      [r('2027-01-01', '2027-01-04')],
    ],
    [
      'keeps a one-night gap',
      [r('2027-01-01', '2027-01-03'), r('2027-01-04', '2027-01-06')],
      [r('2027-01-01', '2027-01-03'), r('2027-01-04', '2027-01-06')],
    ],
    [
      'swallows a contained range',
      [r('2027-01-01', '2027-01-10'), r('2027-01-02', '2027-01-03')],
      [r('2027-01-01', '2027-01-10')],
    ],
    [
      'across the year boundary',
      [r('2026-12-28', '2027-01-01'), r('2027-01-01', '2027-01-02')],
      [r('2026-12-28', '2027-01-02')],
    ],
  ])('merge: %s', (_name, input, expected) => {
    expect(mergeRanges(input)).toEqual(expected);
  });

  it('does not change the ranges it is given', () => {
    const input = [r('2027-01-01', '2027-01-05'), r('2027-01-03', '2027-01-08')];
    mergeRanges(input);
    expect(input).toEqual([r('2027-01-01', '2027-01-05'), r('2027-01-03', '2027-01-08')]);
  });

  const blocked = [r('2027-01-10', '2027-01-13')]; // nights 10, 11, 12
  it.each([
    ['ends on the blocked first night (checkout that day)', '2027-01-07', '2027-01-10', true],
    ['starts on the blocked range checkout day (same-day turnover)', '2027-01-13', '2027-01-15', true],
    ['turnover on both sides', '2027-01-13', '2027-01-13', true],
    ['spans the blocked nights', '2027-01-08', '2027-01-15', false],
    ['takes the first blocked night', '2027-01-09', '2027-01-11', false],
    ['takes the last blocked night', '2027-01-12', '2027-01-14', false],
    ['inside', '2027-01-11', '2027-01-12', false],
  ])('stay %s: free = %s', (_name, checkIn, checkOut, free) => {
    expect(isStayFree({ checkIn, checkOut }, blocked)).toBe(free);
  });

  it('tells blocked nights apart', () => {
    expect(isNightBlocked('2027-01-09', blocked)).toBe(false);
    expect(isNightBlocked('2027-01-10', blocked)).toBe(true);
    expect(isNightBlocked('2027-01-12', blocked)).toBe(true);
    expect(isNightBlocked('2027-01-13', blocked)).toBe(false);
    expect(rangesOverlap(r('2027-01-01', '2027-01-10'), blocked[0]!)).toBe(false);
  });

  it('clips to a window', () => {
    expect(
      clipRanges(
        [r('2026-12-20', '2027-01-03'), r('2027-01-05', '2027-01-06'), r('2027-02-01', '2027-02-05')],
        r('2027-01-01', '2027-02-01'),
      ),
    ).toEqual([r('2027-01-01', '2027-01-03'), r('2027-01-05', '2027-01-06')]);
  });

  it.each([
    ['2026-11-15', '2027-12-01'],
    ['2026-01-01', '2027-02-01'],
    ['2026-12-31', '2028-01-01'],
  ])('default window from %s reaches the whole month 12 months ahead (%s)', (from, to) => {
    expect(availabilityWindowEnd(from)).toBe(to);
  });

  it('accepts only dates of the supported years', () => {
    expect(isCalendarDate('2027-02-28')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('1999-12-31')).toBe(false);
    expect(isCalendarDate('2200-01-01')).toBe(false);
    expect(isCalendarDate('2027-1-5')).toBe(false);
  });
});
