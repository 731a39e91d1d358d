import type { GuestMailKind } from '@cabana/shared/domain/schemas/booking';
import type { PartWords } from './parts';

/** Each guest e-mail's own words: its subject and sentences, with the facts they take. */
interface GuestKindWords {
  'guest-received': { subject: (code: string) => string; body: string };
  'guest-accepted': {
    subject: (due: string) => string;
    body: (due: string, deposit: string) => string;
    /** With Wompi configured: the deposit online, straight from the e-mail (issue 32). */
    payOnline: (link: string) => string;
  };
  'guest-confirmed': { subject: (code: string) => string; body: (paid: string) => string; itinerary: string };
  'guest-payment': { subject: (code: string) => string; body: (paid: string, total: string) => string };
  'guest-hold-reminder': { subject: (code: string) => string; body: (due: string, deposit: string) => string };
  'guest-balance-reminder': { subject: (code: string) => string; body: (owed: string, when: string) => string };
  'guest-registration-reminder': { subject: (code: string) => string; body: string };
  'guest-cancelled': {
    subject: (code: string) => string;
    /** `byHost`: the owner cancelled it. */
    body: (byHost: boolean) => string;
    noRefund: string;
    nothingMore: string;
  };
  'guest-receipt-rejected': {
    subject: (code: string) => string;
    body: (reason: string) => string;
    stillHeld: (due: string, deposit: string) => string;
    help: string;
  };
  'guest-payment-refund': {
    subject: (code: string) => string;
    body: (amount: string) => string;
  };
  'guest-refunded': {
    subject: (code: string) => string;
    body: (amount: string, date: string) => string;
    stillOwed: (amount: string) => string;
  };
  'guest-declined': { subject: (code: string) => string; body: string; otherDates: (phone: string) => string };
  'guest-expired': { subject: (code: string) => string; body: string };
  'guest-request-expired': { subject: (code: string) => string; body: string };
  'guest-link': { subject: (code: string) => string; body: string };
  'guest-pre-arrival': { subject: (code: string) => string; body: (day: string, time: string) => string };
  'guest-checkout-reminder': {
    subject: (code: string) => string;
    body: (day: string, time: string) => string;
    thanks: string;
  };
  'guest-review-invite': { subject: string; body: (until: string) => string; button: string };
  'guest-review-reminder': { subject: string; body: (until: string) => string; button: string };
}

/**
 * A language's catalogue of the guest e-mails (`words-es.ts`, `words-en.ts`): the blocks every
 * message is made of, the sentences several share, and one entry per guest kind. A guest kind
 * without its words in either language does not compile.
 */
export type GuestMailWords = {
  parts: PartWords;
  /** How and when a refund comes back: online to the means paid with, or by transfer. */
  refundHow: (online: boolean, businessDays: number) => string;
  /** The money the guest will get back, and how (`refundHow`). */
  willRefund: (amount: string, how: string) => string;
  /** A reason the owner gave (in Spanish). */
  reason: (reason: string) => string;
  /** The invitation to ask again, after a booking or request lapsed. */
  askAgain: (phone: string) => string;
} & { [K in GuestMailKind]: GuestKindWords[K] };
