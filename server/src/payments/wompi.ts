import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  OnlinePaymentStatusSchema,
  WompiEventSchema,
  type PaymentConnectionTest,
} from '@cabana/shared/domain/schemas/payment';
import type { WompiConfig } from '../env';
import { invalidInput, paymentUnreachable, unauthenticated } from '../domain-errors';
import { sameText } from '../lib/same-text';
import type { CheckoutRequest, PaymentProvider, ProviderTransaction, VerifiedEvent } from './provider';

/**
 * Wompi (Bancolombia), by its documented REST API and signatures (docs.wompi.co); there is no
 * official Node SDK. docs/decisions/029-online-payments-wompi.md gives the sources and the
 * published sample values the unit tests reproduce.
 */

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Web Checkout's integrity signature (docs.wompi.co/docs/colombia/widget-checkout-web/, "Paso 3"):
 * SHA-256, in hex, of `<reference><amount in cents><currency>[<expiration time>]<integrity secret>`.
 */
export function integritySignature(
  p: { reference: string; amountInCents: number; currency: string; expirationTime?: string },
  integritySecret: string,
): string {
  return sha256(`${p.reference}${p.amountInCents}${p.currency}${p.expirationTime ?? ''}${integritySecret}`);
}

/** The value at a dotted path (`transaction.amount_in_cents`) inside an event's `data`. */
function valueAt(data: unknown, path: string): unknown {
  let here = data;
  for (const key of path.split('.')) {
    if (here === null || typeof here !== 'object' || !Object.hasOwn(here, key)) return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

/**
 * An event's checksum (docs.wompi.co/docs/colombia/eventos/, "Seguridad"): SHA-256, in hex, of the
 * values at each path of `signature.properties` (in order, inside `data`), then `timestamp`, then
 * the events secret. Undefined when a named property is missing or not a plain value.
 */
export function eventChecksum(
  data: unknown,
  properties: readonly string[],
  timestamp: number,
  eventsSecret: string,
): string | undefined {
  let text = '';
  for (const path of properties) {
    const value = valueAt(data, path);
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return undefined;
    text += String(value);
  }
  return sha256(`${text}${timestamp}${eventsSecret}`);
}

/** Whether a given checksum is the expected one: hex in either case, compared in constant time. */
export function checksumMatches(given: string, expected: string): boolean {
  return sameText(given.toLowerCase(), expected.toLowerCase());
}

/**
 * How old an event may be. Wompi sends each event again 30 min, 3 h and 24 h after the first
 * try while we do not answer 200, with the first try's timestamp; read as cumulative delays the
 * last one comes 27.5 h after it. 30 h lets every retry in; older is refused (400).
 */
const EVENT_MAX_AGE_MS = 30 * 3_600_000;
/** How far ahead of our clock an event's timestamp may be (the two clocks' drift). */
const EVENT_MAX_SKEW_MS = 5 * 60_000;

/** A transaction as Wompi's API and events carry it (only what we read). */
const WompiTransactionSchema = z.object({
  id: z.string().min(1).max(100),
  reference: z.string().min(1).max(255),
  amount_in_cents: z.number().int().nonnegative(),
  currency: z.string().max(10),
  status: OnlinePaymentStatusSchema,
  payment_method_type: z.string().max(60).nullish(),
});

function transactionOf(t: z.infer<typeof WompiTransactionSchema>): ProviderTransaction {
  return {
    id: t.id,
    reference: t.reference,
    status: t.status,
    amountInCents: t.amount_in_cents,
    currency: t.currency,
    ...(t.payment_method_type ? { methodType: t.payment_method_type } : {}),
  };
}

const MALFORMED = 'Evento de Wompi mal formado.';
/**
 * What an event's signature must cover (issue 28, item 7): Wompi signs the properties it lists,
 * so an event signing fewer could carry an unsigned id, status or amount.
 */
const REQUIRED_SIGNED_PROPERTIES = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'];
const UNSIGNED = 'El evento de Wompi no firma el id, el estado y el monto de la transacción.';
const BAD_CHECKSUM = 'La firma del evento no es válida.';
const UNREACHABLE = 'No pudimos comunicarnos con Wompi para verificar el pago. Inténtalo de nuevo en unos minutos.';
/** Longest wait for one call to Wompi. */
const CALL_TIMEOUT_MS = 10_000;

export class Wompi implements PaymentProvider {
  readonly id = 'wompi' as const;

  constructor(private readonly config: WompiConfig) {}

  get mode() {
    return this.config.mode;
  }

  checkoutUrl(r: CheckoutRequest): string {
    const { publicKey, integritySecret, checkoutUrl } = this.config;
    const url = new URL(checkoutUrl);
    const q = url.searchParams;
    q.set('public-key', publicKey);
    q.set('currency', r.currency);
    q.set('amount-in-cents', String(r.amountInCents));
    q.set('reference', r.reference);
    q.set(
      'signature:integrity',
      integritySignature(
        { reference: r.reference, amountInCents: r.amountInCents, currency: r.currency, expirationTime: r.expiresAt },
        integritySecret,
      ),
    );
    q.set('redirect-url', r.redirectUrl);
    if (r.expiresAt) q.set('expiration-time', r.expiresAt);
    q.set('customer-data:email', r.customer.email);
    q.set('customer-data:full-name', r.customer.fullName);
    return url.toString();
  }

  /** One call to Wompi's API: its status and JSON, or PAYMENT_UNREACHABLE when there is no readable answer. */
  async #call(path: string, auth: boolean): Promise<{ status: number; body: unknown }> {
    try {
      const res = await fetch(`${this.config.apiUrl}${path}`, {
        headers: {
          accept: 'application/json',
          ...(auth ? { authorization: `Bearer ${this.config.privateKey}` } : {}),
        },
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        redirect: 'error',
      });
      const text = await res.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      return { status: res.status, body };
    } catch {
      throw paymentUnreachable(UNREACHABLE);
    }
  }

  async lookUpTransaction(id: string): Promise<ProviderTransaction | undefined> {
    const { status, body } = await this.#call(`/transactions/${encodeURIComponent(id)}`, true);
    if (status === 404 || status === 400 || status === 422) return undefined;
    if (status !== 200) throw paymentUnreachable(UNREACHABLE);
    const parsed = z.object({ data: WompiTransactionSchema }).safeParse(body);
    if (!parsed.success) throw paymentUnreachable(UNREACHABLE);
    return transactionOf(parsed.data.data);
  }

  verifyEvent(event: unknown, now: number): VerifiedEvent {
    const parsed = WompiEventSchema.safeParse(event);
    if (!parsed.success) throw invalidInput(MALFORMED);
    const { data, signature, timestamp } = parsed.data;
    if (!REQUIRED_SIGNED_PROPERTIES.every((p) => signature.properties.includes(p))) throw invalidInput(UNSIGNED);
    const expected = eventChecksum(data, signature.properties, timestamp, this.config.eventsSecret);
    if (expected === undefined) throw invalidInput(MALFORMED);
    if (!checksumMatches(signature.checksum, expected)) throw unauthenticated(BAD_CHECKSUM);
    const at = timestamp * 1000;
    if (at < now - EVENT_MAX_AGE_MS) throw invalidInput('Evento demasiado antiguo.');
    if (at > now + EVENT_MAX_SKEW_MS) throw invalidInput('La hora del evento está en el futuro.');
    if (parsed.data.event !== 'transaction.updated') return { kind: 'ignored', event: parsed.data.event };
    const transaction = WompiTransactionSchema.safeParse(data.transaction);
    if (!transaction.success) throw invalidInput(MALFORMED);
    return { kind: 'transaction', transaction: transactionOf(transaction.data) };
  }

  async testConnection(): Promise<PaymentConnectionTest> {
    const { mode, publicKey } = this.config;
    const problems: string[] = [];
    let merchantName: string | undefined;
    const env = mode === 'sandbox' ? 'Sandbox (pruebas)' : 'Producción';
    try {
      const merchant = await this.#call(`/merchants/${encodeURIComponent(publicKey)}`, false);
      const name = z.object({ data: z.object({ name: z.string() }) }).safeParse(merchant.body);
      if (merchant.status === 200 && name.success) merchantName = name.data.data.name;
      else problems.push(`Wompi no reconoce la llave pública en ${env}.`);
      // Looking transactions up by reference needs the private key: a wrong one answers 401.
      const search = await this.#call('/transactions?reference=cabana-probar-conexion', true);
      if (search.status === 401 || search.status === 403) {
        problems.push(`Wompi rechazó la llave privada en ${env}.`);
      } else if (search.status !== 200) {
        problems.push(`Wompi respondió ${search.status} al probar la llave privada; inténtalo más tarde.`);
      }
    } catch {
      problems.push('No pudimos comunicarnos con Wompi. Revisa la conexión del servidor e inténtalo de nuevo.');
    }
    return { ok: problems.length === 0, mode, ...(merchantName ? { merchantName } : {}), problems };
  }
}
