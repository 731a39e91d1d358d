import { createHmac } from 'node:crypto';
import type { Booking } from '@cabana/shared/domain/schemas/booking';
import type { Settings } from '@cabana/shared/domain/schemas/settings';
import type { Limiter } from '../auth/rate-limits';

/** Most clients whose instant holds are remembered (a flood of fresh addresses must not grow memory). */
const CLIENTS_MAX = 10_000;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether the guest of this address ever answered: paid, uploaded a receipt, started an online
 * payment or acted on a booking from its private link. Such an address is a real guest's, and
 * its mail is not rationed.
 */
export function guestAnswered(bookings: readonly Booking[], email: string): boolean {
  return bookings.some(
    (b) =>
      sameAddress(b.email, email) &&
      (b.paid > 0 ||
        b.receipts.length > 0 ||
        b.onlinePayments.length > 0 ||
        b.history.some((h) => h.by === 'huesped' && h.state !== 'solicitada')),
  );
}

/**
 * The daily ration of e-mail booking requests may send to one address (issue 28, item 2): the
 * form must not be a relay that mails anyone anything. Counted by an HMAC of the address under
 * the store's secret, so the counter never holds an address; in memory, like the other limits.
 */
export class GuestMailRation {
  constructor(
    private readonly limiter: Limiter,
    private readonly secret: () => string,
  ) {}

  #key(email: string): string {
    return createHmac('sha256', this.secret()).update(`guest-mail:${email.trim().toLowerCase()}`).digest('base64url');
  }

  /** Counts `messages` to the address and answers true, or false (counting nothing) when they would exceed its ration. */
  take(email: string, messages = 1): boolean {
    const key = this.#key(email);
    if (this.limiter.count(key) + messages > this.limiter.points) return false;
    for (let i = 0; i < messages; i++) this.limiter.penalize(key);
    return true;
  }
}

/** Whether a booking is an instant hold still open: held by the system (never the owner), waiting for its deposit. */
const openInstantHold = (b: Booking) =>
  b.state === 'aceptada' && b.history.some((h) => h.state === 'aceptada' && h.by === 'sistema');

/**
 * What instant booking may hold at once (issue 28, item 3): a request that passed every check
 * and is not suspect, no longer than the owner's `instantMaxNights`, from an address and a
 * client that hold no other instant booking still waiting for its deposit. Anything else stays
 * a request (`solicitada`) for the owner: nothing a real guest sent is lost, and a script gains
 * no nights. The clients' holds are remembered in memory (bounded), by booking id.
 */
export class InstantHoldGuard {
  readonly #byClient = new Map<string, string>();

  /** Why this request is not held at once (a note for its history), or undefined when it may be. */
  refusal(
    request: Pick<Booking, 'email' | 'suspect' | 'price'>,
    client: string,
    bookings: readonly Booking[],
    settings: Pick<Settings, 'instantMaxNights'>,
  ): string | undefined {
    if (request.suspect) return 'Sin reserva inmediata: el formulario no se pudo verificar';
    if (request.price.nights > settings.instantMaxNights) {
      return `Sin reserva inmediata: más de ${settings.instantMaxNights} noches`;
    }
    if (bookings.some((b) => openInstantHold(b) && sameAddress(b.email, request.email))) {
      return 'Sin reserva inmediata: este correo ya tiene otra reserva inmediata esperando el anticipo';
    }
    const held = this.#byClient.get(client);
    if (held && bookings.some((b) => b.id === held && openInstantHold(b))) {
      return 'Sin reserva inmediata: este cliente ya tiene otra reserva inmediata esperando el anticipo';
    }
    return undefined;
  }

  /** Remembers the client's instant hold. */
  held(client: string, bookingId: string): void {
    this.#byClient.delete(client);
    if (this.#byClient.size >= CLIENTS_MAX) this.#byClient.delete(this.#byClient.keys().next().value as string);
    this.#byClient.set(client, bookingId);
  }
}
