import {
  addDays,
  dateAtCabin,
  daysInMonth,
  mondayOf,
  monthOf,
  monthRange,
  nightsBetween,
  shiftMonth,
} from '@cabana/shared/domain/pricing/dates';
import { CALENDAR_SOURCES } from '@cabana/shared/domain/schemas/calendar';
import type { NightsMonth, Overview, RequestsWeek, RevenueMonth } from '@cabana/shared/domain/schemas/overview';
import { EMPTY_TEXTS, EXPECTED, allRanges, requestsOf, type OverviewInput } from './overview-model';

/** The overview's charts and figures: nights and occupancy, revenue, requests per week, stays. */

/** Months of each chart (back from this month, and ahead from it). */
export const MONTHS = 12;
const WEEKS = 12;

const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const average = (values: readonly number[]) =>
  values.length === 0 ? null : oneDecimal(values.reduce((a, b) => a + b, 0) / values.length);

const monthsFrom = (start: string, count: number) => Array.from({ length: count }, (_, i) => shiftMonth(start, i));

/** Nights taken per month and source, and the month's occupancy, for `count` months from `start`. */
export function nightsPerMonth(input: OverviewInput, start: string, count: number): NightsMonth[] {
  const months = monthsFrom(start, count);
  const from = monthRange(months[0]!).start;
  const to = monthRange(shiftMonth(start, count)).start;
  const bySource = new Map(months.map((m) => [m, new Map<string, number>()]));
  const taken = new Map(months.map((m) => [m, new Set<string>()]));
  for (const r of allRanges(input)) {
    const s = r.start > from ? r.start : from;
    const e = r.end < to ? r.end : to;
    for (let night = s; night < e; night = addDays(night, 1)) {
      const month = monthOf(night);
      const counts = bySource.get(month)!;
      counts.set(r.source, (counts.get(r.source) ?? 0) + 1);
      taken.get(month)!.add(night);
    }
  }
  return months.map((month) => {
    const days = daysInMonth(month);
    const nights = taken.get(month)!.size;
    return {
      month,
      days,
      bySource: Object.fromEntries(bySource.get(month)!),
      taken: nights,
      occupancy: Math.round((nights / days) * 100),
    };
  });
}

export function revenuePerMonth(input: OverviewInput, start: string, count: number): Overview['revenue'] {
  const months = monthsFrom(start, count);
  const rows = new Map(months.map((m): [string, RevenueMonth] => [m, { month: m, expected: 0, received: 0 }]));
  for (const b of input.bookings ?? []) {
    const row = rows.get(monthOf(b.checkIn));
    if (!row || !EXPECTED.has(b.state)) continue;
    row.expected += b.total;
    row.received += b.depositReceived + b.balanceReceived;
  }
  return {
    available: input.bookings !== undefined,
    empty: EMPTY_TEXTS.noRevenue,
    months: [...rows.values()],
  };
}

export function requestsPerWeek(input: OverviewInput, today: string): Overview['requests'] {
  const first = addDays(mondayOf(today), -7 * (WEEKS - 1));
  const weeks = Array.from({ length: WEEKS }, (_, i): RequestsWeek => {
    return { weekStart: addDays(first, 7 * i), requests: 0, confirmed: 0 };
  });
  for (const r of requestsOf(input)) {
    const date = dateAtCabin(r.createdAt);
    if (date < first || date > today) continue;
    const week = weeks[Math.floor(nightsBetween(first, date) / 7)]!;
    week.requests++;
    if (r.confirmed) week.confirmed++;
  }
  return {
    weeks,
    total: weeks.reduce((n, w) => n + w.requests, 0),
    confirmed: weeks.reduce((n, w) => n + w.confirmed, 0),
  };
}

/** Average stay over the stays arriving in the charts' 24 months; lead time over the last 365 days' requests. */
export function stayFigures(input: OverviewInput, today: string): Overview['stays'] {
  const from = monthRange(shiftMonth(monthOf(today), -MONTHS)).start;
  const to = monthRange(shiftMonth(monthOf(today), MONTHS)).start;
  const stays = allRanges(input).filter((r) => r.source !== CALENDAR_SOURCES.manual && r.start >= from && r.start < to);
  const yearAgo = addDays(today, -365);
  const leads = requestsOf(input)
    .map((r) => ({ created: dateAtCabin(r.createdAt), checkIn: r.checkIn }))
    .filter((r) => r.created > yearAgo && r.created <= today && r.checkIn >= r.created)
    .map((r) => nightsBetween(r.created, r.checkIn));
  return {
    count: stays.length,
    averageNights: average(stays.map((s) => nightsBetween(s.start, s.end))),
    leadCount: leads.length,
    averageLeadDays: average(leads),
  };
}
