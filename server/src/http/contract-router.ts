import { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import {
  answerCodes,
  isTextOutput,
  successStatus,
  TEXT_OUTPUTS,
  type RouteSpec,
  type TextOutput,
} from '@cabana/shared/api/route';
import { checkRouteInput } from '@cabana/shared/api/route-input';
import type { Store } from '../db/store';
import { DomainError } from '../domain-errors';
import { requireAdmin } from '../middleware/auth';
import { jsonBody } from '../middleware/validate';
import { refusalError } from '../lib/validate';
import { Representations, sendRepresentation } from './representations';
import { markReplayable } from './replay-cache';

type MaybePromise<T> = T | Promise<T>;
type Out<S> = S extends z.ZodType ? z.output<S> : Record<never, never>;

/** What a handler receives: the row's path parameters and its body or query, checked and merged. */
type HandlerInput<R extends RouteSpec> = Out<R['params']> &
  (R['body'] extends z.ZodType ? Out<R['body']> : Record<never, never>) &
  Out<R['query']>;

/** What a handler answers: the row's output (its schema's input side), nothing for 204, text for iCal. */
type HandlerOutput<R extends RouteSpec> = R['output'] extends z.ZodType
  ? z.input<R['output']>
  : R['output'] extends TextOutput
    ? string
    : void;

type Handle<R extends RouteSpec> = (input: HandlerInput<R>, ctx: Context) => MaybePromise<HandlerOutput<R>>;

/**
 * The server's side of one contract row: a function that translates the checked input into a
 * service call, or an object that also names middleware to run first (the upload's own guard
 * and body parser) or asks for the answer to be cached for visitors.
 */
type RouteHandler<R extends RouteSpec> =
  | Handle<R>
  | {
      before?: Middleware[];
      /**
       * For a GET whose answer depends only on the stored data: a visitor's answer is built once
       * per store version, then sent from memory with an ETag (docs/decisions/007-http-caching.md).
       * A signed-in owner always gets a fresh one (it may carry more).
       */
      cacheForVisitors?: true;
      handle: Handle<R>;
    };

/** A handler for every row of a table: a new row without one does not compile. */
export type RouteHandlers<T extends Record<string, RouteSpec>> = { [K in keyof T]: RouteHandler<T[K]> };

export interface ContractRouterOptions {
  store: Store;
  /**
   * Tests: every answer is checked against its row (output schema, declared error codes); a
   * mismatch fails loudly as a 500 instead of drifting from what clients expect.
   */
  verify?: boolean;
}

/** A row's answer broke the contract (only ever thrown when verifying). */
class ContractViolation extends Error {
  override name = 'ContractViolation';
}

/** Public data: anyone may keep a copy, but must ask again (a 304 is cheap) before using it. */
const REVALIDATE = 'no-cache';

function visitorCache(store: Store, build: (ctx: Context) => Promise<unknown>): (ctx: Context) => Promise<void> {
  let cached: { version: number; rep: Representations } | undefined;
  return async (ctx) => {
    const version = store.version;
    if (cached?.version !== version) {
      const rep = Representations.ofContent(Buffer.from(JSON.stringify(await build(ctx))));
      // A write elsewhere (a price change, a session) leaves this answer as it was: keep its compressed forms.
      cached = { version, rep: cached?.rep.tag === rep.tag ? cached.rep : rep };
    }
    markReplayable(ctx, version);
    ctx.status = 200;
    ctx.type = 'application/json; charset=utf-8';
    ctx.set('Cache-Control', REVALIDATE);
    await sendRepresentation(ctx, cached.rep);
  };
}

/** Checks what a handler answered against its row (verify mode only). */
function checkOutput(name: string, spec: RouteSpec, value: unknown): void {
  if (spec.output === 'empty' || isTextOutput(spec.output)) {
    const ok = spec.output === 'empty' ? value === undefined : typeof value === 'string';
    if (!ok) throw new ContractViolation(`${name}: the handler answered something that is not ${spec.output}`);
    return;
  }
  const result = spec.output.safeParse(value);
  if (!result.success) {
    throw new ContractViolation(`${name}: the answer does not match the contract: ${result.error.message}`);
  }
}

/**
 * Mounts every row of a contract table on a router: the admin guard for the owner's rows, the
 * row's own middleware, the JSON body parser, then the checked input (a malformed path
 * parameter is a 404, like an unknown id; a bad query or body a 400 with a Spanish message per
 * field) goes to the handler, whose answer becomes the response with the row's status.
 */
export function contractRouter<T extends Record<string, RouteSpec>>(
  table: T,
  handlers: RouteHandlers<T>,
  opts: ContractRouterOptions,
): Router {
  const router = new Router();
  for (const [name, spec] of Object.entries<RouteSpec>(table)) {
    const handler = handlers[name] as RouteHandler<RouteSpec>;
    const { handle, before = [], cacheForVisitors } = typeof handler === 'function' ? { handle: handler } : handler;
    const allowed = new Set(answerCodes(spec));
    const status = successStatus(spec);

    // The same check the desktop app makes before a call leaves it (shared/api/route-input).
    const inputOf = (ctx: Context): Record<string, unknown> => {
      const checked = checkRouteInput(spec, {
        params: ctx.params,
        fields: spec.query ? ctx.query : ctx.request.body,
      });
      if (!checked.ok) throw refusalError(checked);
      return checked.data;
    };

    const run = async (ctx: Context) => {
      const input = inputOf(ctx) as HandlerInput<RouteSpec>;
      const value = await handle(input, ctx);
      if (opts.verify) checkOutput(name, spec, value);
      ctx.status = status;
      if (isTextOutput(spec.output)) ctx.type = TEXT_OUTPUTS[spec.output];
      if (status !== 204) ctx.body = value;
    };
    const cached = cacheForVisitors
      ? visitorCache(opts.store, async (ctx) => {
          const value = await handle(inputOf(ctx), ctx);
          if (opts.verify) checkOutput(name, spec, value);
          return value;
        })
      : undefined;

    const stack: Middleware[] = [];
    if (opts.verify) {
      // Outermost, so it sees what the guard, the parsers and the handler throw.
      stack.push(async (_ctx, next) => {
        try {
          await next();
        } catch (err) {
          if (err instanceof DomainError && !allowed.has(err.code)) {
            throw new ContractViolation(`${name} answered ${err.code}, which its contract row does not declare`);
          }
          throw err;
        }
      });
    }
    if (spec.access === 'admin') stack.push(requireAdmin);
    stack.push(...before);
    if (spec.body !== undefined && spec.body !== 'multipart') stack.push(jsonBody());
    stack.push((ctx) => (cached && !ctx.state.auth ? cached(ctx) : run(ctx)));

    router.register(spec.path, [spec.method], stack, { name });
  }
  return router;
}
