import { z } from 'zod';

/**
 * Online payments (issue 22, docs/decisions/029-online-payments-wompi.md): the deposit paid
 * through a gateway's hosted checkout (Wompi: cards, PSE, Nequi, the Bancolombia button),
 * confirmed by the gateway's signed event or by looking the transaction up on its API.
 */
export const PAYMENT_PROVIDERS = ['wompi'] as const;
export const PaymentProviderIdSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderId = z.infer<typeof PaymentProviderIdSchema>;

/** A transaction's status as the gateway reports it (Wompi's words). */
export const ONLINE_PAYMENT_STATUSES = ['PENDING', 'APPROVED', 'DECLINED', 'VOIDED', 'ERROR'] as const;
export const OnlinePaymentStatusSchema = z.enum(ONLINE_PAYMENT_STATUSES);
export type OnlinePaymentStatus = z.infer<typeof OnlinePaymentStatusSchema>;

/** Statuses a transaction never leaves: a later event saying otherwise is older news. */
export const FINAL_ONLINE_PAYMENT_STATUSES: readonly OnlinePaymentStatus[] = [
  'APPROVED',
  'DECLINED',
  'VOIDED',
  'ERROR',
];

export const ONLINE_PAYMENT_STATUS_LABELS: Record<OnlinePaymentStatus, string> = {
  PENDING: 'Pendiente',
  APPROVED: 'Aprobado',
  DECLINED: 'Rechazado',
  VOIDED: 'Anulado',
  ERROR: 'Error',
};

/**
 * One attempt at paying online: made PENDING when the guest is sent to the checkout (its
 * `reference` is unique per attempt), then updated by the gateway's events or a look-up.
 */
export const OnlinePaymentSchema = z.object({
  /** `<booking code>-<random>`: what the gateway carries back in its events. */
  reference: z.string(),
  provider: PaymentProviderIdSchema,
  /** The gateway's transaction id, once one is known. */
  transactionId: z.string().optional(),
  status: OnlinePaymentStatusSchema,
  amountInCents: z.number().int(),
  currency: z.literal('COP'),
  /** How the guest paid: CARD, PSE, NEQUI, BANCOLOMBIA_TRANSFER... (the gateway's words). */
  methodType: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Until when the checkout accepts this attempt (Wompi's `expiration-time`, signed into its
   * integrity hash): unanswered by then, it is expired, never "in progress" (issue 29). Absent
   * from older records: their creation plus ONLINE_ATTEMPT_MINUTES.
   */
  expiresAt: z.string().optional(),
  /** Approved after the hold lapsed and the nights were taken: the owner must give the money back. */
  refundDue: z.boolean().optional(),
});
export type OnlinePayment = z.infer<typeof OnlinePaymentSchema>;

/** Money given back to the guest (made in the gateway's dashboard or by transfer), recorded by the owner. */
export const RefundSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  /** YYYY-MM-DD: when the money went back. */
  date: z.string(),
  note: z.string().optional(),
  recordedAt: z.string(),
});
export type Refund = z.infer<typeof RefundSchema>;

export const PAYMENT_MODES = ['sandbox', 'production'] as const;
export const PaymentModeSchema = z.enum(PAYMENT_MODES);
export type PaymentMode = z.infer<typeof PaymentModeSchema>;

/** GET /api/pagos/wompi: whether online payment is on, and what to paste in Wompi's dashboard. */
export const PaymentsStatusSchema = z.object({
  configured: z.boolean(),
  mode: PaymentModeSchema.nullable(),
  /** `<PUBLIC_URL>/api/pagos/wompi/eventos`: Wompi's "URL de eventos"; null when not configured. */
  eventsUrl: z.string().nullable(),
});
export type PaymentsStatus = z.infer<typeof PaymentsStatusSchema>;

/** POST /api/pagos/wompi/probar: the keys checked against Wompi (never the keys themselves). */
export const PaymentConnectionTestSchema = z.object({
  ok: z.boolean(),
  mode: PaymentModeSchema.nullable(),
  merchantName: z.string().optional(),
  /** Spanish sentences, one per problem found; empty when `ok`. */
  problems: z.array(z.string()),
});
export type PaymentConnectionTest = z.infer<typeof PaymentConnectionTestSchema>;

/** What POST /api/reserva/:code/pago-en-linea answers: where to send the guest. */
export const OnlinePaymentCheckoutSchema = z.object({ checkoutUrl: z.string() });

/**
 * An event Wompi sends (POST /api/pagos/wompi/eventos): `{event, data: {transaction}, environment,
 * signature: {properties, checksum}, timestamp, sent_at}`. Only the envelope is checked here; the
 * checksum and the transaction are the payments service's business.
 */
export const WompiEventSchema = z
  .object({
    event: z.string().max(100),
    data: z.record(z.string(), z.unknown()),
    environment: z.string().max(40).optional(),
    signature: z.object({
      properties: z.array(z.string().max(200)).min(1).max(20),
      checksum: z.string().max(200),
    }),
    /** Unix seconds. */
    timestamp: z.number().int(),
    sent_at: z.string().max(60).optional(),
  })
  .loose();
export type WompiEvent = z.infer<typeof WompiEventSchema>;
