import { RequestBookingInputSchema, type RequestBookingInput } from '@cabana/shared/schemas/booking';
import { reservationDateErrors } from '@cabana/shared/schemas/enquiry';
import { formatMoney } from '@cabana/shared/pricing/pricing';
import type { PricingRules } from '@cabana/shared/pricing/seasons';
import { env } from '../../config/env';
import { businessEmailParams } from '../../lib/emailjs';
import { sendBookingRequest } from '../../lib/send-enquiry';
import { formatDay, partText, quoteStay } from '../../lib/stay';
import type { FormChecks, SentOutcome, SuccessStatus } from '../../lib/use-enquiry-form';
import { fieldErrorsOf } from '../../lib/validation';
import { cop, formatInstant, guestBookingHref, nextStep } from '../../lib/booking-text';
import type { ReservationValues } from './reservation-form';

/** What really happened to the request: received, held (instant booking) or confirmed. */
export function requestOutcome(outcome: SentOutcome): SuccessStatus {
  const b = outcome.booking;
  if (!b) {
    // The server could not be reached; the request went by e-mail only.
    return {
      text: 'Solicitud enviada por correo.',
      detail: 'Te escribiremos para confirmar si las fechas están libres. Aún no está reservada.',
    };
  }
  const link = { href: guestBookingHref(b.code, b.token), label: 'Ver mi reserva' };
  const ref = `Código de reserva: ${b.code}.`;
  if (b.state === 'confirmada') return { text: '¡Gracias por tu reserva! Ha quedado confirmada.', detail: ref, link };
  if (b.state === 'aceptada') {
    const due = b.depositDueAt ? ` antes del ${formatInstant(b.depositDueAt)}` : '';
    return { text: `Reserva aceptada: paga el anticipo de ${cop(b.price.deposit)}${due}.`, detail: ref, link };
  }
  return {
    text: `Solicitud recibida. ${ref}`,
    detail: `${nextStep(b)} Te enviamos un correo con el enlace a tu reserva.`,
    link,
  };
}

/**
 * The booking request's checks (the server's schema) and e-mails, loaded with zod when the visitor
 * first uses the form. `rules` gives the prices (base and seasons) shown at the time of sending.
 */
export const reservationChecks = (
  rules: () => PricingRules | null,
): FormChecks<ReservationValues, RequestBookingInput> => ({
  validate: (v, formToken) => {
    const parsed = RequestBookingInputSchema.safeParse({
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
  send: sendBookingRequest,
  success: requestOutcome,
  emails: (input, settings) => {
    const r = rules();
    const q = quoteStay(input, r);
    // One price for every night, or one per season the stay touches.
    const only = q.parts.length === 1 ? q.parts[0] : undefined;
    const perPerson = only ? only.pricePerPerson : q.parts.length === 0 ? (r?.base.pricePerPerson ?? null) : null;
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
      pricePerPerson:
        perPerson !== null
          ? formatMoney(perPerson, 'COP')
          : q.parts.length > 1
            ? 'según la temporada'
            : 'por confirmar',
      totalPerNight:
        q.perNight !== null
          ? formatMoney(q.perNight, 'COP')
          : q.parts.length > 1
            ? 'según la temporada'
            : 'por confirmar',
      prices: q.parts.length > 0 ? q.parts.map((part) => partText(part, 'COP')).join('\n') : 'por confirmar',
      total: q.total === null ? 'por confirmar' : formatMoney(q.total, 'COP'),
      message: input.message || '(sin mensaje)',
      ...businessEmailParams(settings),
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
