import { RequestBookingInputSchema, type RequestBookingInput } from '@cabana/shared/domain/schemas/booking';
import { reservationDateProblems } from '@cabana/shared/domain/schemas/enquiry';
import { CALENDAR_LIMITS } from '@cabana/shared/domain/config/calendar';
import { es } from '../../i18n/es';
import { makeI18n } from '../../i18n/i18n';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import { whatsappLink } from '@cabana/shared/domain/config/settings';
import type { PricingRules } from '@cabana/shared/domain/pricing/seasons';
import { env } from '../../config/env';
import { businessEmailParams } from '../../lib/emailjs';
import { sendBookingRequest } from '../../lib/send-enquiry';
import { formatDay } from '../../lib/stay';
import { partText, quoteStay, stayWhatsappText, type StayI18n } from '../../lib/stay-quote';
import type { FormChecks, SentOutcome, SuccessStatus } from '../../lib/use-enquiry-form';
import { dateRuleErrors, fieldErrorsOf } from '../../lib/validation';
import { cop, formatInstant, guestBookingHref, nextStep, type BookingI18n } from '../../lib/booking-text';
import type { ReservationValues } from './reservation-form';

const SPANISH = makeI18n('es', es);

/** What really happened to the request, in the page's language: received, held (instant booking) or confirmed. */
export function requestOutcome(outcome: SentOutcome, i: BookingI18n): SuccessStatus {
  const w = i.m.booking.outcome;
  const b = outcome.booking;
  if (!b) {
    // The server could not be reached; the request went by e-mail only.
    return { text: w.byMail, detail: w.byMailDetail };
  }
  const link = { href: guestBookingHref(i.lang, b.code, b.token), label: w.view };
  const ref = i.t(w.code, { code: b.code });
  if (b.state === 'confirmada') return { text: w.confirmed, detail: ref, link };
  if (b.state === 'aceptada') {
    const deposit = cop(b.price.deposit, i.lang);
    const text = b.depositDueAt
      ? i.t(w.acceptedDue, { deposit, due: formatInstant(b.depositDueAt, i.lang) })
      : i.t(w.accepted, { deposit });
    return { text, detail: ref, link };
  }
  return { text: i.t(w.received, { ref }), detail: i.t(w.receivedDetail, { next: nextStep(b, i) }), link };
}

/**
 * The booking request's checks (the server's schema) and e-mails, loaded with zod when the visitor
 * first uses the form. `rules` gives the prices (base and seasons) shown at the time of sending.
 */
export const reservationChecks = (
  rules: () => PricingRules | null,
  i18n: StayI18n,
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
      // The guest's language: the e-mails and the private page's link follow it.
      lang: i18n.lang,
    });
    if (parsed.success) return { ok: true, input: parsed.data };
    // Date rules too, even while other fields are still wrong (last: zod words their issues as `custom`).
    const dates = dateRuleErrors(reservationDateProblems(v.checkIn, v.checkOut), i18n, CALENDAR_LIMITS.maxStayNights);
    return { ok: false, errors: { ...fieldErrorsOf(parsed.error, i18n), ...dates } };
  },
  send: (input, emails) => sendBookingRequest(input, emails, i18n),
  checkFields: i18n.m.form.checkFields,
  whatsappHref: (v, settings) => whatsappLink(settings, stayWhatsappText(v, rules(), 'COP', settings, i18n, v.name)),
  success: (outcome) => {
    const said = requestOutcome(outcome, i18n);
    // The server took it: the guest lands on the booking's own page (code, stay, next steps,
    // payment), and the form is gone, so it cannot be sent twice by accident (issue 32).
    if (said.link) window.location.assign(said.link.href);
    return said;
  },
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
      prices: q.parts.length > 0 ? q.parts.map((part) => partText(part, 'COP', SPANISH)).join('\n') : 'por confirmar',
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
