import { describe, expect, it } from 'vitest';
import { guestBookingOf, guestPaymentPath } from '../paths';

describe('guestBookingOf', () => {
  it('reads the private page and its payment return page in both languages', () => {
    expect(guestBookingOf('/reserva/ABCD2345')).toEqual({ code: 'ABCD2345', lang: 'es', view: 'booking' });
    expect(guestBookingOf('/reserva/ABCD2345/pago/')).toEqual({ code: 'ABCD2345', lang: 'es', view: 'payment' });
    expect(guestBookingOf('/en/booking/abc')).toEqual({ code: 'abc', lang: 'en', view: 'booking' });
    expect(guestBookingOf('/en/booking/ABCD2345/payment')).toEqual({ code: 'ABCD2345', lang: 'en', view: 'payment' });
    expect(guestBookingOf(guestPaymentPath('en', 'X1'))).toEqual({ code: 'X1', lang: 'en', view: 'payment' });
  });

  it("is null for any other path, the other language's segment included", () => {
    for (const path of [
      '/reserva',
      '/reserva/',
      '/reserva/ABCD2345/payment',
      '/en/booking/ABCD2345/pago',
      '/reserva/ABCD2345/pago/x',
      '/reserva/AB-CD',
      '/en/reserva/ABCD2345',
      '/planes',
    ])
      expect(guestBookingOf(path), path).toBeNull();
  });
});
