import { z } from 'zod';
import { inputProblems, type InputProblems } from './input-problems';
import { paramNames, queryString, type RouteSpec } from './route';

/** The answer to a request that carries no data where the row needs some. */
export const MISSING_INPUT_MESSAGE = 'Faltan los datos de la solicitud.';

/** Why an input was refused, as the server answers it: 404 for a path parameter, 400 for the rest. */
export type InputRefusal =
  { ok: false; code: 'NOT_FOUND'; message: string | undefined } | ({ ok: false; code: 'VALIDATION' } & InputProblems);

export type InputCheck<T = Record<string, unknown>> = { ok: true; data: T } | InputRefusal;

/** Checks data against a schema: its parsed value, or the Spanish message (and one per field) the server answers. */
export function checkSchema<S extends z.ZodType>(schema: S, input: unknown): InputCheck<z.output<S>> {
  if (input === undefined) return { ok: false, code: 'VALIDATION', message: MISSING_INPUT_MESSAGE };
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, code: 'VALIDATION', ...inputProblems(result.error) };
}

/**
 * Checks what a request to a row carries, the way the server does before its handler runs: the
 * path parameters first (one that fails its schema is an unknown id: 404 with the row's
 * `notFound`), then the query or the JSON body (400 with a Spanish message per field). What
 * passes is the handler's input: the checked fields with the parameters over them.
 */
export function checkRouteInput(spec: RouteSpec, parts: { params: unknown; fields: unknown }): InputCheck {
  let params: Record<string, unknown> = {};
  if (spec.params) {
    const parsed = spec.params.safeParse(parts.params);
    if (!parsed.success) return { ok: false, code: 'NOT_FOUND', message: spec.notFound };
    params = parsed.data;
  }
  let fields: unknown = {};
  const schema = spec.query ?? (spec.body === 'multipart' ? undefined : spec.body);
  if (schema) {
    const checked = checkSchema(schema, parts.fields);
    if (!checked.ok) return checked;
    fields = checked.data;
  }
  return { ok: true, data: { ...(fields as Record<string, unknown>), ...params } };
}

/** A row with neither query nor body takes no fields: any given is refused, each with its message. */
const NO_FIELDS = z.strictObject({});

/**
 * Splits a client's flat input (`{ id, status }`) into the row's path parameters and its fields
 * exactly as the server would receive them: a JSON body keeps only what JSON carries (`NaN`
 * becomes `null`, `undefined` goes), a query string has text only. The input must be
 * JSON-serialisable (no cycles, no BigInt).
 */
export function splitRouteInput(
  spec: RouteSpec,
  input: unknown,
): { params: Record<string, unknown>; fields: Record<string, unknown> } {
  const rest: Record<string, unknown> =
    input !== null && typeof input === 'object' ? { ...(input as Record<string, unknown>) } : {};
  const params: Record<string, unknown> = {};
  for (const name of paramNames(spec.path)) {
    params[name] = rest[name];
    delete rest[name];
  }
  // The query string the client would send, read back as the server reads it.
  if (spec.query) return { params, fields: Object.fromEntries(new URLSearchParams(queryString(rest))) };
  return { params, fields: JSON.parse(JSON.stringify(rest)) as Record<string, unknown> };
}

/**
 * A flat input checked against its row as the server would check the request made of it, for a
 * host that must refuse a bad call before it leaves (the desktop app's main process). On success,
 * `wire` is what to send: the parameters and the fields as encoded, not the parsed values (the
 * server parses them itself). A field given to a row that takes none is refused rather than sent
 * for the server to ignore.
 */
export function checkFlatInput(
  spec: RouteSpec,
  input: unknown,
): { ok: true; wire: Record<string, unknown> } | InputRefusal {
  const { params, fields } = splitRouteInput(spec, input);
  const checked = checkRouteInput(spec, { params, fields });
  if (!checked.ok) return checked;
  const takesFields = spec.query !== undefined || (spec.body !== undefined && spec.body !== 'multipart');
  if (!takesFields) {
    const none = checkSchema(NO_FIELDS, fields);
    if (!none.ok) return none;
    return { ok: true, wire: params };
  }
  return { ok: true, wire: { ...fields, ...params } };
}
