import { randomBytes } from 'node:crypto';
import { sameText } from '../lib/same-text';
import { CALENDAR_LIMITS } from '@cabana/shared/domain/config/calendar';
import { availabilityWindowEnd } from '@cabana/shared/domain/availability/calendar-window';
import { clipRanges } from '@cabana/shared/domain/availability/ranges';
import { nightsBetween, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { checkStay, quoteStay } from '@cabana/shared/domain/pricing/seasons';
import { reservationDateErrors } from '@cabana/shared/domain/schemas/enquiry';
import { peopleLimitError } from '@cabana/shared/domain/config/settings';
import type { Availability, AvailabilityQuery } from '@cabana/shared/domain/schemas/availability';
import {
  CALENDAR_SOURCES,
  type Calendar,
  type CalendarEntry,
  type CreateBlockInput,
  type CreateFeedInput,
  type Feed,
} from '@cabana/shared/domain/schemas/calendar';
import type { Quote, QuoteQuery } from '@cabana/shared/domain/schemas/quote';
import type { Seasons, UpdateSeasonsInput } from '@cabana/shared/domain/schemas/season';
import type { Config } from '../env';
import type { Logger } from '../lib/logger';
import type { Store } from '../db/store';
import { newSecretToken } from '../db/store';
import type { StoredFeed } from '../db/schema';
import { conflict, feedUnreadable, invalidInput, notFound } from '../domain-errors';
import { blockedRanges, calendarConflicts, calendarEntries, entryView, pricingRules } from './entries';
import { buildIcs } from './ical-export';
import { exportBase, exportUrl, feedView, seasonsView } from './views';
import { FeedNotFoundError, FeedSyncError, type CalendarSync } from './calendar-sync';

const FEED_NOT_FOUND = 'No encontramos esa fuente de calendario.';
const EXPORT_NOT_FOUND = 'Calendario no encontrado.';
const newId = () => randomBytes(12).toString('base64url');

export interface CalendarServiceDeps {
  store: Store;
  sync: CalendarSync;
  config: Pick<Config, 'publicUrl'>;
  log: Logger;
  now: () => number;
}

/**
 * The cabin's calendar: which nights are taken and why (manual blocks, confirmed direct
 * reservations, the owner's other channels), the seasons that price them, quotes, and the iCal
 * export the channels read. `origin` is the address the owner's request came to: export links
 * are absolute (they are pasted into other sites).
 */
export class CalendarService {
  constructor(private readonly deps: CalendarServiceDeps) {}

  #base(origin: string) {
    return exportBase(origin, this.deps.config);
  }

  #isoNow() {
    return new Date(this.deps.now()).toISOString();
  }

  /** The owner's whole view: every entry, the feeds, conflicts, and the general export link. */
  view(origin: string): Calendar {
    const { store } = this.deps;
    const base = this.#base(origin);
    const entries = calendarEntries(store.view);
    return {
      entries: entries.map(entryView),
      feeds: store.data.calendar.feeds.map((f) => feedView(f, base)),
      conflicts: calendarConflicts(entries),
      exportUrl: exportUrl(base, store.data.calendar.exportToken),
    };
  }

  /** Taken nights in a window, merged, with nothing about who or why (public). */
  availability(query: AvailabilityQuery): Availability {
    const from = query.from ?? todayAtCabin();
    const to = query.to ?? availabilityWindowEnd(from);
    if (to <= from) {
      throw invalidInput('La fecha final ("to") debe ser posterior a la inicial ("from").', {
        to: 'Debe ser posterior a "from".',
      });
    }
    if (nightsBetween(from, to) > CALENDAR_LIMITS.maxWindowDays) {
      throw invalidInput(`Consulta como máximo ${CALENDAR_LIMITS.maxWindowDays} días a la vez.`, {
        to: 'Intervalo demasiado largo.',
      });
    }
    return { from, to, blocked: clipRanges(blockedRanges(this.deps.store.view), { start: from, end: to }) };
  }

  /** The price of a stay night by night, and whatever would stop it being booked (public). */
  quote({ checkIn, checkOut, numPeople }: QuoteQuery): Quote {
    const { store } = this.deps;
    const people = peopleLimitError(numPeople, store.data.settings);
    if (people) throw invalidInput(people, { numPeople: people });
    const rules = pricingRules(store.data);
    const quote = quoteStay({ checkIn, checkOut, numPeople }, rules);
    const stay = checkStay({ checkIn, checkOut }, rules, blockedRanges(store.data));
    return {
      checkIn,
      checkOut,
      numPeople,
      nights: quote.nights,
      nightly: quote.nightly,
      total: quote.total,
      minNights: quote.minNights,
      available: stay.available,
      problems: [...Object.values(reservationDateErrors(checkIn, checkOut)), ...stay.problems],
      breakdown: quote.breakdown,
    };
  }

  async addBlock(input: CreateBlockInput): Promise<CalendarEntry> {
    const { store } = this.deps;
    const { blocks } = store.data.calendar;
    if (blocks.length >= CALENDAR_LIMITS.maxBlocks) {
      throw conflict(`Ya hay ${CALENDAR_LIMITS.maxBlocks} bloqueos; elimina alguno antiguo antes de crear otro.`);
    }
    const block = { id: newId(), start: input.start, end: input.end, note: input.note, createdAt: this.#isoNow() };
    blocks.push(block);
    await store.save();
    return { id: block.id, start: block.start, end: block.end, source: CALENDAR_SOURCES.manual, label: block.note };
  }

  async removeBlock(id: string): Promise<void> {
    const { store } = this.deps;
    const { blocks } = store.data.calendar;
    const index = blocks.findIndex((b) => b.id === id);
    if (index < 0) throw notFound('No encontramos ese bloqueo.');
    blocks.splice(index, 1);
    await store.save();
  }

  feeds(origin: string): Feed[] {
    const base = this.#base(origin);
    return this.deps.store.data.calendar.feeds.map((f) => feedView(f, base));
  }

  /** Adds a feed; its first import runs in the background (the panel shows the outcome on its next load). */
  async addFeed(input: CreateFeedInput, origin: string): Promise<Feed> {
    const { store, sync, log } = this.deps;
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
      createdAt: this.#isoNow(),
      lastSyncAt: null,
      lastError: null,
      events: [],
    };
    feeds.push(feed);
    await store.save();
    sync.syncFeed(feed.id).catch((err: unknown) => {
      if (!(err instanceof FeedSyncError || err instanceof FeedNotFoundError)) log.error('first feed sync failed', err);
    });
    return feedView(feed, this.#base(origin));
  }

  async removeFeed(id: string): Promise<void> {
    const { store } = this.deps;
    const { feeds } = store.data.calendar;
    const index = feeds.findIndex((f) => f.id === id);
    if (index < 0) throw notFound(FEED_NOT_FOUND);
    feeds.splice(index, 1);
    await store.save();
  }

  /** Imports a feed now; a feed that cannot be read keeps its blocks and says why (Spanish). */
  async syncFeed(id: string, origin: string): Promise<Feed> {
    if (!this.deps.store.data.calendar.feeds.some((f) => f.id === id)) throw notFound(FEED_NOT_FOUND);
    try {
      return feedView(await this.deps.sync.syncFeed(id), this.#base(origin));
    } catch (err) {
      if (err instanceof FeedNotFoundError) throw notFound(FEED_NOT_FOUND);
      if (err instanceof FeedSyncError) throw feedUnreadable(err.message);
      throw err;
    }
  }

  seasons(): Seasons {
    return seasonsView(this.deps.store.data);
  }

  /** Replaces every season (validated as a whole before: a bad list leaves the stored ones alone). */
  async setSeasons(input: UpdateSeasonsInput): Promise<Seasons> {
    const { store } = this.deps;
    store.data.calendar.seasons = input.seasons
      .map((s) => ({
        id: s.id ?? newId(),
        name: s.name,
        start: s.start,
        end: s.end,
        pricePerPerson: s.pricePerPerson,
        minNights: s.minNights,
      }))
      .sort((a, b) => (a.start < b.start ? -1 : 1));
    if (input.baseMinNights !== undefined) store.data.calendar.baseMinNights = input.baseMinNights;
    await store.save();
    return seasonsView(store.data);
  }

  /**
   * The iCal export of a secret link: the general one lists every taken night, a feed's own
   * link everything but that feed's events (a channel must not read its own bookings back).
   */
  exportIcs(token: string): string {
    const { calendar } = this.deps.store.data;
    let exceptFeedId: string | undefined;
    if (!sameText(token, calendar.exportToken)) {
      const feed = calendar.feeds.find((f) => sameText(token, f.exportToken));
      if (!feed) throw notFound(EXPORT_NOT_FOUND);
      exceptFeedId = feed.id;
    }
    return buildIcs(calendarEntries(this.deps.store.view, { exceptFeedId }), todayAtCabin());
  }
}
