import { useId, useState } from 'react';
import type { GuestBooking } from '@cabana/shared/domain/schemas/booking';
import { FormStatus } from '../../components/form/form-status';
import { useI18n } from '../../i18n/i18n';
import { cop, formatInstant } from '../../lib/booking-text';
import { queryParam } from '../../lib/query-param';

const actions = () => import('./guest-actions');

/**
 * "Pagar anticipo en línea": asks the server for Wompi's checkout and goes there. What Wompi
 * accepts is said beside the button; a refusal (409 already paid, 429) is announced below it.
 */
export function OnlinePayButton({ code, label }: { code: string; label?: string }) {
  const i18n = useI18n();
  const m = i18n.m.payment;
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onClick = async () => {
    setBusy(true);
    setError(null);
    try {
      const a = await actions();
      try {
        // The page is left for Wompi's: the button stays busy until it goes.
        await a.goToCheckout(code, queryParam('t'));
      } catch (err) {
        setError(a.actionError(err, i18n));
        setBusy(false);
      }
    } catch {
      setError(i18n.m.guest.errors.generic);
      setBusy(false);
    }
  };

  return (
    <div className="online-pay">
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        aria-describedby={`${id}-medios`}
        onClick={() => void onClick()}
      >
        {busy ? m.starting : (label ?? m.payOnline)}
      </button>
      <p id={`${id}-medios`} className="muted">
        {m.payOnlineHint}
      </p>
      {error ? (
        <FormStatus kind="error">
          <p>{error}</p>
        </FormStatus>
      ) : null}
    </div>
  );
}

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
