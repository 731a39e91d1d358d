import type { Booking } from '@cabana/shared/domain/schemas/booking';
import type { Settings } from '@cabana/shared/domain/schemas/settings';

/** What every template gets: the booking as it is after the transition, the settings, the links. */
export interface MailContext {
  booking: Booking;
  settings: Settings;
  /** The guest's private page in the booking's language: `https://<site>/reserva/<code>?t=<token>` or `/en/booking/<code>?t=`. */
  guestLink: string;
  /** The guest's review page (`/opinar/<code>?t=`, `/en/review/<code>?t=`): the review e-mails link to it. */
  reviewLink?: string;
  /** The owner's panel. */
  panelLink: string;
  /** Whether guests can pay online (Wompi configured): the "accepted" e-mail links to it. */
  onlinePayment?: boolean;
  /** Set by `renderMail`: the name a guest's greeting uses ('' when the name looks like an address). */
  greetingName?: string;
}

/**
 * A message as a template writes it: a subject and paragraphs of plain text (lines inside a
 * paragraph are kept), and the link it points to. `renderMail` makes the text and HTML parts.
 * A template leaves a paragraph empty when it has nothing to say (no reason, no message).
 */
export interface MailDraft {
  subject: string;
  paragraphs: string[];
  link?: { href: string; label: string };
  /** Attach the stay as an `.ics` calendar file (the confirmation, issue 32). */
  calendar?: boolean;
}
