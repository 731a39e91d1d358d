import { useId, useState } from 'react';
import type { PaymentConnectionTest, PaymentMode } from '../domain/schemas/payment';
import { CopyField } from './copy-field';
import { AlertMessage, StatusMessage } from './messages';
import { usePanel } from './panel-context';
import { usePanelData } from './panel-data';

const MODE_LABELS: Record<PaymentMode, string> = {
  sandbox: 'Pruebas (sandbox): ningún pago es real',
  production: 'Producción: los pagos son reales',
};

/**
 * Ajustes › Pagos en línea (Wompi): whether the server has the keys, sandbox or production, the
 * events URL to paste in Wompi's dashboard, and a check of the keys against Wompi. The keys live
 * in the server's environment only: the server never sends them, so nothing here can show one.
 */
export function PaymentsSettings() {
  const id = useId();
  const { api, failure } = usePanel();
  const loaded = usePanelData('getPaymentsStatus');
  const s = loaded.data;
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PaymentConnectionTest | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function probe() {
    setBusy(true);
    setResult(null);
    setError(null);
    try {
      setResult(await api.testPaymentConnection());
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="adm-subsection" aria-labelledby={`${id}-h`} data-ajuste="wompi" tabIndex={-1}>
      <h3 id={`${id}-h`}>Pagos en línea (Wompi)</h3>
      {!s ? (
        <p>{loaded.error ?? 'Cargando…'}</p>
      ) : (
        <>
          <p>
            {s.configured ? (
              <span className="adm-badge adm-badge--ok">Configurado</span>
            ) : (
              <span className="adm-badge adm-badge--off">No configurado</span>
            )}{' '}
            {s.configured && s.mode ? MODE_LABELS[s.mode] : 'Los huéspedes solo ven el pago por transferencia.'}
          </p>
          <p className="adm-hint">
            Las llaves de Wompi (pública, privada, de integridad y de eventos) se configuran en el servidor
            (WOMPI_PUBLIC_KEY, WOMPI_PRIVATE_KEY, WOMPI_INTEGRITY_SECRET, WOMPI_EVENTS_SECRET) y nunca se muestran aquí.
          </p>
          {s.eventsUrl && (
            <CopyField label="URL de eventos (pégala en el panel de Wompi, en Desarrolladores)" value={s.eventsUrl} />
          )}
          {s.configured && (
            <button type="button" className="adm-button" disabled={busy} onClick={() => void probe()}>
              {busy ? 'Probando…' : 'Probar conexión'}
            </button>
          )}
        </>
      )}
      <StatusMessage
        text={
          result?.ok
            ? `Conexión correcta${result.merchantName ? ` con el comercio «${result.merchantName}»` : ''} (${result.mode === 'production' ? 'producción' : 'pruebas'}).`
            : null
        }
      />
      <AlertMessage text={error} />
      {result && !result.ok && (
        <div className="adm-alert" role="alert">
          <p>La conexión con Wompi falló:</p>
          <ul aria-label="Problemas encontrados">
            {result.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
