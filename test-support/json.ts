import { z } from 'zod';
import { ApiErrorBodySchema, SERVER_ERROR_CODES } from '@cabana/shared/domain/schemas/errors';

/** Anything with a JSON body: fetch's Response, or a test helper's wrapper of it. */
interface HasJson {
  json(): Promise<unknown>;
}

/**
 * A response body read through the shared schema the clients use: the test gets typed fields,
 * and a body of the wrong shape fails the test where it is read, not as `undefined` later.
 */
export async function readJson<S extends z.ZodType>(res: HasJson, schema: S): Promise<z.output<S>> {
  return schema.parse(await res.json());
}

/**
 * The one error shape, stricter than the clients' schema: a client reads an unknown code as
 * INTERNAL (a newer server), but a server under test must send one of the shared set.
 */
const ServerErrorBodySchema = ApiErrorBodySchema.extend({ code: z.enum(SERVER_ERROR_CODES) });

export function readError(res: HasJson): Promise<z.output<typeof ServerErrorBodySchema>> {
  return readJson(res, ServerErrorBodySchema);
}

/** `{ id }`, the part of a created record many tests need. */
export const WithIdSchema = z.object({ id: z.string() });

/** The same, for a body a test read as text (raw sockets, node:http). */
export function parseJson<S extends z.ZodType>(text: string, schema: S): z.output<S> {
  return schema.parse(JSON.parse(text));
}

export function parseError(text: string): z.output<typeof ServerErrorBodySchema> {
  return parseJson(text, ServerErrorBodySchema);
}
