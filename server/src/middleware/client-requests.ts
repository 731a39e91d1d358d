import type { Middleware } from 'koa';
import { clientKey } from '../auth/client-key';
import { unavailable } from '../domain-errors';
import { TOO_MANY_CONNECTIONS } from '../http-guards';

/**
 * Behind a proxy every connection is the proxy's, so the per-client connection cap
 * (limitConnections) cannot tell visitors apart. But each request in progress holds one of the
 * proxy's connections to us, and an HTTP/2 visitor can have a hundred of them in flight over a
 * single connection to the proxy, which no firewall rule on the proxy's port can see. So here,
 * behind a proxy, the cap counts one visitor's requests in progress (the address the proxy
 * appended, as the rate limits do) until each answer is sent or abandoned.
 */
export function limitRequestsPerClient(max: number): Middleware {
  const open = new Map<string, number>();
  return async (ctx, next) => {
    const key = clientKey(ctx.ip);
    const mine = open.get(key) ?? 0;
    if (mine >= max) throw unavailable(TOO_MANY_CONNECTIONS, 5);
    open.set(key, mine + 1);
    // 'close' comes once the answer is out or the connection is gone, whichever is first.
    ctx.res.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
    await next();
  };
}
