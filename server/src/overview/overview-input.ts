import type { Data } from '../db/schema';
import { calendarEntries } from '../calendar/entries';
import type { OverviewInput } from './overview';

/** The overview's input from what the store holds today (direct bookings and the outbox join here). */
export function overviewInput(data: Data): OverviewInput {
  return {
    enquiries: data.enquiries,
    ranges: calendarEntries(data).map(({ id, start, end, source, label, stampedAt }) => ({
      id,
      start,
      end,
      source,
      label,
      stampedAt,
    })),
    feeds: data.calendar.feeds.map(({ id, name, lastError }) => ({ id, name, lastError })),
    pendingImages: data.images
      .filter((i) => i.status === 'pending')
      .map(({ id, title, created_at, uploaded_by }) => ({ id, title, created_at, uploaded_by })),
  };
}
