import { es } from '../../i18n/es';
import { makeI18n } from '../../i18n/i18n';
import { ReservationInputSchema, reservationDateErrors } from '@cabana/shared/schemas/enquiry';
import { formatMoney } from '@cabana/shared/pricing/pricing';
import type { PricingRules } from '@cabana/shared/pricing/seasons';
import { env } from '../../config/env';
import { businessEmailParams } from '../../lib/emailjs';
import { formatDay, partText, quoteStay } from '../../lib/stay';
import type { FormChecks } from '../../lib/use-enquiry-form';
import { fieldErrorsOf } from '../../lib/validation';
import type { ReservationValues } from './reservation-form';

const SPANISH = makeI18n('es', es);

/**
 * The reservation's checks (the server's schema) and e-mails, loaded with zod when the visitor
 * first uses the form. `rules` gives the prices (base and seasons) shown at the time of sending.
 */
export const reservationChecks = (rules: () => PricingRules | null): FormChecks<ReservationValues> => ({
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
  emails: (input, settings) => {
    if (input.type !== 'reserva') return [];
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
      // The owner's e-mail is Spanish whatever the page's language.
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
      prices:
        q.parts.length > 0
          ? q.parts.map((part) => partText(part, 'COP', undefined, SPANISH)).join('\n')
          : 'por confirmar',
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
