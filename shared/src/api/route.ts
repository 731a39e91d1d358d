import type { z } from 'zod';
import type { ServerErrorCode } from '../domain/schemas/errors';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route: anyone, or the signed-in owner (401 otherwise). */
export type Access = 'public' | 'admin';

/** What a route answers: JSON checked by a schema, nothing (204), an iCal file, or a tab-separated text file (SIRE). */
export type RouteOutput = z.ZodType | 'empty' | TextOutput;

/** The outputs that are a text file rather than JSON, by their content type. */
export const TEXT_OUTPUTS = {
  ics: 'text/calendar; charset=utf-8',
  tsv: 'text/plain; charset=utf-8',
} as const;
export type TextOutput = keyof typeof TEXT_OUTPUTS;

/** Whether a row answers a text file (not JSON). */
export const isTextOutput = (output: RouteOutput): output is TextOutput =>
  typeof output === 'string' && output in TEXT_OUTPUTS;

/**
 * One row of the HTTP contract: everything a client and the server must agree on about one
 * endpoint. The server mounts the row (guard, parsing, validation) and calls the handler it
 * supplies; clients call it by name with one flat input (path parameters and body or query
 * fields together).
 */
export interface RouteSpec {
  method: Method;
  /** Under the API base (`/api`); `:name` marks a path parameter. */
  path: `/${string}`;
  access: Access;
  /** Who may call it, as the README says it, where `access` alone says too little. */
  who?: string;
  /** One line for the README's API table: what it does, in English. */
  summary: string;
  /** Path parameters; one that fails its schema is answered 404 with `notFound`, like an unknown id. */
  params?: z.ZodObject<Record<string, z.ZodType<string, string>>>;
  /** Query string of a GET. */
  query?: z.ZodType;
  /** JSON body, or `multipart` (the photo upload, which hosts send their own way, with progress). */
  body?: z.ZodType | 'multipart';
  output: RouteOutput;
  /** Status of a success: 200 unless said (201 for a creation; `empty` outputs are always 204). */
  status?: 201;
  /**
   * Error codes the handler itself may answer. Those the row's shape implies (VALIDATION for a
   * body or query, NOT_FOUND for a parameter, UNAUTHENTICATED and FORBIDDEN for the owner's
   * routes) and those any route may answer (INTERNAL, UNAVAILABLE…) are added by `answerCodes`.
   */
  errors: readonly ServerErrorCode[];
  /** The Spanish 404 message for an unknown or malformed id (routes with parameters). */
  notFound?: string;
  /** The owner's panel calls it: the panel's AdminApi (web and desktop) is made of these rows. */
  panel?: true;
}

/** Keeps each row's literal types while checking it is a RouteSpec. */
export const routes = <T extends Record<string, RouteSpec>>(table: T): T => table;

/** Codes every route may answer whatever it does: an unexpected failure, a full server, a slow client. */
export const ALWAYS_ANSWERED: readonly ServerErrorCode[] = ['INTERNAL', 'UNAVAILABLE', 'REQUEST_TIMEOUT'];

/** Every code a row may answer: its own, those its shape implies, and those of every route. */
export function answerCodes(spec: RouteSpec): ServerErrorCode[] {
  const codes = new Set<ServerErrorCode>(spec.errors);
  if (spec.body !== undefined || spec.query !== undefined) codes.add('VALIDATION');
  if (spec.body !== undefined) {
    codes.add('PAYLOAD_TOO_LARGE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  if (spec.params !== undefined) codes.add('NOT_FOUND');
  if (spec.access === 'admin') codes.add('UNAUTHENTICATED');
  // A write made with the session cookie from another site's page (CSRF).
  if (spec.method !== 'GET') codes.add('FORBIDDEN');
  for (const c of ALWAYS_ANSWERED) codes.add(c);
  return [...codes];
}

/** The success status of a row. */
export function successStatus(spec: RouteSpec): 200 | 201 | 204 {
  return spec.output === 'empty' ? 204 : (spec.status ?? 200);
}

// ---- inputs ----

type ObjectInput<S> = S extends z.ZodType ? (z.input<S> extends object ? z.input<S> : never) : unknown;
/** Query strings carry text; a client may pass numbers, which go out as their decimal text. */
type QueryInput<S> = S extends z.ZodType ? { [K in keyof z.input<S>]: z.input<S>[K] | number } : unknown;

/** What a client passes to call a row: its path parameters and its body or query fields, in one object. */
export type RouteInput<R extends RouteSpec> = ObjectInput<R['params']> &
  (R['body'] extends z.ZodType ? ObjectInput<R['body']> : unknown) &
  QueryInput<R['query']>;

/** What a row answers, once checked. */
export type RouteResult<R extends RouteSpec> = R['output'] extends z.ZodType
  ? z.output<R['output']>
  : R['output'] extends TextOutput
    ? string
    : void;

const PARAM = /:([A-Za-z]+)/g;

/** The names of a path's parameters, in order: `/a/:id/b` → `['id']`. */
export function paramNames(path: string): string[] {
  return [...path.matchAll(PARAM)].map((m) => m[1]!);
}

/**
 * Splits a flat input into the filled path and what is left (the body or query fields). A
 * parameter that is missing, or not text, is an error of the calling code, not of the person.
 */
export function fillPath(spec: RouteSpec, input: unknown): { path: string; rest: Record<string, unknown> } {
  const rest: Record<string, unknown> =
    input !== null && typeof input === 'object' ? { ...(input as Record<string, unknown>) } : {};
  const path = spec.path.replace(PARAM, (_, name: string) => {
    const value = rest[name];
    if (typeof value !== 'string') throw new TypeError(`${spec.method} ${spec.path}: missing parameter "${name}"`);
    delete rest[name];
    return encodeURIComponent(value);
  });
  return { path, rest };
}

/** A query string from a record of text and numbers (undefined values left out), with its `?`, or ''. */
export function queryString(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  // Numbers and booleans go as their JSON text, which is also their decimal text.
  for (const [k, v] of Object.entries(params))
    if (v !== undefined) q.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const text = q.toString();
  return text ? `?${text}` : '';
}
