import { refundMethodOf } from '@cabana/shared/domain/bookings/lifecycle';
import { REFUND_WITHIN_BUSINESS_DAYS } from '@cabana/shared/domain/pricing/terms';
import type { BookingLang, GuestMailKind } from '@cabana/shared/domain/schemas/booking';
import { stayTexts } from '@cabana/shared/domain/bookings/stay-texts';
import { REVIEW_LINK_DAYS } from '@cabana/shared/domain/schemas/review';
import { addDays } from '@cabana/shared/domain/pricing/dates';
import type { MailContext, MailDraft } from './draft';
import type { GuestMailWords } from './guest-words';
import { mailParts, type MailParts } from './parts';
import { EN_MAIL_WORDS } from './words-en';
import { ES_MAIL_WORDS } from './words-es';

/** Where the guest's page offers the online payment (its "how to pay" section). */
const ONLINE_PAYMENT_ANCHOR = '#pago-titulo';

/** Each language's catalogue: a guest is written to in the booking's language. */
const CATALOGUES: Record<BookingLang, GuestMailWords> = { es: ES_MAIL_WORDS, en: EN_MAIL_WORDS };
const PARTS: Record<BookingLang, MailParts> = {
  es: mailParts(ES_MAIL_WORDS.parts),
  en: mailParts(EN_MAIL_WORDS.parts),
};

/** What a guest template gets besides the context: its kind's words, the language's shared ones and blocks. */
interface GuestKit<K extends GuestMailKind> {
  w: GuestMailWords[K];
  all: GuestMailWords;
  p: MailParts;
}
type GuestTemplate<K extends GuestMailKind> = (ctx: MailContext, kit: GuestKit<K>) => MailDraft;

/** How and when the booking's refund comes back, in the catalogue's words. */
const refundHow = (ctx: MailContext, all: GuestMailWords) =>
  all.refundHow(refundMethodOf(ctx.booking) === 'wompi', REFUND_WITHIN_BUSINESS_DAYS);

/** One template per guest kind, the same layout in every language: the words come from the catalogue. */
const GUEST_TEMPLATES: { [K in GuestMailKind]: GuestTemplate<K> } = {
  'guest-received': (ctx, { w, p }) => {
    const b = ctx.booking;
    return p.guest(ctx, w.subject(b.code), w.body, p.stay(b), p.price(b), p.policy(b));
  },
  'guest-accepted': (ctx, { w, p }) => {
    const b = ctx.booking;
    return p.guest(
      ctx,
      w.subject(p.instant(b.depositDueAt!)),
      w.body(p.instant(b.depositDueAt!), p.money(b.price.deposit)),
      p.message(b, ctx.settings),
      ctx.onlinePayment ? w.payOnline(`${ctx.guestLink}${ONLINE_PAYMENT_ANCHOR}`) : '',
      p.stay(b),
      p.price(b),
      p.howToPay(ctx.settings),
      p.policy(b),
    );
  },
  // The itinerary (issue 32) and the stay as a calendar file, attached.
  'guest-confirmed': (ctx, { w, all, p }) => ({
    ...p.guest(
      ctx,
      w.subject(ctx.booking.code),
      w.body(p.money(ctx.booking.paid)),
      p.message(ctx.booking, ctx.settings),
      p.stay(ctx.booking),
      p.owedLine(ctx.booking),
      p.owed(ctx.booking) > 0 ? p.howToPay(ctx.settings) : '',
      w.itinerary,
      ...Object.values(p.itinerary(ctx.booking, ctx.settings)),
      all.parts.calendarFile,
    ),
    calendar: true,
  }),
  'guest-payment': (ctx, { w, p }) =>
    p.guest(
      ctx,
      w.subject(ctx.booking.code),
      w.body(p.money(ctx.booking.paid), p.money(ctx.booking.price.total)),
      p.owedLine(ctx.booking),
    ),
  'guest-hold-reminder': (ctx, { w, p }) =>
    p.guest(
      ctx,
      w.subject(ctx.booking.code),
      w.body(p.instant(ctx.booking.depositDueAt!), p.money(ctx.booking.price.deposit)),
      p.howToPay(ctx.settings),
    ),
  'guest-registration-reminder': (ctx, { w, p }) =>
    p.guest(ctx, w.subject(ctx.booking.code), w.body, p.stay(ctx.booking)),
  'guest-balance-reminder': (ctx, { w, p }) =>
    p.guest(
      ctx,
      w.subject(ctx.booking.code),
      w.body(p.money(p.owed(ctx.booking)), p.balanceWhen(ctx.booking)),
      p.stay(ctx.booking),
      p.howToPay(ctx.settings),
    ),
  'guest-cancelled': (ctx, { w, all, p }) => {
    const cancellation = ctx.booking.cancellation;
    return p.guest(
      ctx,
      w.subject(ctx.booking.code),
      w.body(cancellation?.by === 'propietario'),
      cancellation?.reason ? all.reason(cancellation.reason) : '',
      (cancellation?.refund ?? 0) > 0 ? all.willRefund(p.money(cancellation!.refund), refundHow(ctx, all)) : w.noRefund,
      w.nothingMore,
    );
  },
  'guest-receipt-rejected': (ctx, { w, p }) => {
    const b = ctx.booking;
    return p.guest(
      ctx,
      w.subject(b.code),
      w.body(String(b.history.at(-1)?.event?.data?.reason ?? '')),
      b.state === 'aceptada' && b.depositDueAt
        ? w.stillHeld(p.instant(b.depositDueAt), p.money(b.price.deposit))
        : w.help,
      p.howToPay(ctx.settings),
    );
  },
  'guest-payment-refund': (ctx, { w, all, p }) =>
    p.guest(
      ctx,
      w.subject(ctx.booking.code),
      w.body(p.money(ctx.booking.payments.at(-1)?.amount ?? 0)),
      all.willRefund(p.money(ctx.booking.refundOwed ?? 0), refundHow(ctx, all)),
    ),
  'guest-refunded': (ctx, { w, p }) => {
    const b = ctx.booking;
    return p.guest(
      ctx,
      w.subject(b.code),
      w.body(p.money(b.refunds.at(-1)?.amount ?? 0), b.refunds.at(-1)?.date ?? ''),
      (b.refundOwed ?? 0) > 0 ? w.stillOwed(p.money(b.refundOwed!)) : '',
    );
  },
  'guest-declined': (ctx, { w, all, p }) =>
    p.guest(
      ctx,
      w.subject(ctx.booking.code),
      w.body,
      ctx.booking.declineReason ? all.reason(ctx.booking.declineReason) : '',
      w.otherDates(ctx.settings.phone),
    ),
  'guest-expired': (ctx, { w, all, p }) =>
    p.guest(ctx, w.subject(ctx.booking.code), w.body, all.askAgain(ctx.settings.phone)),
  'guest-link': (ctx, { w, p }) => p.guest(ctx, w.subject(ctx.booking.code), w.body, p.stay(ctx.booking)),
  'guest-request-expired': (ctx, { w, all, p }) =>
    p.guest(ctx, w.subject(ctx.booking.code), w.body, all.askAgain(ctx.settings.phone)),
  // N days before arrival (issue 32): the owner's arrival instructions, then the way there.
  'guest-pre-arrival': (ctx, { w, all, p }) => {
    const b = ctx.booking;
    const trip = p.itinerary(b, ctx.settings);
    return p.guest(
      ctx,
      w.subject(b.code),
      w.body(p.day(b.checkIn), b.checkInTime),
      p.block(all.parts.arrivalInstructions, stayTexts(ctx.settings).arrivalInstructions),
      trip.where,
      trip.fromTolu,
      trip.fromCovenas,
      trip.checkIn,
      p.owed(b) > 0 ? p.owedLine(b) : '',
      trip.host,
    );
  },
  // The day before leaving (issue 32): the hour and the owner's check-out steps.
  'guest-checkout-reminder': (ctx, { w, p }) => {
    const b = ctx.booking;
    const trip = p.itinerary(b, ctx.settings);
    return p.guest(
      ctx,
      w.subject(b.code),
      w.body(p.day(b.checkOut), b.checkOutTime),
      trip.checkOut,
      p.owed(b) > 0 ? p.owedLine(b) : '',
      w.thanks,
      trip.host,
    );
  },
  'guest-review-invite': (ctx, { w, p }) => ({
    // The link's last day, as the reminder says it (an invitation may go some days after check-out).
    ...p.guest(ctx, w.subject, w.body(p.day(addDays(ctx.booking.checkOut, REVIEW_LINK_DAYS)))),
    link: { href: ctx.reviewLink ?? ctx.guestLink, label: w.button },
  }),
  'guest-review-reminder': (ctx, { w, p }) => ({
    ...p.guest(ctx, w.subject, w.body(p.day(addDays(ctx.booking.checkOut, REVIEW_LINK_DAYS)))),
    link: { href: ctx.reviewLink ?? ctx.guestLink, label: w.button },
  }),
};

/** The guest's message of `kind`, in the booking's language. */
export function guestDraft<K extends GuestMailKind>(kind: K, ctx: MailContext): MailDraft {
  const all = CATALOGUES[ctx.booking.lang];
  const template: GuestTemplate<K> = GUEST_TEMPLATES[kind];
  return template(ctx, { w: all[kind], all, p: PARTS[ctx.booking.lang] });
}
