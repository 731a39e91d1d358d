import { useId, useState } from 'react';
import { formatMoney } from '../domain/pricing/pricing';
import { usePanel } from './panel-context';
import { usePanelData } from './panel-data';
import { AlertMessage, StatusMessage } from './messages';
import { useFieldErrorSubmit } from './use-field-error-submit';

/**
 * Reads what the owner typed as pesos. Colombians write thousands with dots ("80.000"), so
 * those are dropped; anything else that is not a plain number is sent as NaN and the server,
 * which owns the rules, answers with its message.
 */
export function parsePriceInput(raw: string): number {
  const compact = raw.replace(/[\s$]/g, '').replace(/COP$/i, '');
  if (/^\d{1,3}(\.\d{3})+$/.test(compact)) return Number(compact.replace(/\./g, ''));
  if (/^-?\d+(\.\d+)?$/.test(compact)) return Number(compact);
  return Number.NaN;
}

export function PriceSection() {
  const { api } = usePanel();
  const id = useId();
  const { data: price, setData: setPrice, error: loadError } = usePanelData('getPrice');
  // For the dollar hint only: without the owner's rate the price shows in pesos alone.
  const { data: settings } = usePanelData('getOwnerSettings');
  const [value, setValue] = useState('');
  const { formRef, busy, alert: error, status, submit } = useFieldErrorSubmit();

  const save = async () => {
    const { precio: saved } = await api.setPrice({ precio: parsePriceInput(value) });
    setPrice(saved);
    setValue('');
    return `Precio actualizado a ${formatMoney(saved, 'COP')} por persona por noche.`;
  };

  return (
    <section className="adm-section" id="adm-precio" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} tabIndex={-1}>
        Precio por persona
      </h2>
      <p className="adm-price-current">
        Precio actual por persona por noche:{' '}
        {price === null ? (
          <span>{loadError ? 'no disponible' : 'cargando…'}</span>
        ) : (
          <>
            <strong data-testid="adm-current-price">{formatMoney(price, 'COP')}</strong>{' '}
            {settings && <span className="adm-muted">(≈ {formatMoney(price, 'USD', settings.copPerUsd)})</span>}
          </>
        )}
      </p>
      {/* A price saved since is known again: the failed load no longer matters. */}
      {loadError && price === null && <p className="adm-alert">{loadError}</p>}
      <form
        ref={formRef}
        className="adm-inline-form"
        // The price has no field of its own in the server's answer: its message is the alert.
        onSubmit={(event) => void submit(event, save, { alert: (message) => message })}
        aria-busy={busy}
      >
        <div className="adm-field">
          <label htmlFor={`${id}-input`}>Nuevo precio por persona (COP)</label>
          <input
            id={`${id}-input`}
            name="precio"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="Ej.: 85000"
            required
            maxLength={20}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint ${id}-error`}
          />
          <span className="adm-hint" id={`${id}-hint`}>
            Pesos colombianos enteros, sin decimales.
          </span>
        </div>
        <button type="submit" className="adm-button adm-button--primary" disabled={busy}>
          {busy ? 'Guardando…' : 'Actualizar precio'}
        </button>
      </form>
      <div id={`${id}-error`}>
        <AlertMessage text={error} />
      </div>
      <StatusMessage text={status} />
    </section>
  );
}
