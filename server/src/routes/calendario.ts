import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Router } from '@koa/router';
import { API_ROUTES } from '@cabana/shared/api/paths';
import { CALENDAR_LIMITS } from '@cabana/shared/config/calendar';
import { todayAtCabin } from '@cabana/shared/pricing/dates';
import { CALENDAR_SOURCES, CreateBlockInputSchema, type Calendar } from '@cabana/shared/schemas/calendar';
import type { AppDeps } from '../deps';
import { requireAdmin } from '../middleware/auth';
import { conflict, notFound } from '../domain-errors';
import { jsonBody, validate } from '../middleware/validate';
import { calendarConflicts, calendarEntries, entryView } from '../calendar/entries';
import { buildIcs } from '../calendar/ical-export';
import { exportBase, exportUrl, feedView } from '../calendar/views';

const BLOCK_ID = /^[A-Za-z0-9_-]{16}$/;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const newId = () => randomBytes(12).toString('base64url');

const sameToken = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The owner's calendar (every entry, feeds, conflicts), manual blocks, and our iCal export. */
export function calendarioRouter({ store, config }: AppDeps): Router {
  const router = new Router();

  router.get(API_ROUTES.calendar, requireAdmin, (ctx) => {
    const base = exportBase(`${ctx.protocol}://${ctx.host}`, config);
    const entries = calendarEntries(store.view);
    const body: Calendar = {
      entries: entries.map(entryView),
      feeds: store.data.calendar.feeds.map((f) => feedView(f, base)),
      conflicts: calendarConflicts(entries),
      exportUrl: exportUrl(base, store.data.calendar.exportToken),
    };
    ctx.body = body;
  });

  router.post(API_ROUTES.calendarBlocks, requireAdmin, jsonBody(), async (ctx) => {
    const input = validate(CreateBlockInputSchema, ctx.request.body);
    const { blocks } = store.data.calendar;
    if (blocks.length >= CALENDAR_LIMITS.maxBlocks) {
      throw conflict(`Ya hay ${CALENDAR_LIMITS.maxBlocks} bloqueos; elimina alguno antiguo antes de crear otro.`);
    }
    const block = {
      id: newId(),
      start: input.start,
      end: input.end,
      note: input.note,
      createdAt: new Date().toISOString(),
    };
    blocks.push(block);
    await store.save();
    ctx.status = 201;
    ctx.body = { id: block.id, start: block.start, end: block.end, source: CALENDAR_SOURCES.manual, label: block.note };
  });

  router.delete(API_ROUTES.calendarBlock, requireAdmin, async (ctx) => {
    const id = ctx.params.id ?? '';
    const { blocks } = store.data.calendar;
    const index = BLOCK_ID.test(id) ? blocks.findIndex((b) => b.id === id) : -1;
    if (index < 0) throw notFound('No encontramos ese bloqueo.');
    blocks.splice(index, 1);
    await store.save();
    ctx.status = 204;
  });

  // Public, like a shared secret link: whoever has the URL may read which nights are taken (nothing else).
  router.get(API_ROUTES.calendarExport, (ctx) => {
    const token = ctx.params.token ?? '';
    const { calendar } = store.data;
    if (!TOKEN.test(token)) throw notFound('Calendario no encontrado.');
    let exceptFeedId: string | undefined;
    if (!sameToken(token, calendar.exportToken)) {
      const feed = calendar.feeds.find((f) => sameToken(token, f.exportToken));
      if (!feed) throw notFound('Calendario no encontrado.');
      exceptFeedId = feed.id;
    }
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('Content-Disposition', 'inline; filename="disponibilidad.ics"');
    ctx.body = buildIcs(calendarEntries(store.view, { exceptFeedId }), todayAtCabin());
  });

  return router;
}
