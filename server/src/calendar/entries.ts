import { createHash } from 'node:crypto';
import { isCalendarDate } from '@cabana/shared/domain/availability/calendar-window';
import { mergeRanges, rangesOverlap, type DateRange } from '@cabana/shared/domain/availability/ranges';
import { CALENDAR_SOURCES, type CalendarEntry, type Conflict } from '@cabana/shared/domain/schemas/calendar';
import type { Enquiry } from '@cabana/shared/domain/schemas/enquiry';
import { BLOCKING_STATES } from '@cabana/shared/domain/schemas/booking';
import type { PricingRules } from '@cabana/shared/domain/pricing/seasons';
import type { Data } from '../db/schema';

/** What kind of record an entry comes from; names the export's UIDs. */
type EntryKind = 'bloqueo' | 'reserva' | 'importado';

/** A calendar entry with what the export needs and the owner's view leaves out. */
export interface SourcedEntry extends CalendarEntry {
  kind: EntryKind;
  /** When the record came to be (ISO): the export's DTSTAMP, stable from one fetch to the next. */
  stampedAt: string;
}

type Reservation = Extract<Enquiry, { type: 'reserva' }>;

/** Reservations the owner confirmed: they block their nights as direct bookings. */
function confirmedReservations(data: Data, exceptId?: string): Reservation[] {
  return data.enquiries.filter(
    (e): e is Reservation => e.type === 'reserva' && e.status === 'confirmada' && e.id !== exceptId,
  );
}

/** Id of an imported event: the same for the same feed and UID on every sync. */
export function importedEventId(feedId: string, key: string): string {
  return createHash('sha256').update(`${feedId}\n${key}`).digest('base64url').slice(0, 22);
}

export interface EntryFilter {
  /** Leave out this feed's own events (its export must not echo them back). */
  exceptFeedId?: string;
  /** Leave out this reservation (when checking whether it can itself be confirmed). */
  exceptEnquiryId?: string;
  /** Leave out this booking (when checking whether it can itself be held). */
  exceptBookingId?: string;
}

const isSoundRange = (r: DateRange) => isCalendarDate(r.start) && isCalendarDate(r.end) && r.start < r.end;

/** Every blocked range: manual blocks, confirmed direct reservations, held and confirmed bookings, and imported events. */
export function calendarEntries(data: Data, filter: EntryFilter = {}): SourcedEntry[] {
  const entries: SourcedEntry[] = [];
  for (const b of data.calendar.blocks) {
    entries.push({
      id: b.id,
      start: b.start,
      end: b.end,
      source: CALENDAR_SOURCES.manual,
      label: b.note,
      kind: 'bloqueo',
      stampedAt: b.createdAt,
    });
  }
  for (const r of confirmedReservations(data, filter.exceptEnquiryId)) {
    entries.push({
      id: r.id,
      start: r.checkIn,
      end: r.checkOut,
      source: CALENDAR_SOURCES.direct,
      label: r.name,
      kind: 'reserva',
      stampedAt: r.createdAt,
    });
  }
  // Held (waiting for the deposit) and confirmed bookings block their nights everywhere.
  for (const b of data.bookings) {
    if (!BLOCKING_STATES.includes(b.state) || b.id === filter.exceptBookingId) continue;
    entries.push({
      id: b.id,
      start: b.checkIn,
      end: b.checkOut,
      source: CALENDAR_SOURCES.direct,
      label: `${b.name} (${b.code})`,
      kind: 'reserva',
      stampedAt: b.createdAt,
    });
  }
  for (const feed of data.calendar.feeds) {
    if (feed.id === filter.exceptFeedId) continue;
    for (const e of feed.events) {
      // Imports are checked since issue 19, but a data file may hold one stored before (year 0000):
      // it must not break the export, the availability or the owner's calendar.
      if (!isSoundRange(e)) continue;
      entries.push({
        id: e.id,
        start: e.start,
        end: e.end,
        source: feed.id,
        label: e.summary,
        kind: 'importado',
        stampedAt: e.firstSeenAt,
      });
    }
  }
  return entries.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id < b.id ? -1 : 1));
}

/** The owner's view of an entry (no export details). */
export const entryView = ({ id, start, end, source, label }: SourcedEntry): CalendarEntry => ({
  id,
  start,
  end,
  source,
  label,
});

/** Merged blocked nights, for availability answers and the checks before booking. */
export function blockedRanges(data: Data, filter: EntryFilter = {}): DateRange[] {
  return mergeRanges(calendarEntries(data, filter));
}

/** Imported events that overlap a confirmed direct reservation; both sides stay, the owner decides. */
export function calendarConflicts(entries: readonly SourcedEntry[]): Conflict[] {
  const direct = entries.filter((e) => e.kind === 'reserva');
  const conflicts: Conflict[] = [];
  for (const imported of entries) {
    if (imported.kind !== 'importado') continue;
    for (const d of direct) {
      if (rangesOverlap(d, imported)) conflicts.push({ direct: entryView(d), imported: entryView(imported) });
    }
  }
  return conflicts;
}

export function pricingRules(data: Data): PricingRules {
  return {
    base: { pricePerPerson: data.price.precio, minNights: data.calendar.baseMinNights },
    seasons: data.calendar.seasons,
  };
}
