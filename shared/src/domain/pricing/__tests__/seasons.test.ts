import { describe, expect, it } from 'vitest';
import { BUSINESS } from '../../config/business';
import { BASE_RATE_NAME, checkStay, minNightsForStay, quoteStay, STAY_MESSAGES, type PricingRules } from '../seasons';
import { seasonProblems, type SeasonDraft } from '../season-problems';

const alta = {
  id: 'alta',
  name: 'Temporada alta',
  start: '2026-12-15',
  end: '2027-01-16',
  pricePerPerson: 120_000,
  minNights: 3,
};
const santa = {
  id: 'santa',
  name: 'Semana Santa',
  start: '2027-03-21',
  end: '2027-03-29',
  pricePerPerson: 110_000,
  minNights: 4,
};
const rules: PricingRules = { base: { pricePerPerson: 80_000, minNights: 1 }, seasons: [alta, santa] };

describe('seasonal quote', () => {
  it.each([
    // [name, checkIn, checkOut, people, total, minNights]
    ['base only', '2027-02-01', '2027-02-04', 4, 3 * 4 * 80_000, 1],
    ['inside a season', '2026-12-20', '2026-12-23', 2, 3 * 2 * 120_000, 3],
    [
      'last base night, then the season (edge: start is a season night)',
      '2026-12-14',
      '2026-12-16',
      2,
      2 * (80_000 + 120_000),
      3,
    ],
    ['checkout on the season start does not touch it', '2026-12-12', '2026-12-15', 2, 3 * 2 * 80_000, 1],
    ['the season end is not a season night', '2027-01-16', '2027-01-18', 2, 2 * 2 * 80_000, 1],
    ['last season night then base', '2027-01-15', '2027-01-17', 3, 3 * (120_000 + 80_000), 3],
    ['across the year boundary', '2026-12-30', '2027-01-02', 2, 3 * 2 * 120_000, 3],
    [
      'two seasons: the highest minimum wins',
      '2027-01-10',
      '2027-03-23',
      2,
      2 * (6 * 120_000 + 64 * 80_000 + 2 * 110_000),
      4,
    ],
  ])('%s', (_name, checkIn, checkOut, numPeople, total, minNights) => {
    const q = quoteStay({ checkIn, checkOut, numPeople }, rules);
    expect(q.total).toBe(total);
    expect(q.minNights).toBe(minNights);
    expect(q.nights).toBe(q.nightly.length);
    expect(q.nightly.reduce((s, n) => s + n.pricePerPerson * numPeople, 0)).toBe(total);
    expect(q.breakdown.reduce((s, p) => s + p.subtotal, 0)).toBe(total);
    expect(q.breakdown.reduce((s, p) => s + p.nights, 0)).toBe(q.nights);
  });

  it('prices each night and groups them by season in the order of the stay', () => {
    const q = quoteStay({ checkIn: '2027-01-14', checkOut: '2027-01-18', numPeople: 2 }, rules);
    expect(q.nightly).toEqual([
      { date: '2027-01-14', pricePerPerson: 120_000 },
      { date: '2027-01-15', pricePerPerson: 120_000 },
      { date: '2027-01-16', pricePerPerson: 80_000 },
      { date: '2027-01-17', pricePerPerson: 80_000 },
    ]);
    expect(q.breakdown).toEqual([
      { seasonId: 'alta', name: 'Temporada alta', nights: 2, pricePerPerson: 120_000, subtotal: 480_000 },
      { seasonId: null, name: BASE_RATE_NAME, nights: 2, pricePerPerson: 80_000, subtotal: 320_000 },
    ]);
  });

  it('takes the base minimum when a stay also has nights outside every season', () => {
    const strictBase: PricingRules = { base: { pricePerPerson: 80_000, minNights: 5 }, seasons: [alta] };
    expect(minNightsForStay('2026-12-20', '2026-12-22', strictBase)).toBe(3);
    expect(minNightsForStay('2026-12-10', '2026-12-16', strictBase)).toBe(5);
    expect(minNightsForStay('2027-02-01', '2027-02-01', strictBase)).toBe(5);
  });

  it('tells why a stay cannot be asked for', () => {
    const blocked = [{ start: '2027-02-10', end: '2027-02-12' }];
    expect(checkStay({ checkIn: '2027-02-12', checkOut: '2027-02-14' }, rules, blocked)).toEqual({
      available: true,
      minNights: 1,
      tooShort: false,
      problems: [],
    });
    expect(checkStay({ checkIn: '2027-02-08', checkOut: '2027-02-10' }, rules, blocked).available).toBe(true);
    const both = checkStay({ checkIn: '2027-01-15', checkOut: '2027-01-16' }, rules, [
      { start: '2027-01-15', end: '2027-01-16' },
    ]);
    expect(both).toEqual({
      available: false,
      minNights: 3,
      tooShort: true,
      problems: [STAY_MESSAGES.unavailable, 'La estadía mínima para estas fechas es de 3 noches.'],
    });
  });
});

describe('season validation', () => {
  const ok: SeasonDraft[] = [alta, santa];

  it('accepts seasons that only touch', () => {
    expect(seasonProblems(ok)).toEqual([]);
    expect(seasonProblems([alta, { ...santa, start: '2027-01-16', end: '2027-01-20' }])).toEqual([]);
  });

  it.each<[string, SeasonDraft[], Array<[number, string]>]>([
    ['end before start', [{ ...alta, end: '2026-12-01' }], [[0, 'end']]],
    ['end equal to start', [{ ...alta, end: alta.start }], [[0, 'end']]],
    ['overlap by one night', [alta, { ...santa, start: '2027-01-15', end: '2027-01-20' }], [[1, 'start']]],
    ['overlap given in reverse order', [{ ...santa, start: '2027-01-15', end: '2027-01-20' }, alta], [[0, 'start']]],
    [
      'a long season overlapping a later one',
      [{ ...alta, end: '2027-06-01' }, { ...santa, start: '2027-02-01', end: '2027-02-05' }, santa],
      [
        [1, 'start'],
        [2, 'start'],
      ],
    ],
    ['price below the bounds', [{ ...alta, pricePerPerson: BUSINESS.priceMin - 1 }], [[0, 'pricePerPerson']]],
    ['price above the bounds', [{ ...alta, pricePerPerson: BUSINESS.priceMax + 1 }], [[0, 'pricePerPerson']]],
    ['price with decimals', [{ ...alta, pricePerPerson: 100_000.5 }], [[0, 'pricePerPerson']]],
    ['price NaN', [{ ...alta, pricePerPerson: Number.NaN }], [[0, 'pricePerPerson']]],
    ['minimum nights zero', [{ ...alta, minNights: 0 }], [[0, 'minNights']]],
    ['minimum nights with decimals', [{ ...alta, minNights: 1.5 }], [[0, 'minNights']]],
    ['empty name', [{ ...alta, name: '  ' }], [[0, 'name']]],
    ['impossible date', [{ ...alta, start: '2027-02-30' }], [[0, 'start']]],
  ])('%s', (_name, seasons, expected) => {
    const problems = seasonProblems(seasons);
    expect(problems.map((p) => [p.index, p.field])).toEqual(expected);
    for (const p of problems) expect(p.message).toMatch(/^[A-ZÁÉÍÓÚÑ¿«]|^La|^El|^Se/);
  });

  it('names the season it overlaps with', () => {
    const [p] = seasonProblems([alta, { ...santa, name: 'Fin de año', start: '2026-12-31', end: '2027-01-02' }]);
    expect(p?.message).toBe('Se cruza con «Temporada alta»: las temporadas no pueden solaparse.');
  });
});
