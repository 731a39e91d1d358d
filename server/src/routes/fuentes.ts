import { randomBytes } from 'node:crypto';
import { Router } from '@koa/router';
import { API_ROUTES } from '@cabana/shared/api/paths';
import { CALENDAR_LIMITS } from '@cabana/shared/config/calendar';
import { CreateFeedInputSchema } from '@cabana/shared/schemas/calendar';
import type { AppDeps } from '../deps';
import { newSecretToken } from '../db/store';
import type { StoredFeed } from '../db/schema';
import { requireAdmin } from '../middleware/auth';
import { conflict, feedUnreadable, notFound } from '../domain-errors';
import { jsonBody, validate } from '../middleware/validate';
import { FeedNotFoundError, FeedSyncError } from '../calendar/calendar-sync';
import { exportBase, feedView } from '../calendar/views';

const FEED_ID = /^[A-Za-z0-9_-]{16}$/;
const NOT_FOUND = 'No encontramos esa fuente de calendario.';
const newId = () => randomBytes(12).toString('base64url');

/** The owner's other calendars (Airbnb, Booking.com, Vrbo, any iCal URL): add, remove, sync now. */
export function fuentesRouter({ store, config, calendar, log }: AppDeps): Router {
  const router = new Router();
  const byId = (id: string | undefined) =>
    id && FEED_ID.test(id) ? store.data.calendar.feeds.find((f) => f.id === id) : undefined;

  router.get(API_ROUTES.calendarFeeds, requireAdmin, (ctx) => {
    const base = exportBase(`${ctx.protocol}://${ctx.host}`, config);
    ctx.body = store.data.calendar.feeds.map((f) => feedView(f, base));
  });

  router.post(API_ROUTES.calendarFeeds, requireAdmin, jsonBody(), async (ctx) => {
    const input = validate(CreateFeedInputSchema, ctx.request.body);
    const { feeds } = store.data.calendar;
    if (feeds.length >= CALENDAR_LIMITS.maxFeeds) {
      throw conflict(`Se admiten hasta ${CALENDAR_LIMITS.maxFeeds} fuentes de calendario.`);
    }
    if (feeds.some((f) => f.url === input.url)) {
      throw conflict('Ya hay una fuente con esa dirección.', { url: 'Ya hay una fuente con esa dirección.' });
    }
    const feed: StoredFeed = {
      id: newId(),
      name: input.name,
      url: input.url,
      exportToken: newSecretToken(),
      createdAt: new Date().toISOString(),
      lastSyncAt: null,
      lastError: null,
      events: [],
    };
    feeds.push(feed);
    await store.save();
    // The first import runs in the background; the panel shows its outcome on the next load.
    calendar.syncFeed(feed.id).catch((err: unknown) => {
      if (!(err instanceof FeedSyncError || err instanceof FeedNotFoundError)) log.error('first feed sync failed', err);
    });
    ctx.status = 201;
    ctx.body = feedView(feed, exportBase(`${ctx.protocol}://${ctx.host}`, config));
  });

  router.delete(API_ROUTES.calendarFeed, requireAdmin, async (ctx) => {
    const feed = byId(ctx.params.id);
    if (!feed) throw notFound(NOT_FOUND);
    const { feeds } = store.data.calendar;
    feeds.splice(feeds.indexOf(feed), 1);
    await store.save();
    ctx.status = 204;
  });

  router.post(API_ROUTES.calendarFeedSync, requireAdmin, async (ctx) => {
    if (!byId(ctx.params.id)) throw notFound(NOT_FOUND);
    try {
      const feed = await calendar.syncFeed(ctx.params.id!);
      ctx.body = feedView(feed, exportBase(`${ctx.protocol}://${ctx.host}`, config));
    } catch (err) {
      if (err instanceof FeedNotFoundError) throw notFound(NOT_FOUND);
      if (err instanceof FeedSyncError) throw feedUnreadable(err.message);
      throw err;
    }
  });

  return router;
}
