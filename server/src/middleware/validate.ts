import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import type { z, ZodError } from 'zod';
import { type DomainError, invalidInput, unsupportedMedia } from '../domain-errors';

/** JSON bodies only, small; mounted on the routes that take one. */
export function jsonBody(limit = '32kb'): Middleware {
  const parse = koaBody({
    json: true,
    multipart: false,
    urlencoded: false,
    text: false,
    jsonLimit: limit,
    jsonStrict: true,
  });
  return async (ctx, next) => {
    const hasBody = Boolean(ctx.request.length) || ctx.get('transfer-encoding') !== '';
    if (hasBody && !ctx.is('application/json')) throw unsupportedMedia('Envía los datos en formato JSON.');
    // No client of ours compresses what it sends; a body that claims to be compressed and is
    // not would otherwise fail deep in zlib (and a real one could be a zip bomb).
    const encoding = ctx.get('content-encoding').trim().toLowerCase();
    if (hasBody && encoding !== '' && encoding !== 'identity') {
      throw unsupportedMedia('Envía los datos sin comprimir.');
    }
    await parse(ctx, next);
  };
}

export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  if (input === undefined) throw invalidInput('Faltan los datos de la solicitud.');
  const result = schema.safeParse(input);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/** Zod issues → one Spanish message per field (first issue wins). */
function fromZodError(err: ZodError, fallback = 'Revisa los datos enviados.'): DomainError {
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
  if (fields._ !== undefined && messages.length === 1) return invalidInput(fields._);
  // One problem: say it plainly; several: a summary, with each one beside its field.
  return invalidInput(messages.length === 1 ? (messages[0] ?? fallback) : fallback, fields);
}
