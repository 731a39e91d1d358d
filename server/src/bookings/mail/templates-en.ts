import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import { policyWords } from '@cabana/shared/domain/pricing/policy-words';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import type { Booking } from '@cabana/shared/domain/schemas/booking';
import type { Settings } from '@cabana/shared/domain/schemas/settings';
import type { MailContext, MailDraft, MailTemplates } from './render';
import { ES_TEMPLATES } from './templates-es';

/**
 * The English messages to a guest who booked on the English site; the owner's messages about
 * the same booking stay Spanish (the admin is Spanish).
 */

const money = (n: number) => formatMoney(n, 'COP', undefined, 'en');
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' });
const instantFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'full',
  timeStyle: 'short',
  timeZone: BUSINESS.timeZone,
});
/** A YYYY-MM-DD date in words ("Saturday, December 12, 2026"). */
const day = (iso: string) => dayFormat.format(new Date(`${iso}T00:00:00Z`));
/** An instant at the cabin's clock, in words (Colombian time). */
const instant = (iso: string) => `${instantFormat.format(new Date(iso))} (Colombia time)`;

function stay(b: Booking): string {
  const people = `${b.numPeople} ${b.numPeople === 1 ? 'person' : 'people'}`;
  const nights = `${b.price.nights} ${b.price.nights === 1 ? 'night' : 'nights'}`;
  return [
    `Booking ${b.code}`,
    `Check-in: ${day(b.checkIn)}, from ${b.checkInTime}`,
    `Check-out: ${day(b.checkOut)}, by ${b.checkOutTime}`,
    `${nights}, ${people}`,
  ].join('\n');
}

const balanceWhen = (b: Booking) => (b.balanceDueAt ? `by ${day(b.balanceDueAt)}` : 'on arrival');

function price(b: Booking): string {
  const lines = [`Lodging: ${money(b.price.lodging)}`];
  if (b.price.cleaningFee > 0) lines.push(`Cleaning: ${money(b.price.cleaningFee)}`);
  lines.push(`Total: ${money(b.price.total)}`);
  if (b.price.adjustedTotal !== null && b.price.adjustmentNote) lines.push(`Note: ${b.price.adjustmentNote}`);
  lines.push(`Deposit (${b.price.depositPercent} %): ${money(b.price.deposit)}`);
  lines.push(`Balance: ${money(b.price.balance)}, ${balanceWhen(b)}`);
  return lines.join('\n');
}

function howToPay(s: Settings): string {
  const ways: string[] = [];
  if (s.bankAccount) ways.push(`Bank transfer: ${s.bankAccount}`);
  if (s.nequiNumber) ways.push(`Nequi: ${s.nequiNumber}`);
  if (s.daviplataNumber) ways.push(`Daviplata: ${s.daviplataNumber}`);
  if (ways.length === 0) return `Message us on WhatsApp at ${s.phone} and we will tell you how to pay.`;
  return ['How to pay:', ...ways, 'Upload the receipt on your booking page.'].join('\n');
}

function policy(b: Booking): string {
  const words = policyWords(b.cancellationPolicy, 'en');
  return [`Cancellation policy (${words.name}):`, ...words.rules].join('\n');
}

const owed = (b: Booking) => Math.max(0, b.price.total - b.paid);
const owedLine = (b: Booking) =>
  owed(b) > 0 ? `Balance due: ${money(owed(b))}, ${balanceWhen(b)}.` : 'Nothing is left to pay.';

function guest(ctx: MailContext, subject: string, ...paragraphs: string[]): MailDraft {
  return {
    subject,
    paragraphs: [`Hello ${ctx.booking.name},`, ...paragraphs],
    link: { href: ctx.guestLink, label: 'See your booking' },
  };
}

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
        ? `We will refund ${money(ctx.booking.cancellation!.refund)}. We will write to you to arrange it.`
        : 'There is nothing to refund.',
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
};
