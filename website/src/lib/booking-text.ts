import { BUSINESS } from '@cabana/shared/domain/config/business';
import { dateFormat, type Lang } from '@cabana/shared/domain/i18n/lang';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import type { GuestBooking } from '@cabana/shared/domain/schemas/booking';
import { GUEST_BOOKING_PATHS } from '@cabana/shared/domain/pages/guest-paths';
import type { I18n } from '../i18n/i18n';

/** The guest's private page of a booking, in the page's language: the link the e-mails carry. */
export const guestBookingHref = (lang: Lang, code: string, token: string) =>
  `${GUEST_BOOKING_PATHS[lang]}/${code}?t=${encodeURIComponent(token)}`;

/** "5 de diciembre de 2026, 3:00 p. m." / "December 5, 2026 at 3:00 PM": an instant as the cabin's clock reads it. */
export const formatInstant = (iso: string, lang: Lang) =>
  dateFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: BUSINESS.timeZone }).format(new Date(iso));

export const cop = (n: number, lang: Lang) => formatMoney(n, 'COP', undefined, lang);

/** The messages the booking texts need: the page's language and its `booking` group. */
export type BookingI18n = Pick<I18n, 'lang' | 'm' | 't'>;

/** What happens next, in one or two sentences, for each state the guest may see. */
export function nextStep(b: Pick<GuestBooking, 'state' | 'depositDueAt' | 'price' | 'paid'>, i: BookingI18n): string {
  const w = i.m.booking.next;
  if (b.state !== 'aceptada') return w[b.state];
  return b.depositDueAt
    ? i.t(w.aceptadaDue, {
        deposit: cop(Math.max(0, b.price.deposit - b.paid), i.lang),
        due: formatInstant(b.depositDueAt, i.lang),
      })
    : i.t(w.aceptada, { deposit: cop(b.price.deposit, i.lang) });
}
