import { addDays } from './dates';

/**
 * The few booking terms /planes computes before sending (deposit, balance date, last free
 * cancellation day) and the guest's page shows (the policies, the refund's delay), apart from
 * booking.ts so those pages load only these.
 */

export const CANCELLATION_POLICY_IDS = ['flexible', 'moderada', 'estricta'] as const;
export type CancellationPolicyId = (typeof CANCELLATION_POLICY_IDS)[number];

/** Days before arrival until which each preset refunds everything paid (its first step). */
export const FREE_CANCELLATION_DAYS: Readonly<Record<CancellationPolicyId, number>> = {
  flexible: 1,
  moderada: 7,
  estricta: 30,
};

/** One step of a policy: cancelling at least `daysBefore` whole days before arrival keeps `refundPercent` of the total refundable. */
interface RefundStep {
  daysBefore: number;
  refundPercent: number;
}

export interface CancellationPolicy {
  id: CancellationPolicyId;
  /** Spanish name shown to guests and in the panel. */
  name: string;
  /** The rules written out in Spanish, one sentence each. */
  rules: readonly string[];
  /** From the longest notice to the shortest; less notice than the last step refunds nothing of the total. */
  steps: readonly RefundStep[];
}

const KEPT_NOTE =
  'Cuando se retiene una parte del total, se devuelve lo pagado que la supere; lo que aún no se ha pagado no se cobra.';

/** The three presets the owner picks from (settings `cancellationPolicy`). */
export const CANCELLATION_POLICIES: Readonly<Record<CancellationPolicyId, CancellationPolicy>> = {
  flexible: {
    id: 'flexible',
    name: 'Flexible',
    rules: [
      'Cancelación hasta 1 día (24 horas) antes de la hora de llegada: se devuelve todo lo pagado.',
      'Con menos de 24 horas o si no llegas: se retiene el 50 % del total de la estadía.',
      KEPT_NOTE,
    ],
    steps: [
      { daysBefore: FREE_CANCELLATION_DAYS.flexible, refundPercent: 100 },
      { daysBefore: 0, refundPercent: 50 },
    ],
  },
  moderada: {
    id: 'moderada',
    name: 'Moderada',
    rules: [
      'Cancelación con 7 días o más antes de la llegada: se devuelve todo lo pagado.',
      'Entre 2 y 6 días antes: se retiene el 50 % del total de la estadía.',
      'Con menos de 2 días o si no llegas: no hay reembolso.',
      KEPT_NOTE,
    ],
    steps: [
      { daysBefore: FREE_CANCELLATION_DAYS.moderada, refundPercent: 100 },
      { daysBefore: 2, refundPercent: 50 },
    ],
  },
  estricta: {
    id: 'estricta',
    name: 'Estricta',
    rules: [
      'Cancelación con 30 días o más antes de la llegada: se devuelve todo lo pagado.',
      'Entre 14 y 29 días antes: se retiene el 50 % del total de la estadía.',
      'Con menos de 14 días o si no llegas: no hay reembolso.',
      KEPT_NOTE,
    ],
    steps: [
      { daysBefore: FREE_CANCELLATION_DAYS.estricta, refundPercent: 100 },
      { daysBefore: 14, refundPercent: 50 },
    ],
  },
};

/** The last day (YYYY-MM-DD) cancelling a stay under `policy` is free: its first step's notice before arrival. */
export const freeCancellationDate = (checkIn: string, policy: CancellationPolicyId): string =>
  addDays(checkIn, -FREE_CANCELLATION_DAYS[policy]);

/** Deposit and balance of a total: the deposit is rounded to whole pesos, the balance is the rest. */
export function splitTotal(total: number, depositPercent: number): { deposit: number; balance: number } {
  const deposit = Math.round((total * depositPercent) / 100);
  return { deposit, balance: total - deposit };
}

/** The date the balance is due (YYYY-MM-DD), or null for "on arrival". */
export function balanceDueDate(checkIn: string, balanceDueDays: number | null): string | null {
  return balanceDueDays === null || balanceDueDays === 0 ? null : addDays(checkIn, -balanceDueDays);
}

/**
 * How long a refund takes at most, promised on the guest's page and in the e-mails (business
 * days). Here, a leaf, rather than with the lifecycle rules: the guest's page shows it.
 */
export const REFUND_WITHIN_BUSINESS_DAYS = 10;
