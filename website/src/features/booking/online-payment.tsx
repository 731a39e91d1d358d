import { useId, useState } from 'react';
import { FormStatus } from '../../components/form/form-status';
import { useI18n } from '../../i18n/i18n';
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
