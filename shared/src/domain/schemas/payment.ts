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
/**
 * Wompi's four keys (issue 33): pasted by the owner in Ajustes (kept by the server in a file of
 * its own, outside backups) or set in the server's environment (WOMPI_*), which wins.
 */
export const WOMPI_KEY_NAMES = ['publicKey', 'privateKey', 'eventsSecret', 'integritySecret'] as const;
export type WompiKeyName = (typeof WOMPI_KEY_NAMES)[number];

export const WOMPI_KEY_LABELS: Record<WompiKeyName, string> = {
  publicKey: 'Llave pública',
  privateKey: 'Llave privada',
  eventsSecret: 'Secreto de eventos',
  integritySecret: 'Secreto de integridad',
};

/** The environment variable that sets each key. */
export const WOMPI_KEY_VARIABLES: Record<WompiKeyName, string> = {
  publicKey: 'WOMPI_PUBLIC_KEY',
  privateKey: 'WOMPI_PRIVATE_KEY',
  eventsSecret: 'WOMPI_EVENTS_SECRET',
  integritySecret: 'WOMPI_INTEGRITY_SECRET',
};

/** The mode a key's prefix says (`pub_test_…` → sandbox), or undefined for a key of another shape. */
export function wompiKeyMode(key: string, kind: 'pub' | 'prv'): PaymentMode | undefined {
  if (key.startsWith(`${kind}_test_`)) return 'sandbox';
  if (key.startsWith(`${kind}_prod_`)) return 'production';
  return undefined;
}

const KEY_MAX = 200;
const keyField = (name: WompiKeyName) =>
  z
    .string({ error: `${WOMPI_KEY_LABELS[name]}: pega el texto de la llave.` })
    .trim()
    .max(KEY_MAX, `${WOMPI_KEY_LABELS[name]} admite hasta ${KEY_MAX} caracteres.`)
    .regex(
      /^[A-Za-z0-9_-]*$/,
      `${WOMPI_KEY_LABELS[name]} solo lleva letras, números, «_» y «-»: cópiala completa, sin espacios.`,
    )
    .optional();

/** PUT /api/pagos/wompi/llaves: the keys the owner pastes; one left empty keeps the one stored. */
export const WompiKeysInputSchema = z.strictObject({
  publicKey: keyField('publicKey'),
  privateKey: keyField('privateKey'),
  eventsSecret: keyField('eventsSecret'),
  integritySecret: keyField('integritySecret'),
});
export type WompiKeysInput = z.infer<typeof WompiKeysInputSchema>;

/**
 * Why a complete set of keys cannot work together, by field, in Spanish: the prefixes Wompi
 * gives its keys, and one environment (sandbox or production) for the four.
 */
export function wompiKeyProblems(keys: Record<WompiKeyName, string>): Partial<Record<WompiKeyName, string>> {
  const problems: Partial<Record<WompiKeyName, string>> = {};
  const pub = wompiKeyMode(keys.publicKey, 'pub');
  const prv = wompiKeyMode(keys.privateKey, 'prv');
  if (!pub) problems.publicKey = 'La llave pública empieza por pub_test_ (pruebas) o pub_prod_ (producción).';
  if (!prv) problems.privateKey = 'La llave privada empieza por prv_test_ (pruebas) o prv_prod_ (producción).';
  if (pub && prv && pub !== prv) {
    problems.privateKey =
      'La llave pública y la privada deben ser del mismo ambiente (las dos de pruebas o de producción).';
  }
  if (pub) {
    const other = pub === 'sandbox' ? 'prod_' : 'test_';
    for (const name of ['eventsSecret', 'integritySecret'] as const) {
      if (keys[name].startsWith(other)) {
        problems[name] =
          `${WOMPI_KEY_LABELS[name]} es de otro ambiente que la llave pública: usa el del mismo ambiente.`;
      }
    }
  }
  return problems;
}

/** One key as the panel sees it: where it comes from and its last 4 characters, never the key. */
export const WompiKeyStatusSchema = z.object({
  name: z.enum(WOMPI_KEY_NAMES),
  /** `entorno`: the server's environment sets it (and wins); `panel`: pasted in Ajustes; null: missing. */
  source: z.enum(['entorno', 'panel']).nullable(),
  /** The key's last 4 characters, to recognise it. */
  ending: z.string().max(4).nullable(),
});
export type WompiKeyStatus = z.infer<typeof WompiKeyStatusSchema>;

export const PaymentsStatusSchema = z.object({
  configured: z.boolean(),
  mode: PaymentModeSchema.nullable(),
  /** `<PUBLIC_URL>/api/pagos/wompi/eventos`: Wompi's "URL de eventos"; null when not configured. */
  eventsUrl: z.string().nullable(),
  /** The four keys, masked. */
  keys: z.array(WompiKeyStatusSchema),
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
