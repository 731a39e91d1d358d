import type { Actor, Booking, BookingState } from '../schemas/booking';
import { BUSINESS } from '../config/business';
import { addDays, todayAtCabin, zoneOffsetMs } from '../pricing/dates';
import { cabinInstant } from '../pricing/booking';

/**
 * The booking lifecycle in one table (issue 29): which actor may take which action in which
 * state, and under which guard. The server's checks and timers, the guest page's flags, the
 * panel's buttons and the overview's state sets all read it; nothing else says what a state
 * allows. Guards needing the store (free nights) stay in the service and answer 409 there.
 */

/** What a guard reads of a booking: the panel's and the server's records both carry it. */
export type LifecycleBooking = Pick<
  Booking,
  | 'state'
  | 'depositDueAt'
  | 'paid'
  | 'price'
  | 'checkIn'
  | 'checkOut'
  | 'receipts'
  | 'onlinePayments'
  | 'refunds'
  | 'verification'
>;

/** Days after check-out the review link works (the invitation goes the day after check-out). */
export const REVIEW_LINK_DAYS = 61;
/** Days after check-out an invitation may still go out (a stay completed long ago gets none). */
export const REVIEW_INVITE_DAYS = 14;
/** Days after the invitation the one reminder goes, if the guest has not answered. */
export const REVIEW_REMINDER_DAYS = 7;

export const LIFECYCLE_ACTIONS = [
  'accept',
  'decline',
  'extendHold',
  'recordPayment',
  'rejectReceipt',
  'reopen',
  'cancel',
  'complete',
  'recordRefund',
  'uploadReceipt',
  'payOnline',
  'confirm',
  'lapse',
  'remindHold',
  'remindBalance',
  'registerGuests',
  'correctRegistration',
  'remindRegistration',
  'delete',
  'showItinerary',
  'remindArrival',
  'remindCheckout',
  'inviteReview',
  'remindReview',
  'review',
] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

/** Who acts: the history's actors plus the payment gateway (its verified events). */
export const LIFECYCLE_ACTORS = ['huesped', 'propietario', 'sistema', 'pasarela'] as const satisfies readonly Actor[];

type Guard = (b: LifecycleBooking, now: number) => boolean;

interface Rule {
  readonly states: readonly BookingState[];
  readonly actors: readonly Actor[];
  /** Beyond the state: what else must hold (time, money, a receipt waiting). */
  readonly guard?: Guard;
  /** The Spanish answer (409) when the action is refused. */
  readonly refused: string;
}

const deadlinePassed = (b: LifecycleBooking, now: number) =>
  b.depositDueAt !== null && Date.parse(b.depositDueAt) <= now;
const refundedOf = (b: Pick<LifecycleBooking, 'refunds'>) => b.refunds.reduce((s, r) => s + r.amount, 0);
const depositPaid = (b: LifecycleBooking) => b.paid >= b.price.deposit;

/** Money received and not given back. */
export const refundableOf = (b: Pick<LifecycleBooking, 'paid' | 'refunds'>): number => b.paid - refundedOf(b);

export const LIFECYCLE: { readonly [A in LifecycleAction]: Rule } = {
  accept: {
    states: ['solicitada'],
    actors: ['propietario'],
    refused: 'Solo se puede aceptar una solicitud pendiente.',
  },
  decline: {
    states: ['solicitada'],
    actors: ['propietario'],
    refused: 'Solo se puede rechazar una solicitud pendiente; una reserva aceptada se cancela.',
  },
  extendHold: {
    states: ['aceptada'],
    actors: ['propietario'],
    refused: 'Solo se puede extender el plazo de una reserva aceptada que espera el anticipo.',
  },
  /** By hand (transfer, Nequi…); on a lapsed booking it is a repair (confirmed if the nights are free, else a refund owed). */
  recordPayment: {
    states: ['aceptada', 'confirmada', 'completada', 'vencida'],
    actors: ['propietario'],
    refused: 'Solo se registran pagos de reservas aceptadas, confirmadas, completadas o vencidas.',
  },
  rejectReceipt: {
    states: ['aceptada', 'confirmada'],
    actors: ['propietario'],
    guard: (b) => b.verification !== undefined && b.verification.receiptId !== undefined,
    refused: 'Esta reserva no tiene un comprobante esperando tu revisión.',
  },
  reopen: {
    states: ['vencida'],
    actors: ['propietario'],
    refused: 'Solo se puede reabrir una reserva vencida.',
  },
  cancel: {
    states: ['solicitada', 'aceptada', 'confirmada'],
    actors: ['huesped', 'propietario'],
    refused: 'Esta reserva ya no se puede cancelar.',
  },
  complete: {
    states: ['confirmada'],
    actors: ['propietario', 'sistema'],
    guard: (b, now) => todayAtCabin(new Date(now)) >= b.checkOut,
    refused: 'Solo una reserva confirmada se puede marcar como completada, desde el día de salida.',
  },
  recordRefund: {
    states: ['aceptada', 'confirmada', 'completada', 'vencida', 'cancelada', 'rechazada'],
    actors: ['propietario'],
    guard: (b) => refundableOf(b) > 0,
    refused: 'Esta reserva no tiene pagos que devolver.',
  },
  uploadReceipt: {
    states: ['aceptada', 'confirmada'],
    actors: ['huesped'],
    guard: (b, now) => b.state === 'confirmada' || !deadlinePassed(b, now),
    refused: 'Solo se pueden subir comprobantes de una reserva aceptada o confirmada.',
  },
  payOnline: {
    states: ['aceptada'],
    actors: ['huesped'],
    guard: (b, now) => !deadlinePassed(b, now) && !depositPaid(b),
    refused: 'Solo se puede pagar en línea el anticipo de una reserva aceptada que lo espera, antes de su plazo.',
  },
  /** The deposit reached: the owner's record, the gateway's approval, or at once on accepting. */
  confirm: {
    states: ['aceptada', 'vencida'],
    actors: ['propietario', 'sistema', 'pasarela'],
    guard: depositPaid,
    refused: 'La reserva no tiene el anticipo completo.',
  },
  /** The hold ends unpaid: never while a receipt or a gateway's pending payment waits for a decision. */
  lapse: {
    states: ['aceptada'],
    actors: ['sistema'],
    guard: (b, now) => deadlinePassed(b, now) && b.verification === undefined && !depositPaid(b),
    refused: 'El plazo de esta reserva no ha terminado o hay un pago en verificación.',
  },
  remindHold: {
    states: ['aceptada'],
    actors: ['sistema'],
    guard: (b, now) => !deadlinePassed(b, now) && b.verification === undefined,
    refused: 'No hay plazo que recordar.',
  },
  remindBalance: {
    states: ['confirmada'],
    actors: ['sistema'],
    guard: (b) => b.paid < b.price.total,
    refused: 'No hay saldo que recordar.',
  },
  /** Online check-in (issue 34): the guest's private page, a confirmed stay, until the day of departure. */
  registerGuests: {
    states: ['confirmada'],
    actors: ['huesped'],
    guard: (b, now) => todayAtCabin(new Date(now)) < b.checkOut,
    refused: 'El registro de huéspedes solo está abierto para una reserva confirmada, hasta el día de salida.',
  },
  /** The owner fills or corrects the registration: a confirmed stay, or a finished one (its record for MinCIT). */
  correctRegistration: {
    states: ['confirmada', 'completada'],
    actors: ['propietario'],
    refused: 'Solo se registran los huéspedes de una reserva confirmada o completada.',
  },
  /** The check-in reminders (7 and 2 days before arrival): a confirmed stay not yet begun. */
  remindRegistration: {
    states: ['confirmada'],
    actors: ['sistema'],
    guard: (b, now) => todayAtCabin(new Date(now)) < b.checkIn,
    refused: 'No hay registro de huéspedes que recordar.',
  },
  /** Deleting without e-mailing anyone (in bulk, issue 28): a request or a booking that ended, never one with money. */
  delete: {
    states: ['solicitada', 'completada', 'rechazada', 'vencida', 'cancelada'],
    actors: ['propietario'],
    guard: (b) => b.paid === 0 && b.refunds.length === 0 && !b.onlinePayments.some((p) => p.status === 'APPROVED'),
    refused:
      'Solo se borran solicitudes y reservas terminadas sin pagos registrados; una reserva en curso se cancela antes.',
  },
  /** The trip's itinerary (address, directions, steps, calendar file): a confirmed stay's guest only (issue 32). */
  showItinerary: {
    states: ['confirmada'],
    actors: ['huesped'],
    refused: 'El itinerario está disponible cuando la reserva está confirmada.',
  },
  /** The pre-arrival message: a confirmed stay not yet begun (the timer also checks the day). */
  remindArrival: {
    states: ['confirmada'],
    actors: ['sistema'],
    guard: (b, now) => todayAtCabin(new Date(now)) <= b.checkIn,
    refused: 'No hay llegada que anunciar.',
  },
  /** The check-out reminder: a confirmed stay not yet over. */
  remindCheckout: {
    states: ['confirmada'],
    actors: ['sistema'],
    guard: (b, now) => todayAtCabin(new Date(now)) < b.checkOut,
    refused: 'No hay salida que recordar.',
  },
  /** The invitation to review (issue 35): from the day after check-out, for a short while (an old stay gets none). */
  inviteReview: {
    states: ['completada'],
    actors: ['sistema'],
    guard: (b, now) => afterCheckOut(b, now, 1, REVIEW_INVITE_DAYS),
    refused: 'Solo se invita a opinar tras una estadía completada.',
  },
  remindReview: {
    states: ['completada'],
    actors: ['sistema'],
    guard: (b, now) => afterCheckOut(b, now, 1, REVIEW_LINK_DAYS),
    refused: 'Solo se recuerda opinar mientras el enlace vale.',
  },
  /** The guest's review, from the link: a completed stay, until the link's days run out. */
  review: {
    states: ['completada'],
    actors: ['huesped'],
    guard: (b, now) => afterCheckOut(b, now, 0, REVIEW_LINK_DAYS),
    refused: `Solo se puede opinar sobre una estadía completada, durante los ${REVIEW_LINK_DAYS} días siguientes a la salida.`,
  },
};

/** Whether the cabin's today is between `from` and `until` days after the check-out (both included). */
function afterCheckOut(b: LifecycleBooking, now: number, from: number, until: number): boolean {
  const today = todayAtCabin(new Date(now));
  return today >= addDays(b.checkOut, from) && today <= addDays(b.checkOut, until);
}

/** Whether `action` may be taken on the booking now (by `actor`, when given). */
export function can(action: LifecycleAction, booking: LifecycleBooking, now: number, actor?: Actor): boolean {
  const rule = LIFECYCLE[action];
  if (actor !== undefined && !rule.actors.includes(actor)) return false;
  if (!rule.states.includes(booking.state)) return false;
  return rule.guard === undefined || rule.guard(booking, now);
}

/** What `actor` may do with the booking now, in the table's order. */
export function actionsFor(booking: LifecycleBooking, actor: Actor, now: number): LifecycleAction[] {
  return LIFECYCLE_ACTIONS.filter((a) => can(a, booking, now, actor));
}

/** The Spanish reason an action is refused (the server's 409). */
export const refusal = (action: LifecycleAction): string => LIFECYCLE[action].refused;

/** States that end a booking's course (retention may forget them); the owner may still repair a lapsed one. */
export const FINAL_LIFECYCLE_STATES: readonly BookingState[] = ['completada', 'rechazada', 'vencida', 'cancelada'];

/** States whose nights are taken: a hold and a confirmed stay block them everywhere. */
export const NIGHT_BLOCKING_STATES: readonly BookingState[] = ['aceptada', 'confirmada'];

/** States a guest's stay happens in (counted as occupancy and income). */
export const STAYING_STATES: readonly BookingState[] = ['confirmada', 'completada'];

/** States whose money is expected (held, confirmed, done). */
export const EXPECTING_STATES: readonly BookingState[] = ['aceptada', 'confirmada', 'completada'];

/** The cabin's quiet hours: a deadline is never set between these (local time). */
const QUIET_FROM_HOUR = 21;
const QUIET_UNTIL_HOUR = 8;
const MORNING_HOUR = '09:00';

/**
 * A deadline at a reasonable hour: one that would fall between 21:00 and 08:00 at the cabin
 * moves to the next 09:00 there (a guest is not asked to pay at 1 a.m.).
 */
export function reasonableDeadline(ms: number): number {
  const local = new Date(ms + zoneOffsetMs(ms, BUSINESS.timeZone));
  const hour = local.getUTCHours();
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return ms;
  const date = local.toISOString().slice(0, 10);
  return cabinInstant(hour >= QUIET_FROM_HOUR ? addDays(date, 1) : date, MORNING_HOUR);
}

/** How a refund goes back: through the gateway to the card or account that paid online, else by transfer. */
export const refundMethodOf = (b: Pick<Booking, 'payments'>): 'wompi' | 'transferencia' =>
  b.payments.some((p) => p.method === 'wompi') ? 'wompi' : 'transferencia';

/** How long an online checkout attempt stays open (capped by the hold's deadline). */
export const ONLINE_ATTEMPT_MINUTES = 60;

/**
 * Whether an online attempt expired unanswered: still PENDING with no transaction the gateway
 * reported, past its expiration time. Such an attempt was abandoned; it is no payment in progress.
 */
export function attemptExpired(
  a: { status: string; transactionId?: string; expiresAt?: string; createdAt: string },
  now: number,
): boolean {
  if (a.status !== 'PENDING' || a.transactionId !== undefined) return false;
  const until = a.expiresAt ? Date.parse(a.expiresAt) : Date.parse(a.createdAt) + ONLINE_ATTEMPT_MINUTES * 60_000;
  return now >= until;
}
