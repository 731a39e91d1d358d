import type { ZodError } from 'zod';

export interface InputProblems {
  /** One Spanish sentence: the problem itself when there is one, a summary when there are several. */
  message: string;
  /** Field path (dotted) → its Spanish message; absent when the problem is the input as a whole. */
  fields?: Record<string, string>;
}

const SUMMARY = 'Revisa los datos enviados.';

/**
 * A failed zod check as the person should read it: one Spanish message per field (first issue
 * wins). The server answers these in a 400; the desktop app's main process gives the same
 * answer for a call it refuses before it reaches the server.
 */
export function inputProblems(err: ZodError): InputProblems {
  // No prototype: a field named `constructor` or `__proto__` must get its own message.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const issue of err.issues) {
    let key = issue.path.map(String).join('.');
    let message = issue.message;
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) fields[key ? `${key}.${k}` : k] ??= 'Campo no permitido.';
      continue;
    }
    if (key === '') key = '_';
    // Zod's own English defaults are not fit to show: replace them with a generic Spanish one.
    if (/received undefined/i.test(message)) message = 'Este campo es obligatorio.';
    else if (/^(Invalid|Expected|Required|Too (big|small))/i.test(message)) message = 'Valor no válido.';
    fields[key] ??= message;
  }
  const messages = Object.values(fields);
  if (fields._ !== undefined && messages.length === 1) return { message: fields._ };
  // One problem: say it plainly; several: a summary, with each one beside its field.
  return { message: messages.length === 1 ? (messages[0] ?? SUMMARY) : SUMMARY, fields };
}
