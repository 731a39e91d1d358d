import { describe, expect, it } from 'vitest';
import { formatMoney } from '@cabana/shared/pricing/pricing';
import { quoteStay, stayNights, stayWhatsappText } from '../stay';

describe('stay quote', () => {
  it('counts nights only for two valid dates in order', () => {
    expect(stayNights({ checkIn: '2026-12-20', checkOut: '2026-12-23', numPeople: 2 })).toBe(3);
    expect(stayNights({ checkIn: '2026-12-20', checkOut: '2026-12-20', numPeople: 2 })).toBe(0);
    expect(stayNights({ checkIn: '2026-12-20', checkOut: '2026-12-18', numPeople: 2 })).toBe(0);
    expect(stayNights({ checkIn: '', checkOut: '2026-12-18', numPeople: 2 })).toBe(0);
    expect(stayNights({ checkIn: '2026-02-30', checkOut: '2026-03-02', numPeople: 2 })).toBe(0);
  });

  it('gives per-night and stay totals, or nulls while the price is unknown', () => {
    expect(quoteStay({ checkIn: '2026-12-20', checkOut: '2026-12-23', numPeople: 4 }, 80_000)).toEqual({
      perNight: 320_000,
      nights: 3,
      total: 960_000,
    });
    expect(quoteStay({ checkIn: '', checkOut: '', numPeople: 4 }, 80_000)).toEqual({
      perNight: 320_000,
      nights: 0,
      total: null,
    });
    expect(quoteStay({ checkIn: '2026-12-20', checkOut: '2026-12-23', numPeople: 4 }, null)).toEqual({
      perNight: null,
      nights: 3,
      total: null,
    });
  });

  it('writes the chosen stay into the WhatsApp text', () => {
    const text = stayWhatsappText(
      { checkIn: '2026-12-20', checkOut: '2026-12-23', numPeople: 4 },
      80_000,
      'USD',
      4000,
      'Ana',
    );
    expect(text).toContain('Nombre: Ana');
    expect(text).toContain('Personas: 4');
    expect(text).toContain('Noches: 3');
    expect(text).toContain(`Total de la estadía: ${formatMoney(960_000, 'USD', 4000)}`);
    expect(text).toContain('$240.00');
    expect(text).toMatch(/Llegada: .*20.*2026/);
    // Without dates: no nights or stay total, still the group size and the nightly total.
    const partial = stayWhatsappText({ checkIn: '', checkOut: '', numPeople: 2 }, 80_000, 'COP', 4000);
    expect(partial).not.toContain('Noches');
    expect(partial).toContain(`Total por noche: ${formatMoney(160_000, 'COP')}`);
  });
});
