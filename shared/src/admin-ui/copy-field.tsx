import { useId, useRef, useState } from 'react';
import { usePanel } from './panel-context';
import { StatusMessage } from './messages';

const COPY_FAILED = 'No se pudo copiar automáticamente: la dirección quedó seleccionada, cópiala con Ctrl+C.';

/** A read-only address with a button that puts it on the clipboard (through the host). */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { api } = usePanel();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function copy() {
    setMessage(null);
    try {
      await api.copyText(value);
      setMessage('Dirección copiada.');
    } catch {
      input.current?.select();
      setMessage(COPY_FAILED);
    }
  }

  return (
    <div className="adm-field adm-cal-copy">
      <label htmlFor={`${id}-url`}>{label}</label>
      <div className="adm-cal-copy-row">
        <input id={`${id}-url`} ref={input} type="text" readOnly value={value} onFocus={(e) => e.target.select()} />
        <button type="button" className="adm-button" onClick={() => void copy()}>
          Copiar
        </button>
      </div>
      <StatusMessage text={message} />
    </div>
  );
}
