import type http from 'node:http';
import type { Socket } from 'node:net';
import type { ApiErrorBody } from '@cabana/shared/schemas/errors';
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

/**
 * A request whose body has not fully arrived in time gets 408 and its connection is closed.
 * Node's own `requestTimeout` is one value for the whole server, and uploads from the
 * countryside need minutes: so it stays long, and everything else gets a short limit here, or
 * anyone could hold connections for 15 minutes by sending a JSON body a byte at a time.
 */
export function withBodyTimeout(handler: http.RequestListener, opts: BodyTimeoutOptions): http.RequestListener {
  return (req, res) => {
    const limit = opts.isUpload(req) ? opts.uploadMs : opts.bodyMs;
    const timer = setTimeout(() => {
      if (req.complete || res.writableEnded) return;
      answer(res, 408, {
        error: 'La solicitud tardó demasiado en llegar. Revisa tu conexión e inténtalo de nuevo.',
        code: 'REQUEST_TIMEOUT',
      });
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

export interface ConnectionLimits {
  total: number;
  /** Per client (IPv6: per /64); undefined behind a proxy, where every socket is the proxy's. */
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
    answer(
      res,
      503,
      {
        error: 'Hay demasiadas conexiones abiertas. Espera un momento e inténtalo de nuevo.',
        code: 'UNAVAILABLE',
      },
      { 'retry-after': '5' },
    );
  };
}

/** True for a request that arrived on a connection over the cap (see limitConnections). */
export const overLimit = (req: http.IncomingMessage) => (req.socket as MarkedSocket)[OVER] === true;
