import { formatMonth, formatStayDate } from '@cabana/shared/domain/lib/owner-dates';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import { addDays } from '@cabana/shared/domain/pricing/dates';
import { CALENDAR_SOURCES } from '@cabana/shared/domain/schemas/calendar';
import type { AttentionGroup, AttentionItem, NightSource } from '@cabana/shared/domain/schemas/overview';
import { BLOCKING, EMPTY_TEXTS, STAYING, allRanges, type OverviewInput } from './overview-model';

/** What waits for the owner's attention, group by group (the overview's first part). */

/** Arrivals and departures this many days ahead are listed. */
const UPCOMING_DAYS = 14;

const byDue = (a: AttentionItem, b: AttentionItem) => ((a.due ?? '') < (b.due ?? '') ? -1 : 1);

function waitingRequests(input: OverviewInput): AttentionGroup {
  const items: AttentionItem[] = input.enquiries
    .filter((e) => e.status === 'nueva')
    .map((e) =>
      e.type === 'reserva'
        ? {
            id: e.id,
            title: `Solicitud de reserva de ${e.name}`,
            detail: `Del ${formatStayDate(e.checkIn)} al ${formatStayDate(e.checkOut)}, ${e.numPeople} ${e.numPeople === 1 ? 'persona' : 'personas'}`,
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
      detail: `Del ${formatStayDate(b.checkIn)} al ${formatStayDate(b.checkOut)}, ${b.people} ${b.people === 1 ? 'persona' : 'personas'}`,
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
        title: `Reembolso pendiente a ${b.name}: ${formatMoney(b.refundOwed ?? 0, 'COP')}`,
        detail: `${ref}${b.state}: devuélvelo y regístralo en Reservas.`,
        due: null,
        link: 'reservas',
      });
    }
    if (b.verifying?.kind === 'receipt') {
      items.push({
        id: `${b.id}:comprobante`,
        title: `Comprobante de ${b.name} por verificar`,
        detail: `${ref}del ${formatStayDate(b.checkIn)} al ${formatStayDate(b.checkOut)}: registra el pago o rechaza el comprobante.`,
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
        detail: `${ref}del ${formatStayDate(b.checkIn)} al ${formatStayDate(b.checkOut)}: regístrale el pago o reábrela.`,
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
        detail: `La reserva del ${formatStayDate(b.checkIn)} al ${formatStayDate(b.checkOut)} y el evento importado del ${formatStayDate(r.start)} al ${formatStayDate(r.end)} se cruzan.`,
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
        detail: `Faltan ${formatMoney(b.depositDue - b.depositReceived, 'COP')} antes de que venza la retención`,
        due: b.holdUntil,
        link: 'reservas',
      });
    } else if (STAYING.has(b.state) && b.checkOut > today && b.depositReceived + b.balanceReceived < b.total) {
      items.push({
        id: b.id,
        title: `Saldo de ${b.name}`,
        detail: `Faltan ${formatMoney(b.total - b.depositReceived - b.balanceReceived, 'COP')} antes de la llegada`,
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

/**
 * Guest registrations that need the owner (issue 34): a filing with MinCIT (TRA) that fails, and
 * SIRE movements of foreign guests not yet marked as uploaded to Migración's portal.
 */
function registrationProblems(input: OverviewInput): AttentionGroup {
  const available = input.bookings !== undefined;
  return {
    key: 'registro',
    title: 'Registro de huéspedes (TRA y SIRE) por revisar',
    link: 'reservas',
    items: [
      ...(input.bookings ?? [])
        .filter((b) => b.traProblem)
        .map((b) => ({
          id: `${b.id}:tra`,
          title: `Registro TRA de ${b.name}${b.code ? ` (${b.code})` : ''}`,
          detail: b.traProblem!.text,
          due: b.traProblem!.since,
          link: 'reservas' as const,
        })),
      ...(input.sire ?? []).map((m) => ({
        id: `sire:${m.month}`,
        title: `SIRE de ${formatMonth(m.month)}: ${m.due} ${m.due === 1 ? 'movimiento' : 'movimientos'} sin marcar como subidos`,
        detail:
          m.problems > 0
            ? `${m.problems} ${m.problems === 1 ? 'movimiento no entra' : 'movimientos no entran'} en el archivo por un código que falta: revísalos en Reservas, Registro de huéspedes.`
            : 'Descarga el archivo en Reservas, Registro de huéspedes, súbelo al portal del SIRE y márcalo como subido.',
        due: m.since,
        link: 'reservas' as const,
      })),
    ],
    available,
    empty: available ? 'Ningún registro de huéspedes espera tu revisión.' : EMPTY_TEXTS.noBookings,
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

function unansweredReviews(input: OverviewInput): AttentionGroup {
  return {
    key: 'opiniones',
    title: 'Opiniones esperando respuesta',
    link: 'opiniones',
    items: (input.unansweredReviews ?? []).map((r) => ({
      id: r.id,
      title: `${r.name}: ${r.rating} de 5`,
      detail: 'Sin respuesta pública',
      due: r.createdAt,
      link: 'opiniones',
    })),
    available: true,
    empty: 'Todas las opiniones tienen respuesta.',
  };
}

/** Every group, in the order the panel shows them. */
export function attentionGroups(
  input: OverviewInput,
  sources: readonly NightSource[],
  today: string,
): AttentionGroup[] {
  return [
    waitingRequests(input),
    moneyToCheck(input),
    calendarConflicts(input, sources),
    paymentsDue(input, today),
    comings(input, sources, today),
    registrationProblems(input),
    feedErrors(input),
    pendingPhotos(input),
    unsentEmails(input),
    unansweredReviews(input),
  ];
}
