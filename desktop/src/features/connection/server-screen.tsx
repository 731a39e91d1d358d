import { useId, useState, type FormEvent } from 'react';
import { errorMessage, getBridge, unwrap } from '../../lib/bridge';
import type { ConnectionInfo } from '../../../contract/ipc';
import { useFocusHeading } from '../../lib/use-focus-heading';

interface Props {
  current: string | null;
  onConnected(connection: ConnectionInfo): void;
  onCancel?: () => void;
}

/** First run (and later from the header): the address of the cabin's website. */
export function ServerScreen({ current, onConnected, onCancel }: Props) {
  const heading = useFocusHeading();
  const inputId = useId();
  const hintId = useId();
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onConnected(await unwrap(getBridge().setServer({ serverUrl: value })));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="contenido" className="screen narrow">
      <h1 ref={heading} tabIndex={-1}>
        Conectar con el sitio web
      </h1>
      <p>Escribe la dirección del sitio de la cabaña. La aplicación la recordará.</p>
      <form onSubmit={submit} noValidate>
        <label htmlFor={inputId}>Dirección del servidor</label>
        <input
          id={inputId}
          name="serverUrl"
          type="text"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://brisasdelgolfo.co"
          aria-describedby={hintId}
          aria-invalid={error ? true : undefined}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          required
        />
        <p id={hintId} className="hint">
          Usa https://. Solo dentro de la red local se admite http:// (por ejemplo http://192.168.1.10:3000).
        </p>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Conectando…' : 'Conectar'}
          </button>
          {onCancel && (
            <button type="button" onClick={onCancel}>
              Volver
            </button>
          )}
        </div>
      </form>
    </main>
  );
}
