import { isOwnerMailKind, type MailKind } from '@cabana/shared/domain/schemas/booking';
import type { MailContext } from './draft';
import { guestDraft } from './guest-templates';
import { looksLikeLink, mailName } from './mail-name';
import { OWNER_TEMPLATES } from './owner-templates';
import { stayIcs } from '../../calendar/stay-ics';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Everything that goes into the HTML part goes through this: names and messages are the guest's own text. */
const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The stay as an iCal file, attached (the confirmation, issue 32). */
  ics?: string;
}

/** The message of `kind` for the booking, in its reader's language: plain text, and simple HTML with everything escaped. */
export function renderMail(kind: MailKind, ctx: MailContext): RenderedMail {
  // The guest's name never becomes a link (mail-name.ts): defanged everywhere, left out of greetings.
  const name = ctx.booking.name;
  const safe: MailContext = {
    ...ctx,
    booking: { ...ctx.booking, name: mailName(name) },
    greetingName: looksLikeLink(name) ? '' : name,
  };
  // A guest is written to in the booking's language; the owner in Spanish, whatever the booking's.
  const draft = isOwnerMailKind(kind) ? OWNER_TEMPLATES[kind](safe) : guestDraft(kind, safe);
  // Empty paragraphs are the ones a template had nothing for (no reason, no message).
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
  return {
    subject: draft.subject.replace(/[\r\n]+/g, ' '),
    text: `${textParts.join('\n\n')}\n`,
    html,
    ...(draft.calendar ? { ics: stayIcs(ctx.booking, ctx.settings, ctx.guestLink) } : {}),
  };
}
