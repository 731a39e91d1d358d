/** Limits of the availability calendar, seasons and calendar sync (server enforces, clients check early). */
export const CALENDAR_LIMITS = {
  /** Dates outside [minDate, maxDate) are refused: they keep date arithmetic within 4-digit years. */
  minDate: '2000-01-01',
  maxDate: '2200-01-01',
  /** Longest stay a reservation or quote may ask for. */
  maxStayNights: 365,
  /** Longest manual block. */
  maxBlockNights: 3 * 366,
  /** Widest window `GET /api/disponibilidad` answers for. */
  maxWindowDays: 3 * 366,
  /** The default availability window reaches at least this many months ahead. */
  defaultWindowMonths: 12,
  maxSeasons: 60,
  seasonNameMax: 60,
  /** Highest minimum number of nights a season (or the base) may ask for. */
  maxMinNights: 60,
  blockNoteMax: 200,
  maxBlocks: 2_000,
  maxFeeds: 20,
  feedNameMax: 60,
  feedUrlMax: 2_000,
  /** Events kept per feed; a feed with more is refused as not a cabin's calendar. */
  maxEventsPerFeed: 5_000,
  /** Imported summaries are cut to this length. */
  eventSummaryMax: 200,
  /** Recurring events are expanded this many days ahead. */
  recurrenceHorizonDays: 2 * 366,
  feedTimeoutMs: 15_000,
  feedMaxBytes: 2 * 1024 * 1024,
  feedMaxRedirects: 5,
  /**
   * What reading one feed file may cost, all its calendars, events, repeats and time zones
   * together (server/src/calendar/feed-parser.ts): steps of the repeat and time-zone expansion,
   * time in the worker that parses it, and that worker's heap.
   */
  feedParseSteps: 200_000,
  feedParseTimeoutMs: 10_000,
  feedParseHeapMb: 96,
} as const;
