import { useId, useState } from 'react';
import { RowAlert } from './messages';
import { usePanel } from './panel-context';
import { usePanelCache, usePanelData } from './panel-data';
import { formatReceivedAt } from '../domain/lib/owner-dates';

/** When the list is asked for again after "Reintentar" (the sending goes on in the background). */
const RELOAD_AFTER_MS = 5_000;

/** The e-mails the server has not sent (yet), why, and a way to send each by hand. */
export function OutboxBox() {
  const id = useId();
  const { api, failure } = usePanel();
  const cache = usePanelCache();
  const { data } = usePanelData('listOutbox');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (!data) return null;
  // A message the server is sending right now (no failure, no retry planned) is not offered for
  // resending: it would go twice (issue 33). It is named as being sent instead.
  const isSending = (m: (typeof data.entries)[number]) =>
    data.smtpConfigured && m.nextAttemptAt === null && m.lastError === null;
  const sending = data.entries.filter(isSending).length;
  const unsent = data.entries.filter((m) => !isSending(m));

  async function retry(entryId?: string) {
    setBusy(true);
    setError(undefined);
    try {
      cache.set('listOutbox', await api.retryOutbox(entryId ? { id: entryId } : {}));
      // The server answers at once and sends in the background: look again in a moment.
      setTimeout(() => cache.invalidate('listOutbox'), RELOAD_AFTER_MS);
    } catch (err) {
      setError(failure(err) ?? undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="adm-outbox" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Correos sin enviar</h3>
      {!data.smtpConfigured && (
        <p className="adm-alert">
          El envío de correo no está configurado (SMTP_URL): el servidor no envía ningún correo. Envía cada mensaje a
          mano con los enlaces de abajo.
        </p>
      )}
      <RowAlert text={error} />
      {sending > 0 && (
        <p className="adm-muted">{sending === 1 ? 'Enviando 1 correo…' : `Enviando ${sending} correos…`}</p>
      )}
      {unsent.length === 0 ? (
        sending === 0 && <p className="adm-muted">Todos los correos se enviaron.</p>
      ) : (
        <ul aria-label="Correos sin enviar">
          {unsent.map((m) => (
            <li key={m.id}>
              <strong>{m.subject}</strong> — a {m.to} ({formatReceivedAt(m.createdAt)})
              {m.lastError && <span className="adm-muted"> · Motivo: {m.lastError}</span>}{' '}
              <a className="adm-button" href={m.mailto}>
                Enviar por correo
              </a>
              {m.whatsapp && (
                <a className="adm-button" href={m.whatsapp} target="_blank" rel="noopener noreferrer">
                  Enviar por WhatsApp
                </a>
              )}
              {data.smtpConfigured && (
                <button type="button" className="adm-button" disabled={busy} onClick={() => void retry(m.id)}>
                  Reintentar
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
