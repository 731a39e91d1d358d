import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Context, Middleware } from 'koa';
import { SESSION_COOKIE } from '@cabana/shared/api/http';

const REPLAYABLE = Symbol('cabana.replayable');
/** Distinct (URL, Accept-Encoding, proto) answers kept at once; beyond it, requests go through Koa. */
const MAX_ENTRIES = 256;
const SESSION_COOKIE_PREFIX = `${SESSION_COOKIE}=`;
/** Validators we do not evaluate here: such requests take the full path. */
const CONDITIONS_LEFT_TO_KOA = ['range', 'if-range', 'if-match', 'if-unmodified-since', 'if-modified-since'];

interface Replayable {
  version: number;
  /** Epoch ms after which the answer is stale even if no write happened (e.g. a new day at the cabin). */
  expiresAt: number;
}

/**
 * Declares that this answer is the same for every anonymous client and stays valid while the
 * data version is `version` (and, if given, until `expiresAt`), so the replay cache may send it
 * again without running the app.
 */
export function markReplayable(ctx: Context, version: number, expiresAt = Number.POSITIVE_INFINITY): void {
  (ctx.state as Record<symbol, Replayable>)[REPLAYABLE] = { version, expiresAt };
}

interface Entry {
  version: number;
  expiresAt: number;
  etag: string | undefined;
  headers: OutgoingHttpHeaders;
  notModifiedHeaders: OutgoingHttpHeaders;
  body: Buffer;
}

/** No credentials and no validator we leave to Koa: the answer cannot depend on who asks. */
function eligible(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const h = req.headers;
  if (h.authorization !== undefined) return false;
  if (h.cookie !== undefined && h.cookie.includes(SESSION_COOKIE_PREFIX)) return false;
  for (const name of CONDITIONS_LEFT_TO_KOA) if (h[name] !== undefined) return false;
  return true;
}

/** What the answer may depend on besides the data: the URL, the encodings accepted, the scheme. */
const keyOf = (req: IncomingMessage) =>
  `${req.url}\0${req.headers['accept-encoding'] ?? ''}\0${String(req.headers['x-forwarded-proto'] ?? '')}\0${
    (req.socket as { encrypted?: boolean }).encrypted ? 's' : ''
  }`;

/** RFC 9110 If-None-Match: weak comparison over a list, or `*`. */
function matches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/**
 * Answers for public, versioned GETs (the JSON lists, rendered pages) recorded from the app's
 * own responses, headers included, and sent again from memory while the data version holds,
 * before Koa builds a context. The app stays the only place that decides what an answer is:
 * this only repeats it, for anonymous requests, and drops everything when the version moves.
 */
export class ReplayCache {
  readonly #entries = new Map<string, Entry>();
  readonly #version: () => number;
  readonly #now: () => number;

  constructor(version: () => number, now: () => number) {
    this.#version = version;
    this.#now = now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Outermost middleware: sees the final headers, including the security headers. */
  recorder(): Middleware {
    return async (ctx, next) => {
      await next();
      const mark = (ctx.state as Record<symbol, Replayable | undefined>)[REPLAYABLE];
      if (
        mark === undefined ||
        mark.version !== this.#version() ||
        mark.expiresAt <= this.#now() ||
        ctx.method !== 'GET' ||
        ctx.status !== 200 ||
        !Buffer.isBuffer(ctx.body) ||
        ctx.res.hasHeader('set-cookie') ||
        !eligible(ctx.req)
      ) {
        return;
      }
      const key = keyOf(ctx.req);
      if (!this.#entries.has(key) && this.#entries.size >= MAX_ENTRIES) return;
      const headers = { ...ctx.res.getHeaders() };
      // A 304 as the app sends it: no body, so no type, length or encoding (RFC 9110 15.4.5).
      const {
        'content-type': _t,
        'content-length': _l,
        'transfer-encoding': _te,
        'content-encoding': _ce,
        ...notModifiedHeaders
      } = headers;
      const etag = headers.etag === undefined ? undefined : String(headers.etag);
      this.#entries.set(key, {
        version: mark.version,
        expiresAt: mark.expiresAt,
        etag,
        headers,
        notModifiedHeaders,
        body: ctx.body,
      });
    };
  }

  /** Sends the recorded answer and returns true, or returns false for the app to handle the request. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.#entries.size === 0 || !eligible(req)) return false;
    const key = keyOf(req);
    const entry = this.#entries.get(key);
    if (!entry) return false;
    if (entry.version !== this.#version()) {
      this.#entries.clear();
      return false;
    }
    if (entry.expiresAt <= this.#now()) {
      this.#entries.delete(key);
      return false;
    }
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch !== undefined && entry.etag !== undefined && matches(ifNoneMatch, entry.etag)) {
      res.writeHead(304, entry.notModifiedHeaders);
      res.end();
      return true;
    }
    res.writeHead(200, entry.headers);
    if (req.method === 'HEAD') res.end();
    else res.end(entry.body);
    return true;
  }
}
