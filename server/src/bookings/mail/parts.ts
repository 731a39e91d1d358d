import { BUSINESS } from '@cabana/shared/domain/config/business';
import { dateFormat, type Lang } from '@cabana/shared/domain/i18n/lang';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import { policyWords } from '@cabana/shared/domain/pricing/policy-words';
import type { Booking, OwnerText } from '@cabana/shared/domain/schemas/booking';
import { ownerText, stayTexts } from '@cabana/shared/domain/bookings/stay-texts';
import type { Settings } from '@cabana/shared/domain/schemas/settings';
import type { MailContext, MailDraft } from './draft';

/** What a language's e-mails say around the facts; the layout (`mailParts`) is the same for all. */
export interface PartWords {
  lang: Lang;
  /** Said after an instant: whose clock it is ('' when the reader is at the cabin's). */
  instantZone: string;
  people: (n: number) => string;
  nights: (n: number) => string;
  booking: string;
  checkIn: (day: string, time: string) => string;
  checkOut: (day: string, time: string) => string;
  lodging: string;
  cleaning: string;
  total: string;
  deposit: string;
  balance: string;
  balanceBy: (day: string) => string;
  onArrival: string;
  bankTransfer: string;
  askHowToPay: (phone: string) => string;
  howToPay: string;
  uploadReceipt: string;
  policy: string;
  hello: (name: string) => string;
  seeBooking: string;
  balanceDue: (amount: string, when: string) => string;
  nothingDue: string;
  /** The heading of the owner's note to the guest (issue 32). */
  messageFrom: (host: string) => string;
  /** The itinerary's headings (issue 32). */
  address: string;
  map: string;
  fromTolu: string;
  fromCovenas: string;
  checkInSteps: (time: string) => string;
  checkOutSteps: (time: string) => string;
  houseRules: string;
  host: (name: string, phone: string) => string;
  calendarFile: string;
  arrivalInstructions: string;
}

/** A YYYY-MM-DD date in words ("sábado, 12 de diciembre de 2026", "Saturday, December 12, 2026"). */
const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeZone: 'UTC' };
/** An instant at the cabin's clock, in words. */
const INSTANT: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'short', timeZone: BUSINESS.timeZone };

/**
 * The blocks every booking e-mail is made of (the stay, the price, how to pay, the policy, the
 * greeting and the link to the private page), in one language's words, with the cached `Intl`
 * formatters of `lang.ts`.
 */
export function mailParts(w: PartWords) {
  const money = (n: number) => formatMoney(n, 'COP', undefined, w.lang);
  const day = (iso: string) => dateFormat(w.lang, DAY).format(new Date(`${iso}T00:00:00Z`));
  const instant = (iso: string) => `${dateFormat(w.lang, INSTANT).format(new Date(iso))}${w.instantZone}`;
  const balanceWhen = (b: Booking) => (b.balanceDueAt ? w.balanceBy(day(b.balanceDueAt)) : w.onArrival);
  const owed = (b: Booking) => Math.max(0, b.price.total - b.paid);

  const stay = (b: Booking) =>
    [
      `${w.booking} ${b.code}`,
      w.checkIn(day(b.checkIn), b.checkInTime),
      w.checkOut(day(b.checkOut), b.checkOutTime),
      `${w.nights(b.price.nights)}, ${w.people(b.numPeople)}`,
    ].join('\n');

  function price(b: Booking): string {
    const lines = [`${w.lodging}: ${money(b.price.lodging)}`];
    if (b.price.cleaningFee > 0) lines.push(`${w.cleaning}: ${money(b.price.cleaningFee)}`);
    lines.push(`${w.total}: ${money(b.price.total)}`);
    lines.push(`${w.deposit} (${b.price.depositPercent} %): ${money(b.price.deposit)}`);
    lines.push(`${w.balance}: ${money(b.price.balance)}, ${balanceWhen(b)}`);
    return lines.join('\n');
  }

  function howToPay(s: Settings): string {
    const ways: string[] = [];
    if (s.bankAccount) ways.push(`${w.bankTransfer}: ${s.bankAccount}`);
    if (s.nequiNumber) ways.push(`Nequi: ${s.nequiNumber}`);
    if (s.daviplataNumber) ways.push(`Daviplata: ${s.daviplataNumber}`);
    if (ways.length === 0) return w.askHowToPay(s.phone);
    return [`${w.howToPay}:`, ...ways, w.uploadReceipt].join('\n');
  }

  function policy(b: Booking): string {
    const words = policyWords(b.cancellationPolicy, w.lang);
    return [`${w.policy} (${words.name}):`, ...words.rules].join('\n');
  }

  /** The text in this language, the Spanish one when the owner wrote none. */
  const pick = (t: OwnerText) => ownerText(t, w.lang).text;
  /** A heading and its text as one paragraph; '' (left out) when the owner wrote nothing. */
  const block = (heading: string, t: OwnerText) => (pick(t) ? `${heading}:\n${pick(t)}` : '');

  /** The owner's note to the guest (given when accepting), as a message of its own: '' when none. */
  const message = (b: Booking, s: Settings) =>
    b.price.adjustmentNote ? `${w.messageFrom(stayTexts(s).hostName)}:\n${b.price.adjustmentNote}` : '';

  /**
   * The trip (issue 32), a paragraph each, in the order the confirmation shows them: where, how
   * to get there, how to arrive and leave, the rules (as the guest agreed to them), who to call.
   */
  function itinerary(b: Booking, s: Settings) {
    const t = stayTexts(s);
    return {
      where: [`${w.address}: ${pick(t.address)}`, `${w.map}: ${t.mapUrl}`].join('\n'),
      fromTolu: block(w.fromTolu, t.directionsTolu),
      fromCovenas: block(w.fromCovenas, t.directionsCovenas),
      checkIn: block(w.checkInSteps(b.checkInTime), t.checkInSteps),
      checkOut: block(w.checkOutSteps(b.checkOutTime), t.checkOutSteps),
      rules: block(w.houseRules, {
        es: b.terms?.houseRules ?? s.houseRules,
        en: b.terms ? (b.terms.houseRulesEn ?? '') : (s.houseRulesEn ?? ''),
      }),
      host: w.host(t.hostName, t.phone),
    };
  }

  const owedLine = (b: Booking) => (owed(b) > 0 ? w.balanceDue(money(owed(b)), balanceWhen(b)) : w.nothingDue);

  /** A message to the guest: the greeting, the paragraphs, and the link to the private page. */
  const guest = (ctx: MailContext, subject: string, ...paragraphs: string[]): MailDraft => ({
    subject,
    paragraphs: [w.hello(ctx.greetingName ?? ctx.booking.name), ...paragraphs],
    link: { href: ctx.guestLink, label: w.seeBooking },
  });

  return {
    money,
    day,
    instant,
    balanceWhen,
    owed,
    owedLine,
    stay,
    price,
    howToPay,
    policy,
    guest,
    pick,
    block,
    message,
    itinerary,
  };
}

/** The blocks of one language's e-mails (`mailParts`). */
export type MailParts = ReturnType<typeof mailParts>;
