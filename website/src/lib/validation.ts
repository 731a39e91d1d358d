import type { z } from 'zod';
import type { ApiError } from '@cabana/shared/api/errors';
import type { DateProblems } from '@cabana/shared/domain/schemas/enquiry';
import type { Catalogue, I18n } from '../i18n/i18n';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** What a form's error messages need of the page's i18n: its language and its `errors` group. */
export type ErrorWords = Pick<I18n, 'lang' | 't'> & { m: Pick<Catalogue, 'errors'> };

/** A message of the `errors` group by its key, filled; `fallback` when there is none. */
const word = (i: ErrorWords, key: string, fallback: string, max?: number): string => {
  const text = (i.m.errors as Record<string, unknown>)[key];
  return typeof text === 'string' ? i.t(text, max === undefined ? {} : { max: String(max) }) : fallback;
};

/**
 * The first message per top-level field, from the same zod schema the server uses, in the page's
 * language: the catalogue's `field.issue-code` message (the schema's own Spanish text, or its
 * English one), the schema's message when the catalogue has none.
 */
export function fieldErrorsOf<K extends string>(error: z.ZodError, i: ErrorWords): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key !== 'string') continue;
    const max = 'maximum' in issue ? Number(issue.maximum) : undefined;
    if (!(key in out)) out[key as K] = word(i, `${key}.${issue.code}`, issue.message, max);
  }
  return out;
}

/** The date rules' problems (`reservationDateProblems`) as field messages in the page's language. */
export function dateRuleErrors(problems: DateProblems, i: ErrorWords, max: number): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, rule] of Object.entries(problems) as [string, string | undefined][])
    if (rule) out[field] = word(i, `${field}.${rule}`, rule, max);
  return out;
}

/**
 * The sentence for a refusal by the server: its own (Spanish) sentence on Spanish pages; on
 * English pages the catalogue's sentence for its error code (or for `key`, where the form knows better).
 */
export function apiErrorText(err: ApiError, i: ErrorWords, key: string = err.code): string {
  const server = i.m.errors.server as Record<string, string>;
  if (i.lang === 'es' && err.message) return err.message;
  return server[key] ?? server.generic!;
}

/** The server's field messages: as they are on Spanish pages, the catalogue's per field on English ones. */
export function apiFieldErrors(fields: Record<string, string>, i: ErrorWords): Record<string, string> {
  if (i.lang === 'es') return fields;
  const words = i.m.errors.field as Record<string, string>;
  return Object.fromEntries(Object.keys(fields).map((k) => [k, words[k] ?? i.m.errors.server.VALIDATION]));
}

/** Moves focus to the first field in error, in the order the form shows them. */
export function focusFirstError(form: HTMLFormElement | null, order: readonly string[], errors: FieldErrors) {
  if (!form) return;
  for (const name of order) {
    if (errors[name]) {
      const el = form.elements.namedItem(name);
      if (el instanceof HTMLElement) {
        el.focus();
        return;
      }
    }
  }
}
