import type { Middleware } from 'koa';
import type { Store } from '../db/store';
import { Representations, sendRepresentation } from './representations';
import { markReplayable } from './replay-cache';

/** Public data: anyone may keep a copy, but must ask again (a 304 is cheap) before using it. */
const REVALIDATE = 'no-cache';

/**
 * A public GET whose answer depends only on the stored data: serialized, hashed and compressed
 * once per `store.version`, then sent from memory with an ETag and 304 on `If-None-Match`.
 */
export function publicJson(store: Store, build: () => unknown): Middleware {
  let cached: { version: number; rep: Representations } | undefined;
  return async (ctx) => {
    const version = store.version;
    if (cached?.version !== version) {
      const rep = Representations.ofContent(Buffer.from(JSON.stringify(build())));
      // A write elsewhere (a price change, a session) leaves this list as it was: keep its compressed forms.
      cached = { version, rep: cached?.rep.tag === rep.tag ? cached.rep : rep };
    }
    markReplayable(ctx, version);
    ctx.status = 200;
    ctx.type = 'application/json; charset=utf-8';
    ctx.set('Cache-Control', REVALIDATE);
    await sendRepresentation(ctx, cached.rep);
  };
}
