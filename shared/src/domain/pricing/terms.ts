import { addDays } from './dates';

/**
 * The few booking terms /planes computes before sending (deposit, balance date, last free
 * cancellation day), apart from booking.ts so the page's first visit carries only these.
 */

export const CANCELLATION_POLICY_IDS = ['flexible', 'moderada', 'estricta'] as const;
export type CancellationPolicyId = (typeof CANCELLATION_POLICY_IDS)[number];

/** Days before arrival until which each preset refunds everything paid (its first step). */
export const FREE_CANCELLATION_DAYS: Readonly<Record<CancellationPolicyId, number>> = {
  flexible: 1,
  moderada: 7,
  estricta: 30,
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
