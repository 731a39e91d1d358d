import type { z } from 'zod';

/**
 * Characters nobody types into a form and that only serve to deceive or break what shows the
 * text: C0 and C1 control characters (NUL, ESC, BEL...), DEL, and the bidirectional embeddings,
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069) that can make "Ana‮txt.exe" read
 * backwards in the inbox, an e-mail client or a file name. Tab and line breaks are whitespace.
 */
const UNSAFE_CHARS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069';
const UNSAFE = new RegExp(`[${UNSAFE_CHARS}]`, 'g');
const LINE_BREAKS = /\r\n?|[\n\u2028\u2029]/g;

/** For one-line fields (names, titles, tags): unsafe characters go, line breaks and tabs become spaces. */
export function cleanLine(text: string): string {
  return text.replace(LINE_BREAKS, ' ').replace(/\t/g, ' ').replace(UNSAFE, '');
}

/**
 * Bidirectional marks that are not embeddings (LRM, RLM, ALM): harmless in prose, but in a name
 * they only serve to reorder what the owner's inbox shows.
 */
const BIDI_MARKS = /[\u200E\u200F\u061C]/g;
/** An RFC 2047 encoded word (`=?utf-8?B?...?=`), and what is left of one once its inside is gone. */
const ENCODED_WORD = /=\?[^?\s]*\?[A-Za-z]\?[^?\s]*\?=/g;
const ENCODED_WORD_EDGE = /=\?|\?=/g;

/**
 * For people's names, which end up in e-mail Subjects and greetings: a line (`cleanLine`) without
 * bidirectional marks and without MIME encoded words, which a mail client would decode into
 * something other than what the owner's panel shows. Stripped until none is left, so pieces of
 * one cannot join into another.
 */
export function cleanName(text: string): string {
  let name = cleanLine(text).replace(BIDI_MARKS, '');
  for (let before = ''; before !== name;) {
    before = name;
    name = name.replace(ENCODED_WORD, '');
  }
  return name.replace(ENCODED_WORD_EDGE, '').replace(/ {2,}/g, ' ');
}

/** For multi-line fields (messages, descriptions): unsafe characters go; line breaks become `\n`. */
export function cleanText(text: string): string {
  return text.replace(LINE_BREAKS, '\n').replace(UNSAFE, '');
}

/** The unsafe characters above, and tab and line breaks too: the field is one line. */
export const LINE_CONTROL = new RegExp(`[${UNSAFE_CHARS}\\t\\n\\r\\u2028\\u2029]`);
/** What could read as markup or a template where the text ends up (HTML, JSON-LD, e-mail). */
const MARKUP = /[<>{}`]/;

/**
 * For one-line texts the owner types and pages, e-mails or exports show (settings, season and
 * feed names, block notes): such characters are refused with a Spanish message rather than
 * stripped, so what is saved is exactly what was typed.
 */
export const plainLine = (schema: z.ZodString) =>
  schema
    .refine((s) => !LINE_CONTROL.test(s), 'No puede tener caracteres de control ni saltos de línea.')
    .refine((s) => !MARKUP.test(s), 'No puede tener los caracteres < > { } `.');
