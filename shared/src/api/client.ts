import {
  fillPath,
  isTextOutput,
  queryString,
  type RouteInput,
  type RouteResult,
  type RouteSpec,
  type TextOutput,
} from './route';
import { errorFromResponse, networkError, redirectRefused } from './errors';

export interface ApiClientOptions {
  /** API base, e.g. `/api` in the browser or `https://host/api` from Node. */
  baseUrl: string;
  /** Bearer token (desktop). The web uses the session cookie instead. */
  getToken?: () => string | null | undefined;
  fetch?: typeof fetch;
}

/** Rows a JSON client can call: not the multipart upload (hosts send it with progress) nor the iCal export. */
type Callable<T extends Record<string, RouteSpec>> = {
  [K in keyof T]: T[K]['body'] extends 'multipart' ? never : T[K]['output'] extends TextOutput ? never : K;
}[keyof T];

/** One function per row: its input is optional when every field of it is. */
export type RouteFunction<R extends RouteSpec> =
  Record<never, never> extends RouteInput<R>
    ? (input?: RouteInput<R>) => Promise<RouteResult<R>>
    : (input: RouteInput<R>) => Promise<RouteResult<R>>;

export type ApiClientOf<T extends Record<string, RouteSpec>> = { [K in Callable<T>]: RouteFunction<T[K]> } & {
  readonly baseUrl: string;
};

/**
 * A typed client of a contract table: one function per row, which fills the path, sends the rest
 * as the query (GET, DELETE) or JSON body, and checks the answer against the row's schema. Every
 * failure is an ApiError with a Spanish message (`NETWORK` when there is no answer).
 */
export function createApiClient<T extends Record<string, RouteSpec>>(table: T, opts: ApiClientOptions): ApiClientOf<T> {
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const baseUrl = opts.baseUrl.replace(/\/$/, '');

  async function call(spec: RouteSpec, input: unknown): Promise<unknown> {
    const { path, rest } = fillPath(spec, input);
    const withBody = spec.body !== undefined;
    const url = baseUrl + path + (withBody ? '' : queryString(rest));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (withBody) headers['content-type'] = 'application/json';
    const token = opts.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    let res: Response;
    try {
      res = await doFetch(url, {
        method: spec.method,
        headers,
        credentials: 'include',
        // Every call carries the password, the cookie or the token, and a 307/308 would send the
        // same request (body and all) wherever it points: the API never redirects, so refuse.
        redirect: 'manual',
        body: withBody ? JSON.stringify(rest) : undefined,
      });
    } catch {
      throw networkError();
    }
    // A browser shows a refused redirect as an opaque answer (status 0); Node as the 3xx itself.
    if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) throw redirectRefused();
    if (!res.ok) throw await errorFromResponse(res);
    if (spec.output === 'empty' || isTextOutput(spec.output)) return undefined;
    return spec.output.parse(await res.json());
  }

  const client: Record<string, unknown> = { baseUrl };
  for (const [name, spec] of Object.entries(table)) {
    if (spec.body === 'multipart' || isTextOutput(spec.output)) continue;
    client[name] = (input?: unknown) => call(spec, input);
  }
  return client as ApiClientOf<T>;
}
