import { describe, expect, it } from 'vitest';
import { HISTORY_KINDS } from '../../schemas/booking';
import { historyText } from '../history-words';

const DATA = { amount: 480_000, refund: 480_000, until: '2027-01-11T14:00:00.000Z', hours: 12, method: 'nequi' };

describe('the typed history in the reader’s language', () => {
  for (const kind of HISTORY_KINDS) {
    it(`${kind}: worded in Spanish and in English, differently`, () => {
      const es = historyText({ kind, data: DATA }, 'es');
      const en = historyText({ kind, data: DATA }, 'en');
      expect(es).not.toBe('');
      expect(en).not.toBe(es);
      // No Spanish in the English words: no accents, no ñ, no "reserva".
      expect(en).not.toMatch(/[áéíóúñ¿¡]|reserva|pago|plazo/i);
      expect(en).not.toContain('Invalid Date');
    });
  }

  it('names the cabin’s time zone with an instant', () => {
    expect(historyText({ kind: 'reopened', data: DATA }, 'es')).toContain('(hora de Colombia)');
    expect(historyText({ kind: 'reopened', data: DATA }, 'en')).toContain('9:00 AM (Colombia time)');
  });
});
