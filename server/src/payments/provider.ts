import type {
  OnlinePaymentStatus,
  PaymentConnectionTest,
  PaymentMode,
  PaymentProviderId,
} from '@cabana/shared/domain/schemas/payment';

/** A transaction as a gateway reports it, in our words (from an event or a look-up). */
export interface ProviderTransaction {
  id: string;
  /** The reference we gave the attempt (`<booking code>-<random>`). */
  reference: string;
  status: OnlinePaymentStatus;
  amountInCents: number;
  currency: string;
  /** CARD, PSE, NEQUI, BANCOLOMBIA_TRANSFER… */
  methodType?: string;
}

/** What the checkout needs to charge one attempt. */
export interface CheckoutRequest {
  reference: string;
  amountInCents: number;
  currency: 'COP';
  /** Where the gateway sends the guest back (it appends the transaction's id). */
  redirectUrl: string;
  /** ISO instant after which the checkout no longer takes the payment (the hold's deadline). */
  expiresAt?: string;
  customer: { email: string; fullName: string };
}

/** A verified event: a transaction to apply, or one of a kind we do not use (answered 200, nothing done). */
export type VerifiedEvent =
  { kind: 'transaction'; transaction: ProviderTransaction } | { kind: 'ignored'; event: string };

/**
 * What the payments service needs of a gateway. Wompi implements it (wompi.ts); another gateway
 * (Mercado Pago) would supply the same four things, and the service would not change.
 */
export interface PaymentProvider {
  readonly id: PaymentProviderId;
  readonly mode: PaymentMode;
  /** The hosted checkout's address for one attempt, signed. */
  checkoutUrl(request: CheckoutRequest): string;
  /**
   * The transaction as the gateway has it, or undefined when it has none by that id. Throws
   * PAYMENT_UNREACHABLE (502) when the gateway cannot be reached or answers nonsense.
   */
  lookUpTransaction(id: string): Promise<ProviderTransaction | undefined>;
  /**
   * Checks an event's signature and age: UNAUTHENTICATED (401) for a wrong signature, VALIDATION
   * (400) for a malformed, stale or future one.
   */
  verifyEvent(event: unknown, now: number): VerifiedEvent;
  /** Checks the keys against the gateway; never answers a secret. */
  testConnection(): Promise<PaymentConnectionTest>;
}
