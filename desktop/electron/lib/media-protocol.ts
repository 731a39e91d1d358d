import { IMAGE_ID_PATTERN, VARIANT_FILE_PATTERN } from '@cabana/shared/api/media';
import { MEDIA_PREFIX } from '@cabana/shared/api/http';
import { MEDIA_HOST, MEDIA_SCHEME } from '../../contract/media';

/** Where main fetches media from: the configured server, and the session's token if any. */
export interface MediaSource {
  serverUrl: string;
  token: string | null;
}

/** A query longer than this is not one the server wrote (a signed link is a few dozen bytes). */
const MAX_QUERY = 512;

const MEDIA_PATH = new RegExp(`${MEDIA_PREFIX}/([^/]+)/([^/]+)$`);

/**
 * The app URL of a media URL the server answered (`/media/<id>/<file>`, relative or on any
 * origin, with its query: a pending photo's signed link): `cabana-media://server/<id>/<file>?…`.
 * Anything else is left as it is, and the page's CSP will not load it.
 */
export function toMediaUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://server.invalid');
  } catch {
    return url;
  }
  const m = MEDIA_PATH.exec(parsed.pathname);
  if (!m || !IMAGE_ID_PATTERN.test(m[1]!) || !VARIANT_FILE_PATTERN.test(m[2]!)) return url;
  return `${MEDIA_SCHEME}://${MEDIA_HOST}/${m[1]}/${m[2]}${parsed.search}`;
}

const empty = (status: number) =>
  new Response(null, { status, headers: { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } });

/**
 * The logic behind the `cabana-media:` protocol, with no Electron in it: a `Request` in, a
 * `Response` out (what `protocol.handle` deals in). Only `GET cabana-media://server/<id>/<file>`
 * with names the server could have made is fetched, from the configured server's `/media/`, with
 * the query the server put in the link and the bearer token; redirects are not followed (the
 * token would travel with them). Only an image comes back, streamed; anything else is an empty
 * 404, 405 (not a GET) or 502, which the page shows as a missing picture.
 */
export function createMediaHandler(opts: {
  source: () => MediaSource | null;
  fetch?: typeof fetch;
}): (request: Request) => Promise<Response> {
  const fetchFn = opts.fetch ?? fetch;
  return async (request) => {
    if (request.method !== 'GET') return empty(405);
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return empty(404);
    }
    const parts = url.pathname.split('/');
    const [, id, file] = parts;
    if (
      url.protocol !== `${MEDIA_SCHEME}:` ||
      url.host !== MEDIA_HOST ||
      parts.length !== 3 ||
      !id ||
      !file ||
      !IMAGE_ID_PATTERN.test(id) ||
      !VARIANT_FILE_PATTERN.test(file) ||
      url.search.length > MAX_QUERY ||
      url.username ||
      url.password
    ) {
      return empty(404);
    }
    const source = opts.source();
    if (!source) return empty(404);

    const headers: Record<string, string> = { accept: 'image/avif,image/webp,image/jpeg,image/*' };
    if (source.token) headers.authorization = `Bearer ${source.token}`;
    let upstream: Response;
    try {
      upstream = await fetchFn(`${source.serverUrl}${MEDIA_PREFIX}/${id}/${file}${url.search}`, {
        headers,
        redirect: 'manual',
        signal: request.signal,
      });
    } catch {
      return empty(502);
    }
    const type = upstream.headers.get('content-type') ?? '';
    if (!upstream.ok || !/^image\/(avif|webp|jpeg)$/i.test(type.split(';')[0]!.trim())) {
      await upstream.body?.cancel().catch(() => undefined);
      // The photo is gone or not ours to see (404, 401…): a missing picture. A redirect, a 5xx or
      // a body that is not an image: the server did not answer as it should.
      return empty(upstream.status >= 400 && upstream.status < 500 ? 404 : 502);
    }
    const out = new Headers({
      'content-type': type,
      'cache-control': upstream.headers.get('cache-control') ?? 'no-store',
      'x-content-type-options': 'nosniff',
    });
    const length = upstream.headers.get('content-length');
    if (length) out.set('content-length', length);
    // Node's fetch cancels the body of a Response that is garbage collected; handing on only its
    // stream does not keep it alive, so under memory pressure the page got a cancelled body. The
    // transform's closure holds the upstream Response until the last chunk has passed.
    const keepAlive = upstream;
    const body = upstream.body?.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        flush() {
          void keepAlive;
        },
      }),
    );
    return new Response(body ?? null, { status: 200, headers: out });
  };
}
