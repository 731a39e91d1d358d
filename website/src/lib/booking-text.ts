import { BUSINESS } from '@cabana/shared/config/business';
import { formatMoney } from '@cabana/shared/pricing/pricing';
import type { GuestBooking } from '@cabana/shared/schemas/booking';

/** The guest's private page of a booking: the link the e-mails carry. */
export const guestBookingHref = (code: string, token: string) => `/reserva/${code}?t=${encodeURIComponent(token)}`;

const instantFormat = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: BUSINESS.timeZone,
});

/** "5 de diciembre de 2026, 3:00 p. m.": an instant as the cabin's clock reads it. */
export const formatInstant = (iso: string) => instantFormat.format(new Date(iso));

export const cop = (n: number) => formatMoney(n, 'COP');

/** What happens next, in one or two sentences, for each state the guest may see. */
export function nextStep(b: Pick<GuestBooking, 'state' | 'depositDueAt' | 'price' | 'paid'>): string {
  switch (b.state) {
    case 'solicitada':
      return 'Revisamos tu solicitud y te respondemos por correo. Hasta que la aceptemos, las fechas no quedan guardadas para ti.';
    case 'aceptada':
      return b.depositDueAt
        ? `Guardamos tus fechas: paga el anticipo de ${cop(Math.max(0, b.price.deposit - b.paid))} antes del ${formatInstant(b.depositDueAt)} para confirmar la reserva.`
        : `Guardamos tus fechas: paga el anticipo de ${cop(b.price.deposit)} para confirmar la reserva.`;
    case 'confirmada':
      return 'Ha quedado confirmada. ¡Te esperamos!';
    case 'completada':
      return 'Tu estadía terminó. ¡Gracias por visitarnos!';
    case 'rechazada':
      return 'No podemos recibirte en esas fechas.';
    case 'vencida':
      return 'El plazo para pagar el anticipo pasó y las fechas quedaron libres de nuevo.';
    case 'cancelada':
      return 'La reserva está cancelada.';
  }
}
