import type { IncomingMessage, ServerResponse } from 'node:http';
import Koa from 'koa';
import { API_PREFIX, MEDIA_PREFIX } from '@cabana/shared/api/http';
import type { AppDeps } from './deps';
import { errorHandler } from './middleware/errors';
import { securityHeaders } from './middleware/security-headers';
import { authenticate, sameOriginWrites } from './middleware/auth';
import { mediaFiles } from './middleware/media';
import { websiteStatic } from './middleware/website';
import { livePages } from './middleware/pages';
import { ReviewInputSchema } from '@cabana/shared/domain/schemas/review';
import { validate } from './lib/validate';
import { clientKey } from './auth/client-key';
import { compressJson } from './middleware/compress-json';
import { exactApiPrefix, siteMethodsFallback, unknownMethodsAre405 } from './middleware/request-guards';
import { createApiRouter } from './routes/api';
import { ReplayCache } from './http/replay-cache';
import { limitRequestsPerClient } from './middleware/client-requests';

/** Builds the whole app (API, media, website) from its dependencies; never listens. */
export function createApp(deps: AppDeps): Koa {
  const { config } = deps;
  const app = new Koa({
    proxy: config.trustProxy > 0,
    // Take the address our own proxy appended, never one the client wrote itself.
    maxIpsCount: config.trustProxy,
  });
  app.silent = true;

  const api = createApiRouter(deps);
  const apiOnly =
    <T extends Koa.Middleware>(mw: T): Koa.Middleware =>
    (ctx, next) =>
      // koa-compose types a middleware's result as `any`; it is the promise of the rest of the chain.
      (ctx.path === API_PREFIX || ctx.path.startsWith(`${API_PREFIX}/`) ? mw(ctx, next) : next()) as Promise<void>;

  const replay = new ReplayCache(
    () => deps.store.version,
    () => deps.clock.now(),
  );
  // Public, versioned answers are sent again from memory before Koa builds a context: the
  // public lists then cost about what bare node:http does (docs/decisions/007-http-caching.md).
  const handle = app.callback.bind(app);
  app.callback = () => {
    const koa = handle();
    // Only ever served over node:http (HTTP/1.1), never http2.
    return ((req: IncomingMessage, res: ServerResponse) =>
      replay.serve(req, res) ? Promise.resolve() : koa(req, res)) as ReturnType<Koa['callback']>;
  };
  app.use(replay.recorder());
  app.use(securityHeaders(config.publicUrl));
  app.use(
    errorHandler(
      (msg, err) => deps.log.error(msg, err),
      (msg) => deps.log.info(msg),
    ),
  );
  // Without a proxy, connections are capped per client before any request (start.ts).
  if (config.trustProxy > 0) app.use(limitRequestsPerClient(config.maxConnectionsPerClient));
  app.use(siteMethodsFallback(API_PREFIX));
  app.use(exactApiPrefix(API_PREFIX));
  app.use(mediaFiles(deps.images));
  app.use(
    livePages({
      entry: config.websiteServerEntry,
      store: deps.store,
      images: deps.images,
      calendar: deps.calendar,
      clock: deps.clock,
      enquiryRetentionMonths: config.enquiryRetentionMonths,
      pendingPhotoRetentionDays: config.pendingPhotoRetentionDays,
      skipPrefixes: [API_PREFIX, MEDIA_PREFIX],
      log: deps.log,
      guestBooking: (code, token) => deps.bookings.guestBooking(code, token),
      spendGuestLookup: (ip) => deps.limiters.guestLinkClient.consume(clientKey(ip)),
      onlinePayment: () => deps.payments.configured(),
      reviews: () => deps.bookings.publicReviews(),
      reviewInvite: (code, token) => deps.bookings.reviewInvite(code, token),
      submitReview: (code, input) => deps.bookings.submitReview(code, validate(ReviewInputSchema, input)),
      // Only the host: the URL may carry the password.
      mailHost: config.smtpUrl ? new URL(config.smtpUrl).hostname : null,
    }),
  );
  app.use(websiteStatic(config.websiteDist, [API_PREFIX, MEDIA_PREFIX]));
  app.use(apiOnly(compressJson()));
  app.use(apiOnly(authenticate(deps.sessions, config.publicUrl)));
  app.use(apiOnly(sameOriginWrites(config.publicUrl ? [config.publicUrl] : [])));
  app.use(apiOnly(unknownMethodsAre405()));
  app.use(api.routes());
  app.use(api.allowedMethods());
  return app;
}
