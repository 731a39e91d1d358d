import type {
  OnlinePaymentStatus,
  PaymentConnectionTest,
  PaymentsStatus,
  WompiKeysInput,
} from '@cabana/shared/domain/schemas/payment';
import type { GuestBooking } from '@cabana/shared/domain/schemas/booking';
import { API_PREFIX } from '@cabana/shared/api/http';
import { API } from '@cabana/shared/api/contract';
import type { Logger } from '../lib/logger';
import { type BookingService, ONLINE_NOT_AVAILABLE } from '../bookings/booking-service';
import { conflict, notFound } from '../domain-errors';
import { crashPoint } from '../lib/crash-points';
import type { PaymentProvider } from './provider';
import type { WompiKeys } from './wompi-keys';

const TRANSACTION_NOT_FOUND = 'No encontramos ese pago. Vuelve a la página de tu reserva.';
const EVENT_TRANSACTION_UNKNOWN = 'Wompi no tiene ninguna transacción con ese id.';
const EVENT_MISMATCH = 'La referencia, el monto o la moneda del evento no corresponden a la transacción en Wompi.';

export interface PaymentServiceDeps {
  /** Where the gateway's keys come from (environment or Ajustes), read at every use. */
  keys: WompiKeys;
  bookings: BookingService;
  publicOrigin: string;
  log: Logger;
  now: () => number;
  /**
   * Called once new keys are in force: online payment shows on the public pages (/planes, the
   * processors of /privacidad), whose cache follows the store's version (start.ts: a save).
   */
  keysChanged?: () => Promise<void>;
}

/**
 * Online payment of the deposit (issue 22): the gateway's side (checkout URLs, look-ups, events,
 * the connection test). What a transaction does to a booking is BookingService's rule
 * (`applyOnlineTransaction`), the same whether an event or the guest's return brought it.
 */
export class PaymentService {
  constructor(private readonly deps: PaymentServiceDeps) {}

  #provider(): PaymentProvider {
    const provider = this.deps.keys.provider();
    if (!provider) throw notFound(ONLINE_NOT_AVAILABLE);
    return provider;
  }

  /** Whether online payment is on now (keys from the environment or Ajustes). */
  configured(): boolean {
    return this.deps.keys.provider() !== undefined;
  }

  status(): PaymentsStatus {
    const { keys, publicOrigin } = this.deps;
    const provider = keys.provider();
    const where = provider
      ? { configured: true, mode: provider.mode, eventsUrl: `${publicOrigin}${API_PREFIX}${API.wompiEvent.path}` }
      : { configured: false, mode: null, eventsUrl: null };
    return { ...where, keys: keys.status() };
  }

  /** The owner's keys from Ajustes: in force at once, answered masked like every status. */
  async saveKeys(input: WompiKeysInput): Promise<PaymentsStatus> {
    await this.deps.keys.save(input);
    await this.deps.keysChanged?.();
    return this.status();
  }

  /** The guest's "Pagar anticipo en línea": a new attempt, and the checkout's URL for it. */
  async start(code: string, token: string): Promise<{ checkoutUrl: string }> {
    const { bookings } = this.deps;
    const checkoutUrl = await bookings.startOnlinePayment(code, token, (booking, attempt) =>
      this.#provider().checkoutUrl({
        reference: attempt.reference,
        amountInCents: attempt.amountInCents,
        currency: attempt.currency,
        redirectUrl: bookings.paymentReturnLink(booking),
        // The attempt's own expiration (the hold's deadline at the latest), signed into the integrity hash.
        ...(attempt.expiresAt ? { expiresAt: attempt.expiresAt } : {}),
        customer: { email: booking.email, fullName: booking.name },
      }),
    );
    return { checkoutUrl };
  }

  /**
   * The return page's check: the transaction id in its query is only a hint. The transaction is
   * looked up on the gateway's API, must carry a reference of this booking, and is then applied
   * as its event would be.
   */
  async check(
    code: string,
    token: string,
    id: string,
  ): Promise<{ status: OnlinePaymentStatus; booking: GuestBooking }> {
    const { bookings, log } = this.deps;
    // A wrong link or online payment off: 404 before anything is asked of the gateway.
    bookings.guestBooking(code, token);
    const provider = this.#provider();
    const tx = await provider.lookUpTransaction(id);
    if (!tx) throw notFound(TRANSACTION_NOT_FOUND);
    try {
      bookings.ownsReference(code, token, tx.reference);
    } catch {
      log.info(`payments: transaction ${tx.id} (reference ${tx.reference}) is not of booking ${code}`);
      throw notFound(TRANSACTION_NOT_FOUND);
    }
    const { booking } = await bookings.applyOnlineTransaction(tx);
    return { status: tx.status, booking: bookings.guestView(booking) };
  }

  /** An event the gateway sent: verified, applied once; duplicates and kinds we do not use are answered 200 too. */
  async event(body: unknown): Promise<{ ok: true }> {
    const { bookings, log, now } = this.deps;
    const verified = this.#provider().verifyEvent(body, now());
    if (verified.kind === 'ignored') {
      log.info(`payments: event ${verified.event} ignored`);
      return { ok: true };
    }
    // Issue 28, item 7: the event only names the transaction. What is applied is Wompi's own
    // record of it, looked up by id (a 502 makes Wompi send the event again later).
    const hint = verified.transaction;
    const tx = await this.#provider().lookUpTransaction(hint.id);
    if (!tx) {
      log.info(`payments: event for transaction ${hint.id}, which Wompi does not have: refused`);
      throw notFound(EVENT_TRANSACTION_UNKNOWN);
    }
    if (tx.reference !== hint.reference || tx.amountInCents !== hint.amountInCents || tx.currency !== hint.currency) {
      log.error(
        `payments: event for transaction ${hint.id} refused: it says ${hint.reference} ${hint.amountInCents} ${hint.currency}, Wompi says ${tx.reference} ${tx.amountInCents} ${tx.currency}`,
      );
      throw conflict(EVENT_MISMATCH);
    }
    const { outcome } = await bookings.applyOnlineTransaction(tx);
    log.info(`payments: event for transaction ${tx.id} (${tx.reference}, ${tx.status}): ${outcome}`);
    // The save is durable; a crash before the answer makes the gateway send the event again.
    crashPoint('payments:applied-not-answered');
    return { ok: true };
  }

  testConnection(): Promise<PaymentConnectionTest> {
    const provider = this.deps.keys.provider();
    if (!provider) {
      return Promise.resolve({
        ok: false,
        mode: null,
        problems: [
          'El pago en línea no está configurado: faltan las llaves de Wompi. Pégalas en Ajustes › Pagos en línea.',
        ],
      });
    }
    return provider.testConnection();
  }
}
