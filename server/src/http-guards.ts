import type http from 'node:http';
import type { Socket } from 'node:net';
import type { ApiErrorBody } from '@cabana/shared/domain/schemas/errors';
import { clientKey } from './auth/client-key';

function answer(res: http.ServerResponse, status: number, body: ApiErrorBody, headers: Record<string, string> = {}) {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-length': String(Buffer.byteLength(text)),
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    connection: 'close',
    ...headers,
  });
  res.end(text);
}

export interface BodyTimeoutOptions {
  /** Time to send a whole request body, for everything but uploads. */
  bodyMs: number;
  uploadMs: number;
  isUpload(req: http.IncomingMessage): boolean;
}

/** Longest a connection stays open after an early answer, for the client to read that answer. */
const LINGER_MAX_MS = 5000;

const LINGERING = Symbol('cabana.lingering');
type LingeringSocket = Socket & { [LINGERING]?: boolean };

const declaresBody = (req: http.IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * An answer given before the request's body has arrived (413 from the declared length, 401, 429,
 * 503...) ends the connection, however much body was announced: otherwise Node reads and drops
 * the rest under the uploads' long limit, and a client sending a byte every few seconds holds a
 * connection for 15 minutes (issue 19, item 2). It closes in stages, as RFC 9112 §9.6 asks:
 * `Connection: close`, then our side of the connection once the answer is out, while what the
 * client still sends is read and dropped for at most `lingerMs`, so that the client is not
 * reset before it has read the answer; then the connection is destroyed.
 */
function closeAfterEarlyAnswer(req: http.IncomingMessage, res: http.ServerResponse, lingerMs: number) {
  const socket: LingeringSocket = req.socket;
  const writeHead = res.writeHead.bind(res);
  res.writeHead = ((...args: Parameters<typeof writeHead>) => {
    if (!req.complete && declaresBody(req) && !socket[LINGERING]) {
      socket[LINGERING] = true;
      res.setHeader('connection', 'close');
      // Node ends a `Connection: close` exchange with destroySoon() once the answer is written,
      // which would destroy the socket right away, unread body and all (a reset to the client).
      socket.destroySoon = () => {
        socket.end();
        // Whoever was reading the body stopped when the answer was decided: drop the rest.
        req.removeAllListeners('data');
        req.resume();
        const timer = setTimeout(() => socket.destroy(), lingerMs);
        timer.unref();
        // The client closed its side after reading the answer: nothing left to wait for.
        socket.once('end', () => socket.destroy());
        socket.once('close', () => clearTimeout(timer));
      };
    }
    return writeHead(...args);
  }) as typeof writeHead;
}

/**
 * A request whose body has not fully arrived in time gets 408 and its connection is closed.
 * Node's own `requestTimeout` is one value for the whole server, and uploads from the
 * countryside need minutes: so it stays long, and everything else gets a short limit here, or
 * anyone could hold connections for 15 minutes by sending a JSON body a byte at a time. An answer
 * given before the body arrived closes the connection too (closeAfterEarlyAnswer).
 */
export function withBodyTimeout(handler: http.RequestListener, opts: BodyTimeoutOptions): http.RequestListener {
  const lingerMs = Math.min(opts.bodyMs, LINGER_MAX_MS);
  return (req, res) => {
    // Bytes after the body of an early answer, parsed as a new request: the connection is over.
    if ((req.socket as LingeringSocket)[LINGERING]) {
      req.socket.destroy();
      return;
    }
    closeAfterEarlyAnswer(req, res, lingerMs);
    const limit = opts.isUpload(req) ? opts.uploadMs : opts.bodyMs;
    const timer = setTimeout(() => {
      if (req.complete || res.writableEnded) return;
      answer(res, 408, {
        error: 'La solicitud tardó demasiado en llegar. Revisa tu conexión e inténtalo de nuevo.',
        code: 'REQUEST_TIMEOUT',
      });
      // At once, not after lingering: the handler is still reading this body and must not get
      // the rest of it (a request answered 408 must not be carried out after all).
      res.once('finish', () => req.socket.destroy());
      setTimeout(() => req.socket.destroy(), 1000).unref();
    }, limit);
    timer.unref();
    const done = () => clearTimeout(timer);
    req.once('end', done);
    res.once('finish', done);
    res.once('close', done);
    handler(req, res);
  };
}

export const TOO_MANY_CONNECTIONS = 'Hay demasiadas conexiones abiertas. Espera un momento e inténtalo de nuevo.';

export interface ConnectionLimits {
  total: number;
  /**
   * Per client (IPv6: per /64); undefined behind a proxy, where every socket is the proxy's (the
   * requests in progress of each visitor are capped instead: middleware/client-requests.ts).
   */
  perClient: number | undefined;
}

const OVER = Symbol('cabana.overLimit');
type MarkedSocket = Socket & { [OVER]?: boolean };

/**
 * Caps open connections, in total and per client. A connection over the cap is answered a
 * Spanish 503 on its first request and closed (one that sends nothing is dropped after 5 s),
 * instead of holding a file descriptor and a parser for as long as it likes.
 */
export function limitConnections(server: http.Server, limits: ConnectionLimits): http.RequestListener {
  let open = 0;
  const perClient = new Map<string, number>();
  server.on('connection', (socket: MarkedSocket) => {
    const key = limits.perClient !== undefined ? clientKey(socket.remoteAddress ?? '') : undefined;
    const mine = key !== undefined ? (perClient.get(key) ?? 0) + 1 : 0;
    open++;
    if (key !== undefined) perClient.set(key, mine);
    socket.once('close', () => {
      open--;
      if (key === undefined) return;
      const left = (perClient.get(key) ?? 1) - 1;
      if (left <= 0) perClient.delete(key);
      else perClient.set(key, left);
    });
    if (open > limits.total || (limits.perClient !== undefined && mine > limits.perClient)) {
      socket[OVER] = true;
      socket.setTimeout(5000, () => socket.destroy());
    }
  });
  return (req, res) => {
    answer(res, 503, { error: TOO_MANY_CONNECTIONS, code: 'UNAVAILABLE' }, { 'retry-after': '5' });
  };
}

/** True for a request that arrived on a connection over the cap (see limitConnections). */
export const overLimit = (req: http.IncomingMessage) => (req.socket as MarkedSocket)[OVER] === true;
