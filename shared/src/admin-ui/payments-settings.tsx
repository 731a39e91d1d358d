import { useId, useState } from 'react';
import {
  WOMPI_KEY_LABELS,
  WOMPI_KEY_NAMES,
  WOMPI_KEY_VARIABLES,
  type PaymentConnectionTest,
  type PaymentMode,
  type WompiKeyName,
  type WompiKeyStatus,
} from '../domain/schemas/payment';
import { AdminField } from './admin-field';
import { CopyField } from './copy-field';
import { AlertMessage, StatusMessage } from './messages';
import { usePanel } from './panel-context';
import { usePanelCache, usePanelData } from './panel-data';
import { useFieldErrorSubmit } from './use-field-error-submit';

const MODE_LABELS: Record<PaymentMode, string> = {
  sandbox: 'Pruebas (sandbox): ningún pago es real',
  production: 'Producción: los pagos son reales',
};

const EMPTY: Record<WompiKeyName, string> = { publicKey: '', privateKey: '', eventsSecret: '', integritySecret: '' };

/** Where a key comes from, in the owner's words, with its last 4 characters only. */
function keyHint(k: WompiKeyStatus | undefined): string {
  if (!k?.source || !k.ending) return 'Sin guardar.';
  const masked = `termina en ${k.ending}`;
  return k.source === 'entorno'
    ? `Definida en el servidor (${WOMPI_KEY_VARIABLES[k.name]}), ${masked}; cámbiala allí.`
    : `Guardada, ${masked}. Déjala vacía para conservarla.`;
}

/**
 * Ajustes › Pagos en línea (Wompi), issue 33: the owner pastes the four keys here (the server
 * keeps them in a file only it reads, outside backups, and uses them at once); the server's
 * environment wins when it sets them. Keys are never sent back: each shows where it comes from
 * and its last 4 characters. "Probar conexión" checks the keys in force against Wompi.
 */
export function PaymentsSettings() {
  const id = useId();
  const { api, failure } = usePanel();
  const cache = usePanelCache();
  const loaded = usePanelData('getPaymentsStatus');
  const s = loaded.data;
  const [draft, setDraft] = useState(EMPTY);
  const { formRef, busy: saving, alert, status, fieldErrors, submit } = useFieldErrorSubmit();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PaymentConnectionTest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fromEnv = s?.keys.some((k) => k.source === 'entorno') ?? false;

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

  const save = async () => {
    const entered = Object.fromEntries(WOMPI_KEY_NAMES.filter((n) => draft[n].trim()).map((n) => [n, draft[n]]));
    const saved = await api.saveWompiKeys(entered);
    cache.set('getPaymentsStatus', saved);
    setDraft(EMPTY);
    setResult(null);
    return saved.mode
      ? `Llaves guardadas: el pago en línea está activo (${saved.mode === 'production' ? 'producción' : 'pruebas'}). Pruébalo con «Probar conexión».`
      : 'Llaves guardadas.';
  };

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
            {fromEnv
              ? 'Las llaves están definidas en el servidor (variables WOMPI_*), que mandan sobre este formulario.'
              : 'Copia las cuatro llaves del panel de Wompi (Desarrolladores › Llaves del API) y pégalas aquí. Se guardan en el servidor, solo él las lee, no van en las copias de seguridad y nunca se vuelven a mostrar.'}
          </p>
          <form
            ref={formRef}
            noValidate
            aria-label="Llaves de Wompi"
            onSubmit={(e) => void submit(e, save)}
            autoComplete="off"
          >
            {WOMPI_KEY_NAMES.map((name) => {
              const k = s.keys.find((x) => x.name === name);
              return (
                <AdminField
                  key={name}
                  id={`${id}-${name}`}
                  name={name}
                  label={WOMPI_KEY_LABELS[name]}
                  type="password"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={200}
                  disabled={k?.source === 'entorno'}
                  placeholder={k?.ending ? `•••• ${k.ending}` : undefined}
                  value={draft[name]}
                  onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
                  hint={keyHint(k)}
                  error={fieldErrors[name]}
                />
              );
            })}
            {!fromEnv && (
              <button type="submit" className="adm-button adm-button--primary" disabled={saving}>
                {saving ? 'Guardando…' : 'Guardar llaves'}
              </button>
            )}
            <AlertMessage text={alert} />
            <StatusMessage text={status} />
          </form>
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
