import { describe, expect, it } from 'vitest';
import { historyText } from '../../bookings/history-words';
import { formatReceivedAt } from '../owner-dates';

// 06:11 UTC is 1:11 a. m. at the cabin (UTC−5): the day period ends with its own period.
const AT_1_11_AM = '2026-12-01T06:11:00.000Z';

describe('the panel time formatter', () => {
  it('writes a moment once, its day period ending with a single period', () => {
    const text = formatReceivedAt(AT_1_11_AM);
    expect(text).toMatch(/1:11\sa\.\s?m\.$/);
    expect(text).not.toMatch(/\.\.|\d{4}-\d{2}-\d{2}|\d+\/\d+\/\d+/);
  });

  it('is the one the panel history uses for the instants inside an event', () => {
    const text = historyText({ kind: 'accepted', data: { until: AT_1_11_AM } }, 'es', formatReceivedAt);
    expect(text).toBe(`Reserva aceptada: fechas guardadas hasta el ${formatReceivedAt(AT_1_11_AM)}`);
    expect(text).not.toMatch(/\.\.|\d+\/\d+\/\d+|hora de Colombia/);
  });
});
