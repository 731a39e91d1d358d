import { ReservationInputSchema, reservationDateErrors } from '@cabana/shared/schemas/enquiry';
import { formatMoney } from '@cabana/shared/pricing/pricing';
import { env } from '../../config/env';
import { formatDay, quoteStay } from '../../lib/stay';
import type { FormChecks } from '../../lib/use-enquiry-form';
import { fieldErrorsOf } from '../../lib/validation';
import type { ReservationValues } from './reservation-form';

/**
 * The reservation's checks (the server's schema) and e-mails, loaded with zod when the visitor
 * first uses the form. `price` gives the price per person shown at the time of sending.
 */
export const reservationChecks = (price: () => number | null): FormChecks<ReservationValues> => ({
  validate: (v, formToken) => {
    const parsed = ReservationInputSchema.safeParse({
      type: 'reserva',
      name: v.name,
      email: v.email,
      phone: v.phone,
      checkIn: v.checkIn,
      checkOut: v.checkOut,
      numPeople: v.numPeople,
      message: v.message,
      consent: v.consent,
      website: v.website,
      formToken,
    });
    if (parsed.success) return { ok: true, input: parsed.data };
    // Date rules too, even while other fields are still wrong.
    return { ok: false, errors: { ...reservationDateErrors(v.checkIn, v.checkOut), ...fieldErrorsOf(parsed.error) } };
  },
  emails: (input) => {
    if (input.type !== 'reserva') return [];
    const perPerson = price();
    const q = quoteStay(input, perPerson);
    const params = {
      tipo: 'Reserva',
      name: input.name,
      email: input.email,
      reply_to: input.email,
      phone: input.phone,
      checkIn: formatDay(input.checkIn),
      checkOut: formatDay(input.checkOut),
      numPeople: input.numPeople,
      nights: q.nights,
      pricePerPerson: perPerson === null ? 'por confirmar' : formatMoney(perPerson, 'COP'),
      totalPerNight: q.perNight === null ? 'por confirmar' : formatMoney(q.perNight, 'COP'),
      total: q.total === null ? 'por confirmar' : formatMoney(q.total, 'COP'),
      message: input.message || '(sin mensaje)',
    };
    return [
      { templateId: env.emailjs.templateReserva, params, required: true },
      {
        templateId: env.emailjs.templateReservaCliente,
        params: { ...params, to_name: input.name, to_email: input.email },
        required: false,
      },
    ];
  },
});
