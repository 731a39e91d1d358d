import type { GuestBooking } from '@cabana/shared/domain/schemas/booking';
import { useI18n } from '../../i18n/i18n';
import { cop, formatInstant } from '../../lib/booking-text';

type Attempt = GuestBooking['onlinePayments'][number];

/** The guest's online attempts, each in words: amount, how, what came of it, when. */
export function OnlineAttempts({ attempts }: { attempts: readonly Attempt[] }) {
  const { lang, t, m } = useI18n();
  if (attempts.length === 0) return null;
  const w = m.payment;
  const method = (type: string | undefined) =>
    (type && (w.methods as Record<string, string | undefined>)[type]) ?? w.online;
  return (
    <>
      <h3>{w.attemptsTitle}</h3>
      <ul className="online-attempts">
        {attempts.map((a) => (
          <li key={a.reference}>
            {t(w.attempt, {
              amount: cop(a.amountInCents / 100, lang),
              method: method(a.methodType),
              status: w.statuses[a.status],
              at: formatInstant(a.updatedAt, lang),
            })}
          </li>
        ))}
      </ul>
    </>
  );
}
