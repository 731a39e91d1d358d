import type { Context } from 'koa';
import type { AppDeps } from '../deps';
import type { ApiHandlers } from './handlers';

/** The address the owner's request came to: export links are absolute (see CalendarService). */
const origin = (ctx: Context) => `${ctx.protocol}://${ctx.host}`;

/** Availability, quotes, seasons, the owner's calendar (blocks, feeds) and our iCal export. */
export function calendarRoutes({
  calendar,
}: AppDeps): Pick<
  ApiHandlers,
  | 'getAvailability'
  | 'getQuote'
  | 'getSeasons'
  | 'setSeasons'
  | 'getCalendar'
  | 'addBlock'
  | 'deleteBlock'
  | 'listFeeds'
  | 'addFeed'
  | 'deleteFeed'
  | 'syncFeed'
  | 'calendarExport'
> {
  return {
    getAvailability: (query) => calendar.availability(query),
    getQuote: (query) => calendar.quote(query),
    getSeasons: () => calendar.seasons(),
    setSeasons: (input) => calendar.setSeasons(input),
    getCalendar: (_input, ctx) => calendar.view(origin(ctx)),
    addBlock: (input) => calendar.addBlock(input),
    deleteBlock: ({ id }) => calendar.removeBlock(id),
    listFeeds: (_input, ctx) => calendar.feeds(origin(ctx)),
    addFeed: (input, ctx) => calendar.addFeed(input, origin(ctx)),
    deleteFeed: ({ id }) => calendar.removeFeed(id),
    syncFeed: ({ id }, ctx) => calendar.syncFeed(id, origin(ctx)),
    // Public, like a shared secret link: whoever has the URL may read which nights are taken (nothing else).
    calendarExport({ token }, ctx) {
      const ics = calendar.exportIcs(token);
      ctx.set('Content-Disposition', 'inline; filename="disponibilidad.ics"');
      return ics;
    },
  };
}
