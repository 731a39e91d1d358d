import { describe, expect, it } from 'vitest';
import { UpdateSeasonsInputSchema } from '../season';
import { QuoteQuerySchema } from '../quote';
import { CreateBlockInputSchema, CreateFeedInputSchema } from '../calendar';
import { AvailabilityQuerySchema } from '../availability';
import { EnquiryStatusSchema, reservationDateErrors } from '../enquiry';

const fields = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const season = {
  name: 'Temporada alta',
  start: '2026-12-15',
  end: '2027-01-16',
  pricePerPerson: 120_000,
  minNights: 3,
};

describe('seasons input', () => {
  it('accepts seasons with or without ids and an optional base minimum', () => {
    expect(UpdateSeasonsInputSchema.parse({ seasons: [season] }).seasons[0]?.name).toBe('Temporada alta');
    expect(UpdateSeasonsInputSchema.parse({ seasons: [], baseMinNights: 2 }).baseMinNights).toBe(2);
    expect(UpdateSeasonsInputSchema.safeParse({ seasons: [{ ...season, id: 'abc_1' }] }).success).toBe(true);
  });

  it('puts each problem beside its field', () => {
    const r = UpdateSeasonsInputSchema.safeParse({
      seasons: [season, { ...season, name: 'Fin de año', start: '2027-01-01', end: '2027-01-03', minNights: 0 }],
      baseMinNights: 0,
    });
    expect(r.success).toBe(false);
    expect(Object.keys(fields(r)).sort()).toEqual(['baseMinNights', 'seasons.1.minNights', 'seasons.1.start']);
  });

  it.each([
    ['unknown key', { seasons: [{ ...season, color: 'red' }] }],
    ['price as text', { seasons: [{ ...season, pricePerPerson: '120000' }] }],
    [
      'repeated id',
      {
        seasons: [
          { ...season, id: 'a' },
          { ...season, id: 'a', start: '2027-02-01', end: '2027-02-02' },
        ],
      },
    ],
    ['bad id', { seasons: [{ ...season, id: '../x' }] }],
    ['no list', {}],
  ])('refuses %s', (_name, body) => {
    expect(UpdateSeasonsInputSchema.safeParse(body).success).toBe(false);
  });
});

describe('quote query', () => {
  it('reads the number of people strictly from the query string', () => {
    expect(QuoteQuerySchema.parse({ checkIn: '2027-02-01', checkOut: '2027-02-03', numPeople: '4' }).numPeople).toBe(4);
    for (const numPeople of ['', '12abc', '4.5', '-4', '1e1', '0', '21', '0x10']) {
      expect(
        QuoteQuerySchema.safeParse({ checkIn: '2027-02-01', checkOut: '2027-02-03', numPeople }).success,
        numPeople,
      ).toBe(false);
    }
  });

  it.each([
    ['checkout before check-in', '2027-02-03', '2027-02-01', 'checkOut'],
    ['same day', '2027-02-03', '2027-02-03', 'checkOut'],
    ['impossible date', '2027-02-30', '2027-03-03', 'checkIn'],
    ['too long', '2027-01-01', '2028-01-02', 'checkOut'],
  ])('refuses %s', (_name, checkIn, checkOut, field) => {
    expect(Object.keys(fields(QuoteQuerySchema.safeParse({ checkIn, checkOut, numPeople: '2' })))).toEqual([field]);
  });
});

describe('blocks, feeds and availability queries', () => {
  it('checks a manual block', () => {
    expect(CreateBlockInputSchema.parse({ start: '2027-02-01', end: '2027-02-03' })).toEqual({
      start: '2027-02-01',
      end: '2027-02-03',
      note: '',
    });
    expect(fields(CreateBlockInputSchema.safeParse({ start: '2027-02-03', end: '2027-02-03' }))).toHaveProperty('end');
    expect(
      CreateBlockInputSchema.safeParse({ start: '2027-02-01', end: '2027-02-03', note: 'x'.repeat(201) }).success,
    ).toBe(false);
    expect(CreateBlockInputSchema.safeParse({ start: '2027-02-01', end: '2027-02-03', guest: 'x' }).success).toBe(
      false,
    );
  });

  it('takes http, https and webcal feed URLs only', () => {
    expect(CreateFeedInputSchema.parse({ name: 'Airbnb', url: ' webcal://example.com/cal.ics ' }).url).toBe(
      'https://example.com/cal.ics',
    );
    for (const url of [
      'ftp://example.com/a.ics',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'example.com/a.ics',
      '',
    ]) {
      expect(CreateFeedInputSchema.safeParse({ name: 'X', url }).success, url).toBe(false);
    }
  });

  it('accepts an availability window given in part or not at all', () => {
    expect(AvailabilityQuerySchema.parse({})).toEqual({});
    expect(AvailabilityQuerySchema.parse({ from: '2027-01-01', extra: 'ignored' })).toEqual({ from: '2027-01-01' });
    expect(AvailabilityQuerySchema.safeParse({ from: '2027-13-01' }).success).toBe(false);
    expect(AvailabilityQuerySchema.safeParse({ to: ['2027-01-01', '2027-02-01'] }).success).toBe(false);
  });
});

describe('enquiry statuses and stays', () => {
  it('has the four statuses and keeps the old ones valid', () => {
    expect(EnquiryStatusSchema.options).toEqual(['nueva', 'respondida', 'confirmada', 'cancelada']);
  });

  it('refuses a stay longer than a year', () => {
    expect(reservationDateErrors('2027-01-01', '2028-01-02', '2026-12-01').checkOut).toMatch(/365 noches/);
    expect(reservationDateErrors('2027-01-01', '2028-01-01', '2026-12-01')).toEqual({});
  });
});
