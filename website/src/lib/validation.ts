import type { z } from 'zod';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** The first message per top-level field, from the same zod schema the server uses. */
export function fieldErrorsOf<K extends string>(error: z.ZodError): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key !== 'string') continue;
    if (!(key in out)) out[key as K] = issue.message;
  }
  return out;
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
