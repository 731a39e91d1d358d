import { describe, expect, it } from 'vitest';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import type { PricingRules } from '@cabana/shared/domain/pricing/seasons';
import { makeI18n } from '../../i18n/i18n';
import { en } from '../../i18n/en';
import { es } from '../../i18n/es';
import { defaultStay } from '../stay';
import { quoteStay, stayNights, stayWhatsappText } from '../stay-quote';
import { stayFromQuery, stayQuery } from '../stay-query';

const ES = makeI18n('es', es);
const EN = makeI18n('en', en);

/** A base price alone: no seasons, a one-night minimum. */
const baseRules = (pricePerPerson: number): PricingRules => ({
  base: { pricePerPerson, minNights: 1 },
  seasons: [],
});

describe('stay quote', () => {
  it('counts nights only for two valid dates in order', () => {
    expect(stayNights({ checkIn: '2026-12-20', checkOut: '2026-12-23', numPeople: 2 })).toBe(3);
    expect(stayNights({ checkIn: '2026-12-20', checkOut: '2026-12-20', numPeople: 2 })).toBe(0);
    expect(stayNights({ checkIn: '2026-12-20', checkOut: '2026-12-18', numPeople: 2 })).toBe(0);
    expect(stayNights({ checkIn: '', checkOut: '2026-12-18', numPeople: 2 })).toBe(0);
    expect(stayNights({ checkIn: '2026-02-30', checkOut: '2026-03-02', numPeople: 2 })).toBe(0);
  });

  it('gives per-night and stay totals, or nulls while the price is unknown', () => {
    expect(quoteStay({ checkIn: '2026-12-20', checkOut: '2026-12-23', numPeople: 4 }, baseRules(80_000))).toEqual({
      perNight: 320_000,
      nights: 3,
      total: 960_000,
      parts: [{ seasonId: null, name: 'Tarifa base', nights: 3, pricePerPerson: 80_000, subtotal: 960_000 }],
      minNights: 1,
    });
    expect(quoteStay({ checkIn: '', checkOut: '', numPeople: 4 }, baseRules(80_000))).toEqual({
      perNight: 320_000,
      nights: 0,
      total: null,
      parts: [],
      minNights: null,
    });
    expect(quoteStay({ checkIn: '2026-12-20', checkOut: '2026-12-23', numPeople: 4 }, null)).toEqual({
      perNight: null,
      nights: 3,
      total: null,
      parts: [],
      minNights: null,
    });
  });

  it('writes the chosen stay into the WhatsApp text', () => {
    const text = stayWhatsappText(
      { checkIn: '2026-12-20', checkOut: '2026-12-23', numPeople: 4 },
      baseRules(80_000),
      'USD',
      { name: 'Cabaña Mar Azul', copPerUsd: 4000 },
      ES,
      'Ana',
    );
    expect(text).toMatch(/^Hola, quisiera reservar en Cabaña Mar Azul\.\n/);
    expect(text).toContain('Nombre: Ana');
    expect(text).toContain('Personas: 4');
    expect(text).toContain('Noches: 3');
    expect(text).toContain(`Total de la estadía: ${formatMoney(960_000, 'USD', 4000)}`);
    expect(text.replace(/\s/g, ' ')).toContain('USD 240.00');
    expect(text).toMatch(/Llegada: .*20.*2026/);
    // Without dates: no nights or stay total, still the group size and the nightly total.
    const partial = stayWhatsappText(
      { checkIn: '', checkOut: '', numPeople: 2 },
      baseRules(80_000),
      'COP',
      { name: 'Cabaña Mar Azul', copPerUsd: 4000 },
      ES,
    );
    expect(partial).not.toContain('Noches');
    expect(partial).toContain(`Total por noche: ${formatMoney(160_000, 'COP')}`);
  });

  it('prices each night by its season, with the minimum stay of the seasons touched', () => {
    const rules: PricingRules = {
      base: { pricePerPerson: 80_000, minNights: 1 },
      seasons: [
        {
          id: 'alta',
          name: 'Temporada alta',
          start: '2026-12-15',
          end: '2027-01-10',
          pricePerPerson: 150_000,
          minNights: 3,
        },
      ],
    };
    const q = quoteStay({ checkIn: '2026-12-13', checkOut: '2026-12-17', numPeople: 4 }, rules);
    expect(q).toEqual({
      perNight: null,
      nights: 4,
      total: 4 * (2 * 80_000 + 2 * 150_000),
      parts: [
        { seasonId: null, name: 'Tarifa base', nights: 2, pricePerPerson: 80_000, subtotal: 640_000 },
        { seasonId: 'alta', name: 'Temporada alta', nights: 2, pricePerPerson: 150_000, subtotal: 1_200_000 },
      ],
      minNights: 3,
    });
    // One season only: one price per night again.
    expect(quoteStay({ checkIn: '2026-12-20', checkOut: '2026-12-23', numPeople: 2 }, rules).perNight).toBe(300_000);
    const stay = { checkIn: '2026-12-13', checkOut: '2026-12-17', numPeople: 4 };
    const settings = { name: 'Cabaña Mar Azul', copPerUsd: 4000 };
    const text = stayWhatsappText(stay, rules, 'COP', settings, ES);
    expect(text).toContain(`Tarifa base: 2 noches a ${formatMoney(80_000, 'COP')} por persona`);
    expect(text).toContain(`Temporada alta: 2 noches a ${formatMoney(150_000, 'COP')} por persona`);
    expect(text).toContain(`Total de la estadía: ${formatMoney(1_840_000, 'COP')}`);
    expect(text).not.toContain('Total por noche');
    // The English page: English words and dates, the base rate's own name, the owner's season name as written.
    const english = stayWhatsappText(stay, rules, 'USD', settings, EN, 'Ann');
    expect(english).toMatch(/^Hello, I would like to book Cabaña Mar Azul\.\n/);
    expect(english).toContain('Check-in: Sun, Dec 13, 2026');
    expect(english).toContain(`Base rate: 2 nights at ${formatMoney(80_000, 'USD', 4000)} per person`);
    expect(english).toContain(`Temporada alta: 2 nights at ${formatMoney(150_000, 'USD', 4000)} per person`);
    expect(english).toContain('Is it available?');
  });

  it('in dollars, every row is computed from the price converted once: the rows add up to the total (issue 32)', () => {
    // The case: 80,000 pesos at 4,021 per dollar is USD 19.90 a person; 2 people, 3 nights.
    // Converting the pesos' total (480,000) would say USD 119.37 against rows of 6 × 19.90 = 119.40.
    const stay = { checkIn: '2026-12-20', checkOut: '2026-12-23', numPeople: 2 };
    const q = quoteStay(stay, baseRules(80_000), 'USD', 4021);
    expect(q.parts.map((p) => [p.pricePerPerson, p.subtotal])).toEqual([[1990, 11_940]]);
    expect(q.perNight).toBe(3980);
    expect(q.total).toBe(11_940);
    expect(formatMoney(480_000, 'USD', 4021).replace(/\s/g, ' ')).toBe('USD 119.37');
    // Two seasons: each converted once, the total their sum to the cent.
    const rules = {
      base: { pricePerPerson: 80_000, minNights: 1 },
      seasons: [
        { id: 'alta', name: 'Alta', start: '2026-12-22', end: '2027-01-10', pricePerPerson: 150_000, minNights: 1 },
      ],
    };
    const two = quoteStay(stay, rules, 'USD', 4021);
    // 150,000 / 4,021 = 37.3041… → 3,730 cents.
    expect(two.parts.map((p) => [p.nights, p.pricePerPerson, p.subtotal])).toEqual([
      [2, 1990, 7960],
      [1, 3730, 7460],
    ]);
    expect(two.total).toBe(7960 + 7460);
    expect(two.perNight).toBeNull();
    const text = stayWhatsappText(stay, rules, 'USD', { name: 'Cabaña', copPerUsd: 4021 }, EN);
    expect(text.replace(/\s/g, ' ')).toContain('USD 154.20');
    expect(text).not.toMatch(/(^|[^S])\$/m);
    // In pesos: the server's own figures.
    expect(quoteStay(stay, rules).total).toBe(2 * 2 * 80_000 + 2 * 150_000);
  });

  it('keeps the stay in the query string and reads back only valid values', () => {
    const limits = { minPeople: 2, maxPeople: 10 };
    const stay = { checkIn: '2026-12-13', checkOut: '2026-12-17', numPeople: 6 };
    const query = stayQuery(stay, defaultStay(limits));
    expect(query).toBe('?checkin=2026-12-13&checkout=2026-12-17&people=6');
    expect(stayFromQuery(query, limits)).toEqual(stay);
    expect(stayQuery(defaultStay(limits), defaultStay(limits))).toBe('');
    expect(stayFromQuery('', limits)).toBeNull();
    // A check-out before the check-in, a date that is none, a group the owner does not take: left out.
    expect(stayFromQuery('?checkin=2026-12-13&checkout=2026-12-01&people=99', limits)).toEqual({
      checkIn: '2026-12-13',
      checkOut: '',
      numPeople: defaultStay(limits).numPeople,
    });
    expect(stayFromQuery('?checkin=mañana&people=3', limits)).toEqual({ checkIn: '', checkOut: '', numPeople: 3 });
  });
});
