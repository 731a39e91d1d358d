import { describe, expect, it } from 'vitest';
import { GUEST_BOOKING_PATHS } from '@cabana/shared/domain/pages/guest-paths';
import { guestBookingOf } from '../paths';

describe('guestBookingOf', () => {
  it('reads the private page and its payment return page in both languages', () => {
    expect(guestBookingOf('/reserva/ABCD2345')).toMatchObject({ code: 'ABCD2345', lang: 'es', payment: undefined });
    expect(guestBookingOf('/reserva/ABCD2345/pago/')).toEqual({ code: 'ABCD2345', lang: 'es', payment: '/pago' });
    expect(guestBookingOf('/en/booking/abc')).toMatchObject({ code: 'abc', lang: 'en', payment: undefined });
    expect(guestBookingOf('/en/booking/ABCD2345/payment')).toEqual({
      code: 'ABCD2345',
      lang: 'en',
      payment: '/payment',
    });
    for (const lang of ['es', 'en'] as const)
      expect(guestBookingOf(`${GUEST_BOOKING_PATHS[lang]}/X1`)).toMatchObject({ code: 'X1', lang });
  });

  it('is null for any other path', () => {
    for (const path of [
      '/reserva',
      '/reserva/',
      '/reserva/ABCD2345/pago/x',
      '/reserva/ABCD2345/factura',
      '/reserva/AB-CD',
      '/en/reserva/ABCD2345',
      '/planes',
    ])
      expect(guestBookingOf(path), path).toBeNull();
  });
});
