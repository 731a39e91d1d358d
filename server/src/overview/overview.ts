import { addDays, nightsBetween, todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { CALENDAR_SOURCES } from '@cabana/shared/domain/schemas/calendar';
import type { BookingState } from '@cabana/shared/domain/schemas/booking';
import { EXPECTING_STATES, NIGHT_BLOCKING_STATES, STAYING_STATES } from '@cabana/shared/domain/bookings/lifecycle';
import type { Enquiry } from '@cabana/shared/domain/schemas/enquiry';
import type {
  AlertItem,
  Alerts,
  AttentionGroup,
  AttentionItem,
  NightSource,
  NightsMonth,
  Overview,
  RequestsWeek,
  RevenueMonth,
} from '@cabana/shared/domain/schemas/overview';

/**
 * The owner's overview and alerts as pure functions of what the store holds (plus "now"):
 * `overviewInput` (overview-input.ts) gathers the input from the data; the figures are tested
 * against hand-made inputs. Each part is its own function of the input, so direct bookings
 * (issue 21) and the e-mail outbox plug in by filling `bookings` and `unsentEmails`.
 */

/** A taken night range: a manual block, a confirmed direct stay or an event a feed imported. */
interface OverviewRange {
  id: string;
  start: string;
  end: string;
  /** `manual`, `directa` or the feed's id. */
  source: string;
  label: string;
  /** When the record came to be (ISO). */
  stampedAt: string;
}

/** What the overview needs of a direct booking: whatever the booking store keeps, mapped to this. */
export interface OverviewBooking {
  id: string;
  state: BookingState;
  /** The guest's name, as the owner sees it. */
  name: string;
  checkIn: string;
  checkOut: string;
  people: number;
  /** Whole pesos. */
  total: number;
  depositDue: number;
  depositReceived: number;
  balanceReceived: number;
  createdAt: string;
  confirmedAt: string | null;
  /** Until when a request or an accepted booking holds its nights (ISO), null without a hold. */
  holdUntil: string | null;
  /** The guest's reference (issue 29's items name it). */
  code?: string;
  /** Money owed back and not yet recorded as refunded (pesos). */
  refundOwed?: number;
  /** The TRA filing needs the owner (issue 34): it keeps failing, or a kill left it uncertain; the Spanish reason. */
  traProblem?: { since: string; text: string } | null;
  /** A payment waiting for the owner: a receipt, or the gateway's pending transaction, and since when. */
  verifying?: { kind: 'receipt' | 'gateway'; since: string } | null;
  /** Whether a receipt was uploaded or a payment recorded (a lapsed one of these needs a look). */
  hadMoney?: boolean;
}

/** An e-mail of the outbox that could not be sent. */
interface OverviewEmail {
  id: string;
  subject: string;
  to: string;
  failedAt: string;
  error: string;
}

/** A payment or receipt waiting for the owner's look (issue 21), for the alerts. */
interface OverviewPayment {
  id: string;
  kind: 'pago' | 'recibo' | 'reembolso';
  at: string;
  title: string;
  body: string;
}

export interface OverviewInput {
  enquiries: readonly Enquiry[];
  /** Every taken range (calendar/entries.ts), direct bookings' not included. */
  ranges: readonly OverviewRange[];
  feeds: readonly { id: string; name: string; lastError: string | null }[];
  pendingImages: readonly { id: string; title: string; created_at: string; uploaded_by?: string }[];
  /** Direct bookings; absent until they exist (their parts then say so). */
  bookings?: readonly OverviewBooking[];
  /** Unsent outbox e-mails; absent until the outbox exists. */
  unsentEmails?: readonly OverviewEmail[];
  /** Payments and receipts waiting (alerts only). */
  payments?: readonly OverviewPayment[];
}

const MONTHS = 12;
const WEEKS = 12;
/** Arrivals and departures this many days ahead are listed. */
const UPCOMING_DAYS = 14;

/** The state sets come from the lifecycle table (shared/src/domain/bookings/lifecycle.ts). */
/** Bookings that became stays: a request counts as confirmed when it reached one of these. */
const STAYING: ReadonlySet<BookingState> = new Set(STAYING_STATES);
/** Bookings whose nights are taken (the direct nights of the charts): held, confirmed or completed. */
const TAKING: ReadonlySet<BookingState> = new Set(EXPECTING_STATES);
/** Bookings whose money is expected. */
const EXPECTED: ReadonlySet<BookingState> = new Set(EXPECTING_STATES);
/** Bookings whose nights nothing else may take: an imported event over them is a conflict. */
const BLOCKING: ReadonlySet<BookingState> = new Set(NIGHT_BLOCKING_STATES);

export const EMPTY_TEXTS = {
  noBookings: 'Aún no hay reservas directas: aquí aparecerán los depósitos y saldos por cobrar.',
  noRevenue: 'Aún no hay reservas directas: aquí aparecerán los ingresos recibidos y esperados por mes.',
  noOutbox: 'Aún no se envían correos desde la aplicación: los que no salgan aparecerán aquí.',
} as const;

// ---- dates ----

const monthOf = (date: string) => date.slice(0, 7);

function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + n;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}

const firstDay = (month: string) => `${month}-01`;
const daysIn = (month: string) => nightsBetween(firstDay(month), firstDay(addMonths(month, 1)));
/** The cabin's date of an instant written as ISO. */
const cabinDate = (iso: string) => todayAtCabin(new Date(iso));

/** The Monday of a date's week. */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(date, -((weekday + 6) % 7));
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const average = (values: readonly number[]) =>
  values.length === 0 ? null : oneDecimal(values.reduce((a, b) => a + b, 0) / values.length);

const monthsFrom = (start: string, count: number) => Array.from({ length: count }, (_, i) => addMonths(start, i));

type Reservation = Extract<Enquiry, { type: 'reserva' }>;
const reservations = (input: OverviewInput) => input.enquiries.filter((e): e is Reservation => e.type === 'reserva');

/** Every taken range, direct bookings' included. */
function allRanges(input: OverviewInput): OverviewRange[] {
  const ranges = [...input.ranges];
  for (const b of input.bookings ?? []) {
    if (!TAKING.has(b.state)) continue;
    ranges.push({
      id: b.id,
      start: b.checkIn,
      end: b.checkOut,
      source: CALENDAR_SOURCES.direct,
      label: b.name,
      stampedAt: b.createdAt,
    });
  }
  return ranges;
}

// ---- nights ----

function nightSources(input: OverviewInput): NightSource[] {
  return [
    { id: CALENDAR_SOURCES.direct, label: 'Reservas directas', kind: 'directa' },
    ...input.feeds.map((f): NightSource => ({ id: f.id, label: f.name, kind: 'canal' })),
    { id: CALENDAR_SOURCES.manual, label: 'Bloqueos', kind: 'bloqueo' },
  ];
}

/** Nights taken per month and source, and the month's occupancy, for `count` months from `start`. */
function nightsPerMonth(input: OverviewInput, start: string, count: number): NightsMonth[] {
  const months = monthsFrom(start, count);
  const from = firstDay(months[0]!);
  const to = firstDay(addMonths(start, count));
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
    const days = daysIn(month);
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

// ---- revenue ----

function revenuePerMonth(input: OverviewInput, start: string, count: number): Overview['revenue'] {
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

// ---- requests ----

interface Request {
  createdAt: string;
  checkIn: string;
  confirmed: boolean;
}

function requestsOf(input: OverviewInput): Request[] {
  return [
    ...reservations(input).map((e) => ({
      createdAt: e.createdAt,
      checkIn: e.checkIn,
      confirmed: e.status === 'confirmada',
    })),
    ...(input.bookings ?? []).map((b) => ({
      createdAt: b.createdAt,
      checkIn: b.checkIn,
      confirmed: STAYING.has(b.state),
    })),
  ];
}

function requestsPerWeek(input: OverviewInput, today: string): Overview['requests'] {
  const first = addDays(mondayOf(today), -7 * (WEEKS - 1));
  const weeks = Array.from({ length: WEEKS }, (_, i): RequestsWeek => {
    return { weekStart: addDays(first, 7 * i), requests: 0, confirmed: 0 };
  });
  for (const r of requestsOf(input)) {
    const date = cabinDate(r.createdAt);
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

// ---- stays ----

/** Average stay over the stays arriving in the charts' 24 months; lead time over the last 365 days' requests. */
function stayFigures(input: OverviewInput, today: string): Overview['stays'] {
  const from = firstDay(addMonths(monthOf(today), -MONTHS));
  const to = firstDay(addMonths(monthOf(today), MONTHS));
  const stays = allRanges(input).filter((r) => r.source !== CALENDAR_SOURCES.manual && r.start >= from && r.start < to);
  const yearAgo = addDays(today, -365);
  const leads = requestsOf(input)
    .map((r) => ({ created: cabinDate(r.createdAt), checkIn: r.checkIn }))
    .filter((r) => r.created > yearAgo && r.created <= today && r.checkIn >= r.created)
    .map((r) => nightsBetween(r.created, r.checkIn));
  return {
    count: stays.length,
    averageNights: average(stays.map((s) => nightsBetween(s.start, s.end))),
    leadCount: leads.length,
    averageLeadDays: average(leads),
  };
}

// ---- attention ----

const byDue = (a: AttentionItem, b: AttentionItem) => ((a.due ?? '') < (b.due ?? '') ? -1 : 1);

function waitingRequests(input: OverviewInput): AttentionGroup {
  const items: AttentionItem[] = input.enquiries
    .filter((e) => e.status === 'nueva')
    .map((e) =>
      e.type === 'reserva'
        ? {
            id: e.id,
            title: `Solicitud de reserva de ${e.name}`,
            detail: `Del ${e.checkIn} al ${e.checkOut}, ${e.numPeople} ${e.numPeople === 1 ? 'persona' : 'personas'}`,
            due: null,
            link: 'consultas',
          }
        : {
            id: e.id,
            title: `Mensaje de ${e.name}`,
            detail: 'Consulta por el formulario de contacto',
            due: null,
            link: 'consultas',
          },
    );
  for (const b of input.bookings ?? []) {
    if (b.state !== 'solicitada') continue;
    items.push({
      id: b.id,
      title: `Solicitud de reserva de ${b.name}`,
      detail: `Del ${b.checkIn} al ${b.checkOut}, ${b.people} ${b.people === 1 ? 'persona' : 'personas'}`,
      due: b.holdUntil,
      link: 'reservas',
    });
  }
  return {
    key: 'solicitudes',
    title: 'Solicitudes por responder',
    link: input.bookings === undefined ? 'consultas' : 'reservas',
    items,
    available: true,
    empty: 'No hay solicitudes esperando respuesta.',
  };
}

/**
 * What costs money if left alone (issue 29): refunds owed, receipts and gateway payments waiting
 * for the owner's check, and lapsed bookings that had a receipt or a payment.
 */
function moneyToCheck(input: OverviewInput): AttentionGroup {
  const items: AttentionItem[] = [];
  for (const b of input.bookings ?? []) {
    const ref = b.code ? `Reserva ${b.code}, ` : '';
    if ((b.refundOwed ?? 0) > 0) {
      items.push({
        id: `${b.id}:reembolso`,
        title: `Reembolso pendiente a ${b.name}: $${b.refundOwed}`,
        detail: `${ref}${b.state}: devuélvelo y regístralo en Reservas.`,
        due: null,
        link: 'reservas',
      });
    }
    if (b.verifying?.kind === 'receipt') {
      items.push({
        id: `${b.id}:comprobante`,
        title: `Comprobante de ${b.name} por verificar`,
        detail: `${ref}del ${b.checkIn} al ${b.checkOut}: registra el pago o rechaza el comprobante.`,
        due: b.verifying.since,
        link: 'reservas',
      });
    } else if (b.verifying?.kind === 'gateway') {
      items.push({
        id: `${b.id}:pasarela`,
        title: `Pago de ${b.name} pendiente en Wompi`,
        detail: `${ref}la reserva espera la respuesta del banco; no vence mientras tanto.`,
        due: b.verifying.since,
        link: 'reservas',
      });
    }
    if (b.state === 'vencida' && b.hadMoney && !(b.refundOwed ?? 0)) {
      items.push({
        id: `${b.id}:vencida`,
        title: `Reserva vencida de ${b.name} con comprobante o pago`,
        detail: `${ref}del ${b.checkIn} al ${b.checkOut}: regístrale el pago o reábrela.`,
        due: null,
        link: 'reservas',
      });
    }
  }
  const available = input.bookings !== undefined;
  return {
    key: 'dinero',
    title: 'Pagos y reembolsos por revisar',
    link: 'reservas',
    items: items.sort(byDue),
    available,
    empty: available ? 'No hay reembolsos, comprobantes ni pagos por revisar.' : EMPTY_TEXTS.noBookings,
  };
}

/** An imported event (a channel's feed) over the nights of a held or confirmed direct booking. */
function calendarConflicts(input: OverviewInput, sources: readonly NightSource[]): AttentionGroup {
  const sourceLabel = new Map(sources.map((s) => [s.id, s.label]));
  const items: AttentionItem[] = [];
  for (const b of input.bookings ?? []) {
    if (!BLOCKING.has(b.state)) continue;
    for (const r of input.ranges) {
      if (r.source === CALENDAR_SOURCES.manual || r.source === CALENDAR_SOURCES.direct) continue;
      if (!(r.start < b.checkOut && b.checkIn < r.end)) continue;
      items.push({
        id: `${b.id}:${r.id}`,
        title: `Choque de fechas: ${b.name} y ${sourceLabel.get(r.source) ?? 'otro canal'}`,
        detail: `La reserva del ${b.checkIn} al ${b.checkOut} y el evento importado del ${r.start} al ${r.end} se cruzan.`,
        due: b.checkIn,
        link: 'calendario',
      });
    }
  }
  return {
    key: 'conflictos',
    title: 'Choques de calendario',
    link: 'calendario',
    items: items.sort(byDue),
    available: true,
    empty: 'Ningún calendario importado choca con una reserva.',
  };
}

function paymentsDue(input: OverviewInput, today: string): AttentionGroup {
  const items: AttentionItem[] = [];
  for (const b of input.bookings ?? []) {
    if (b.state === 'aceptada' && b.depositReceived < b.depositDue) {
      items.push({
        id: b.id,
        title: `Depósito de ${b.name}`,
        detail: `Faltan $${b.depositDue - b.depositReceived} antes de que venza la retención`,
        due: b.holdUntil,
        link: 'reservas',
      });
    } else if (STAYING.has(b.state) && b.checkOut > today && b.depositReceived + b.balanceReceived < b.total) {
      items.push({
        id: b.id,
        title: `Saldo de ${b.name}`,
        detail: `Faltan $${b.total - b.depositReceived - b.balanceReceived} antes de la llegada`,
        due: b.checkIn,
        link: 'reservas',
      });
    }
  }
  const available = input.bookings !== undefined;
  return {
    key: 'pagos',
    title: 'Depósitos y saldos por cobrar',
    link: available ? 'reservas' : 'consultas',
    items: items.sort(byDue),
    available,
    empty: available ? 'No hay depósitos ni saldos pendientes.' : EMPTY_TEXTS.noBookings,
  };
}

function comings(input: OverviewInput, sources: readonly NightSource[], today: string): AttentionGroup {
  const last = addDays(today, UPCOMING_DAYS);
  const sourceLabel = new Map(sources.map((s) => [s.id, s.label]));
  const items: AttentionItem[] = [];
  for (const r of allRanges(input)) {
    if (r.source === CALENDAR_SOURCES.manual) continue;
    const via = sourceLabel.get(r.source) ?? 'Otro canal';
    if (r.start >= today && r.start <= last)
      items.push({
        id: `${r.id}:llegada`,
        title: `Llega ${r.label || 'un huésped'}`,
        detail: via,
        due: r.start,
        link: 'calendario',
      });
    if (r.end >= today && r.end <= last)
      items.push({
        id: `${r.id}:salida`,
        title: `Se va ${r.label || 'un huésped'}`,
        detail: via,
        due: r.end,
        link: 'calendario',
      });
  }
  return {
    key: 'llegadas',
    title: `Llegadas y salidas (próximos ${UPCOMING_DAYS} días)`,
    link: 'calendario',
    items: items.sort(byDue),
    available: true,
    empty: `Nadie llega ni se va en los próximos ${UPCOMING_DAYS} días.`,
  };
}

function feedErrors(input: OverviewInput): AttentionGroup {
  return {
    key: 'fuentes',
    title: 'Calendarios que no se sincronizan',
    link: 'calendario',
    items: input.feeds
      .filter((f) => f.lastError !== null)
      .map((f) => ({ id: f.id, title: f.name, detail: f.lastError!, due: null, link: 'calendario' })),
    available: true,
    empty: 'Todos los calendarios se sincronizan bien.',
  };
}

/** Guest registrations whose filing with MinCIT (TRA) needs the owner (issue 34). */
function registrationProblems(input: OverviewInput): AttentionGroup {
  const available = input.bookings !== undefined;
  return {
    key: 'registro',
    title: 'Registro de huéspedes (TRA) por revisar',
    link: 'reservas',
    items: (input.bookings ?? [])
      .filter((b) => b.traProblem)
      .map((b) => ({
        id: `${b.id}:tra`,
        title: `Registro TRA de ${b.name}${b.code ? ` (${b.code})` : ''}`,
        detail: b.traProblem!.text,
        due: b.traProblem!.since,
        link: 'reservas' as const,
      })),
    available,
    empty: available ? 'Ningún registro de huéspedes espera tu revisión.' : EMPTY_TEXTS.noBookings,
  };
}

function pendingPhotos(input: OverviewInput): AttentionGroup {
  return {
    key: 'fotos',
    title: 'Fotos esperando aprobación',
    link: 'pendientes',
    items: input.pendingImages.map((i) => ({
      id: i.id,
      title: i.title,
      detail: i.uploaded_by ? `Enviada por ${i.uploaded_by}` : 'Enviada por un visitante',
      due: i.created_at,
      link: 'pendientes',
    })),
    available: true,
    empty: 'No hay fotos esperando aprobación.',
  };
}

function unsentEmails(input: OverviewInput): AttentionGroup {
  const available = input.unsentEmails !== undefined;
  return {
    key: 'correos',
    title: 'Correos sin enviar',
    // The outbox is shown in the Reservas section, with each message as a mailto:/WhatsApp link.
    link: 'reservas',
    items: (input.unsentEmails ?? []).map((m) => ({
      id: m.id,
      title: `${m.subject} (a ${m.to})`,
      detail: m.error,
      due: m.failedAt,
      link: 'reservas',
    })),
    available,
    empty: available ? 'Todos los correos salieron.' : EMPTY_TEXTS.noOutbox,
  };
}

// ---- the whole ----

export function computeOverview(input: OverviewInput, now: number): Overview {
  const today = todayAtCabin(new Date(now));
  const month = monthOf(today);
  const sources = nightSources(input);
  return {
    today,
    attention: [
      waitingRequests(input),
      moneyToCheck(input),
      calendarConflicts(input, sources),
      paymentsDue(input, today),
      comings(input, sources, today),
      registrationProblems(input),
      feedErrors(input),
      pendingPhotos(input),
      unsentEmails(input),
    ],
    nights: {
      sources,
      past: nightsPerMonth(input, addMonths(month, -MONTHS), MONTHS),
      next: nightsPerMonth(input, month, MONTHS),
    },
    revenue: revenuePerMonth(input, addMonths(month, -MONTHS), 2 * MONTHS),
    requests: requestsPerWeek(input, today),
    stays: stayFigures(input, today),
  };
}

/**
 * What waits for the owner, one item per thing (a new request or message, a payment or a receipt
 * to look at), newest first. Ids are stable, so a poller notifies only the ones it has not seen.
 */
export function computeAlerts(input: Pick<OverviewInput, 'enquiries' | 'bookings' | 'payments'>): Alerts {
  const items: AlertItem[] = [];
  for (const e of input.enquiries) {
    if (e.status !== 'nueva') continue;
    items.push(
      e.type === 'reserva'
        ? {
            id: `solicitud:${e.id}`,
            kind: 'solicitud',
            at: e.createdAt,
            title: 'Nueva solicitud de reserva',
            body: `${e.name}: del ${e.checkIn} al ${e.checkOut}, ${e.numPeople} ${e.numPeople === 1 ? 'persona' : 'personas'}`,
            link: 'consultas',
          }
        : {
            id: `consulta:${e.id}`,
            kind: 'consulta',
            at: e.createdAt,
            title: 'Nuevo mensaje de contacto',
            body: e.name,
            link: 'consultas',
          },
    );
  }
  for (const b of input.bookings ?? []) {
    if (b.state !== 'solicitada') continue;
    items.push({
      id: `solicitud:${b.id}`,
      kind: 'solicitud',
      at: b.createdAt,
      title: 'Nueva solicitud de reserva',
      body: `${b.name}: del ${b.checkIn} al ${b.checkOut}`,
      link: 'reservas',
    });
  }
  for (const p of input.payments ?? [])
    items.push({ id: `${p.kind}:${p.id}`, kind: p.kind, at: p.at, title: p.title, body: p.body, link: 'reservas' });
  items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return { count: items.length, items };
}
