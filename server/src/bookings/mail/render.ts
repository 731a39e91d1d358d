import type { Booking, BookingLang, MailKind } from '@cabana/shared/domain/schemas/booking';
import type { Settings } from '@cabana/shared/domain/schemas/settings';
import { EN_TEMPLATES } from './templates-en';
import { ES_TEMPLATES } from './templates-es';
import { looksLikeLink, mailName } from './mail-name';

/** What every template gets: the booking as it is after the transition, the settings, the links. */
export interface MailContext {
  booking: Booking;
  settings: Settings;
  /** The guest's private page in the booking's language: `https://<site>/reserva/<code>?t=<token>` or `/en/booking/<code>?t=`. */
  guestLink: string;
  /** The owner's panel. */
  panelLink: string;
  /** Set by `renderMail`: the name a guest's greeting uses ('' when the name looks like an address). */
  greetingName?: string;
}

/**
 * A message as a template writes it: a subject and paragraphs of plain text (lines inside a
 * paragraph are kept), and the link it points to. `renderMail` makes the text and HTML parts.
 */
export interface MailDraft {
  subject: string;
  paragraphs: string[];
  link?: { href: string; label: string };
}

type MailTemplate = (ctx: MailContext) => MailDraft;
/** One function per kind of message: a language's module supplies all of them. */
export type MailTemplates = Record<MailKind, MailTemplate>;

/** The templates of each language: a guest is written to in the booking's language, the owner in Spanish. */
const TEMPLATES: Record<BookingLang, MailTemplates> = { es: ES_TEMPLATES, en: EN_TEMPLATES };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Everything that goes into the HTML part goes through this: names and messages are the guest's own text. */
const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The message of `kind` for the booking, in the booking's language: plain text, and simple HTML with everything escaped. */
export function renderMail(kind: MailKind, ctx: MailContext): RenderedMail {
  // The guest's name never becomes a link (mail-name.ts): defanged everywhere, left out of greetings.
  const name = ctx.booking.name;
  const draft = TEMPLATES[ctx.booking.lang][kind]({
    ...ctx,
    booking: { ...ctx.booking, name: mailName(name) },
    greetingName: looksLikeLink(name) ? '' : name,
  });
  // A template leaves a paragraph empty when it has nothing to say (no reason, no message).
  const paragraphs = draft.paragraphs.filter((p) => p !== '');
  const textParts = [...paragraphs];
  if (draft.link) textParts.push(`${draft.link.label}:\n${draft.link.href}`);
  textParts.push(`${ctx.settings.name}\n${ctx.settings.phone} · ${ctx.settings.email}`);
  const paragraph = (p: string) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1a1a1a">',
    ...paragraphs.map(paragraph),
    draft.link
      ? `<p><a href="${escapeHtml(draft.link.href)}" style="color:#0b5c7a">${escapeHtml(draft.link.label)}</a></p>`
      : '',
    `<p style="color:#555">${escapeHtml(ctx.settings.name)}<br>${escapeHtml(ctx.settings.phone)} · ${escapeHtml(ctx.settings.email)}</p>`,
    '</body></html>',
  ].join('');
  // A subject is one line, whatever a guest's name holds.
  return { subject: draft.subject.replace(/[\r\n]+/g, ' '), text: `${textParts.join('\n\n')}\n`, html };
}
