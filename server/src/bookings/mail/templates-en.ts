import type { MailContext, MailTemplates } from './render';
import { ES_TEMPLATES } from './templates-es';
import { mailParts } from './parts';
import { REFUND_WITHIN_BUSINESS_DAYS, refundMethodOf } from '@cabana/shared/domain/bookings/lifecycle';

const refundHow = (ctx: MailContext) =>
  `${refundMethodOf(ctx.booking) === 'wompi' ? 'through Wompi, to the card or account you paid with' : 'by bank transfer to the account you give us'}, within ${REFUND_WITHIN_BUSINESS_DAYS} business days`;

/**
 * The English messages to a guest who booked on the English site; the owner's messages about
 * the same booking stay Spanish (the admin is Spanish).
 */

const { money, instant, balanceWhen, owed, owedLine, stay, price, howToPay, policy, guest } = mailParts({
  lang: 'en',
  instantZone: ' (Colombia time)',
  people: (n) => `${n} ${n === 1 ? 'person' : 'people'}`,
  nights: (n) => `${n} ${n === 1 ? 'night' : 'nights'}`,
  booking: 'Booking',
  checkIn: (day, time) => `Check-in: ${day}, from ${time}`,
  checkOut: (day, time) => `Check-out: ${day}, by ${time}`,
  lodging: 'Lodging',
  cleaning: 'Cleaning',
  total: 'Total',
  note: 'Note',
  deposit: 'Deposit',
  balance: 'Balance',
  balanceBy: (day) => `by ${day}`,
  onArrival: 'on arrival',
  bankTransfer: 'Bank transfer',
  askHowToPay: (phone) => `Message us on WhatsApp at ${phone} and we will tell you how to pay.`,
  howToPay: 'How to pay',
  uploadReceipt: 'Upload the receipt on your booking page.',
  policy: 'Cancellation policy',
  hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
  seeBooking: 'See your booking',
  balanceDue: (amount, when) => `Balance due: ${amount}, ${when}.`,
  nothingDue: 'Nothing is left to pay.',
});

export const EN_TEMPLATES: MailTemplates = {
  ...ES_TEMPLATES,
  'guest-received': (ctx) =>
    guest(
      ctx,
      `We received your booking request ${ctx.booking.code}`,
      'We received your request. The dates are not booked yet: we will write to you soon to accept it and ask for the deposit.',
      stay(ctx.booking),
      price(ctx.booking),
      policy(ctx.booking),
    ),
  'guest-accepted': (ctx) =>
    guest(
      ctx,
      `Booking accepted: pay the deposit before ${instant(ctx.booking.depositDueAt!)}`,
      `We accepted your booking! We are holding the dates for you until ${instant(ctx.booking.depositDueAt!)}. Pay the deposit of ${money(ctx.booking.price.deposit)} before then to confirm it; otherwise the dates will be freed.`,
      stay(ctx.booking),
      price(ctx.booking),
      howToPay(ctx.settings),
      policy(ctx.booking),
    ),
  'guest-confirmed': (ctx) =>
    guest(
      ctx,
      `Booking confirmed ${ctx.booking.code}`,
      `Your booking is confirmed! We received ${money(ctx.booking.paid)}.`,
      stay(ctx.booking),
      owedLine(ctx.booking),
      howToPay(ctx.settings),
    ),
  'guest-payment': (ctx) =>
    guest(
      ctx,
      `We received your payment (booking ${ctx.booking.code})`,
      `We recorded your payment. You have paid ${money(ctx.booking.paid)} of ${money(ctx.booking.price.total)}.`,
      owedLine(ctx.booking),
    ),
  'guest-hold-reminder': (ctx) =>
    guest(
      ctx,
      `Reminder: the deposit for your booking ${ctx.booking.code} is due soon`,
      `We are holding your dates until ${instant(ctx.booking.depositDueAt!)}. Pay the deposit of ${money(ctx.booking.price.deposit)} before then to confirm the booking.`,
      howToPay(ctx.settings),
    ),
  'guest-registration-reminder': (ctx) =>
    guest(
      ctx,
      `Register your party before you arrive: booking ${ctx.booking.code}`,
      `Colombian law asks us to register every guest with the Ministry of Commerce, Industry and Tourism (the lodging registration card, TRA) and foreign guests with Migración Colombia. Do it online on your booking page and you will not need to give these details on arrival.`,
      stay(ctx.booking),
    ),
  'guest-balance-reminder': (ctx) =>
    guest(
      ctx,
      `Reminder: balance of your booking ${ctx.booking.code}`,
      `A reminder of the balance due: ${money(owed(ctx.booking))}, ${balanceWhen(ctx.booking)}.`,
      stay(ctx.booking),
      howToPay(ctx.settings),
    ),
  'guest-cancelled': (ctx) =>
    guest(
      ctx,
      `Booking cancelled ${ctx.booking.code}`,
      `Your booking was cancelled${ctx.booking.cancellation?.by === 'propietario' ? ' by the host' : ''}. The dates are free again.`,
      ctx.booking.cancellation?.reason ? `Reason: ${ctx.booking.cancellation.reason}` : '',
      (ctx.booking.cancellation?.refund ?? 0) > 0
        ? `We will refund ${money(ctx.booking.cancellation!.refund)} ${refundHow(ctx)}.`
        : 'There is nothing to refund.',
      'You have nothing more to pay for this booking.',
    ),
  'guest-receipt-rejected': (ctx) =>
    guest(
      ctx,
      `We checked your receipt (booking ${ctx.booking.code})`,
      'We could not confirm the payment on your receipt. The host gave this reason (in Spanish): ' +
        String(ctx.booking.history.at(-1)?.event?.data?.reason ?? ''),
      ctx.booking.state === 'aceptada' && ctx.booking.depositDueAt
        ? `We are still holding your dates until ${instant(ctx.booking.depositDueAt)}. Pay the deposit of ${money(ctx.booking.price.deposit)} or upload another receipt before then.`
        : 'Write to us if you need help with the payment.',
      howToPay(ctx.settings),
    ),
  'guest-payment-refund': (ctx) =>
    guest(
      ctx,
      `We received your payment, but booking ${ctx.booking.code} had expired`,
      `We recorded your payment of ${money(ctx.booking.payments.at(-1)?.amount ?? 0)}, but the booking's deadline had passed and its nights are no longer free.`,
      `We will refund ${money(ctx.booking.refundOwed ?? 0)} ${refundHow(ctx)}.`,
    ),
  'guest-refunded': (ctx) =>
    guest(
      ctx,
      `We refunded you (booking ${ctx.booking.code})`,
      `We recorded a refund of ${money(ctx.booking.refunds.at(-1)?.amount ?? 0)} (${ctx.booking.refunds.at(-1)?.date ?? ''}).`,
      (ctx.booking.refundOwed ?? 0) > 0 ? `We still owe you ${money(ctx.booking.refundOwed!)}.` : '',
    ),
  'guest-declined': (ctx) =>
    guest(
      ctx,
      `We cannot accept your request ${ctx.booking.code}`,
      'We are sorry: we cannot accept your booking request.',
      ctx.booking.declineReason ? `Reason: ${ctx.booking.declineReason}` : '',
      `If you would like to look for other dates, message us on WhatsApp at ${ctx.settings.phone}.`,
    ),
  'guest-expired': (ctx) =>
    guest(
      ctx,
      `Your booking ${ctx.booking.code} has expired`,
      'The deadline for the deposit passed without our receiving it, so the dates are free again.',
      `If you would still like to come, send a new request or message us on WhatsApp at ${ctx.settings.phone}.`,
    ),
  'guest-request-expired': (ctx) =>
    guest(
      ctx,
      `Your request ${ctx.booking.code} has expired`,
      'We are sorry: we could not answer your booking request in time, so we have closed it. You have not been charged anything.',
      `If you would still like to come, send a new request or message us on WhatsApp at ${ctx.settings.phone}.`,
    ),
};
