import { describe, expect, it } from 'vitest';
import { formatMoney } from '@cabana/shared/pricing/pricing';
import type { PricingRules } from '@cabana/shared/pricing/seasons';
import { quoteStay, stayNights, stayWhatsappText } from '../stay';

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
      'Ana',
    );
    expect(text).toMatch(/^Hola, quisiera reservar en Cabaña Mar Azul\.\n/);
    expect(text).toContain('Nombre: Ana');
    expect(text).toContain('Personas: 4');
    expect(text).toContain('Noches: 3');
    expect(text).toContain(`Total de la estadía: ${formatMoney(960_000, 'USD', 4000)}`);
    expect(text).toContain('$240.00');
    expect(text).toMatch(/Llegada: .*20.*2026/);
    // Without dates: no nights or stay total, still the group size and the nightly total.
    const partial = stayWhatsappText({ checkIn: '', checkOut: '', numPeople: 2 }, baseRules(80_000), 'COP', {
      name: 'Cabaña Mar Azul',
      copPerUsd: 4000,
    });
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
    const text = stayWhatsappText({ checkIn: '2026-12-13', checkOut: '2026-12-17', numPeople: 4 }, rules, 'COP', {
      name: 'Cabaña Mar Azul',
      copPerUsd: 4000,
    });
    expect(text).toContain(`Tarifa base: 2 noches a ${formatMoney(80_000, 'COP')} por persona`);
    expect(text).toContain(`Temporada alta: 2 noches a ${formatMoney(150_000, 'COP')} por persona`);
    expect(text).toContain(`Total de la estadía: ${formatMoney(1_840_000, 'COP')}`);
    expect(text).not.toContain('Total por noche');
  });
});
