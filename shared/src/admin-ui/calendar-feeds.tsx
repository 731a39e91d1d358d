import { useId, useState } from 'react';
import type { Feed } from '../domain/schemas/calendar';
import { usePanel } from './panel-context';
import { RowAlert, StatusMessage } from './messages';
import { formatReceivedAt } from '../domain/lib/owner-dates';
import { AdminField } from './admin-field';
import { useFieldErrorSubmit } from './use-field-error-submit';
import { CalendarAddForm } from './calendar-add-form';
import { CopyField } from './copy-field';
import { ConfirmButton } from './confirm-prompt';

interface FeedsPanelProps {
  feeds: Feed[];
  generalExportUrl: string;
  /** Reloads the calendar (entries, feeds' state); resolves once it is shown. */
  onChanged: () => Promise<boolean>;
}

/** The channels' calendars we import (Airbnb, Booking.com, Vrbo…) and the addresses they import from us. */
export function FeedsPanel({ feeds, generalExportUrl, onChanged }: FeedsPanelProps) {
  const { api, failure } = usePanel();
  const id = useId();
  const [busy, setBusy] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);

  async function act(feed: Feed, action: 'sync' | 'delete') {
    setBusy(feed.id);
    setStatus(null);
    setRowErrors(({ [feed.id]: _, ...rest }) => rest);
    try {
      if (action === 'sync') {
        await api.syncFeed({ id: feed.id });
        await onChanged();
        setStatus(`${feed.name}: calendario sincronizado.`);
      } else {
        await api.deleteFeed({ id: feed.id });
        await onChanged();
        setStatus(`Se eliminó la fuente ${feed.name} y sus noches importadas.`);
      }
    } catch (err) {
      const message = failure(err);
      if (message) setRowErrors((all) => ({ ...all, [feed.id]: message }));
      // A failed sync is recorded on the server (last error): show the feed as it now is.
      if (action === 'sync') await onChanged();
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="adm-cal-feeds" aria-labelledby={`${id}-h`} role="group">
      <h3 id={`${id}-h`}>Calendarios de otros canales</h3>
      <p className="adm-muted">
        Agrega el enlace iCal de Airbnb, Booking.com o Vrbo: sus reservas bloquean esas noches aquí. Luego pega en ese
        canal la dirección de exportación de su fuente, para que vea tus reservas directas y bloqueos.
      </p>
      {feeds.length === 0 ? (
        <p className="adm-empty">No hay calendarios conectados.</p>
      ) : (
        <ul className="adm-cal-feed-list" aria-label="Fuentes de calendario">
          {feeds.map((f) => (
            <li key={f.id} className="adm-card" aria-labelledby={`${id}-${f.id}-name`}>
              <h4 id={`${id}-${f.id}-name`}>{f.name}</h4>
              <p className="adm-muted adm-cal-url">{f.url}</p>
              <p>
                {f.lastSyncAt ? (
                  <>
                    Última sincronización: <time dateTime={f.lastSyncAt}>{formatReceivedAt(f.lastSyncAt)}</time>
                  </>
                ) : (
                  'Aún no se ha sincronizado.'
                )}
              </p>
              {f.lastError && <p className="adm-alert">Último error: {f.lastError}</p>}
              <RowAlert text={rowErrors[f.id]} />
              <CopyField label={`Dirección para pegar en ${f.name}`} value={f.exportUrl} />
              <div className="adm-actions">
                <button
                  type="button"
                  className="adm-button adm-button--primary"
                  disabled={busy === f.id}
                  onClick={() => void act(f, 'sync')}
                  aria-label={`Sincronizar ahora ${f.name}`}
                >
                  {busy === f.id ? 'Sincronizando…' : 'Sincronizar ahora'}
                </button>
                <ConfirmButton
                  label="Eliminar"
                  ariaLabel={`Eliminar fuente ${f.name}`}
                  question={`¿Eliminar la fuente ${f.name}? Sus noches dejan de bloquear el calendario.`}
                  busy={busy === f.id}
                  onConfirm={() => void act(f, 'delete')}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <StatusMessage text={status} />
      <CopyField label="Dirección general de tu calendario (todas las noches ocupadas)" value={generalExportUrl} />
      <FeedForm onAdded={onChanged} />
    </div>
  );
}

type FeedField = 'name' | 'url';

function FeedForm({ onAdded }: { onAdded: () => Promise<boolean> }) {
  const { api } = usePanel();
  const id = useId();
  const [values, setValues] = useState<Record<FeedField, string>>({ name: '', url: '' });
  const form = useFieldErrorSubmit();

  const save = async () => {
    const feed = await api.addFeed(values);
    setValues({ name: '', url: '' });
    await onAdded();
    return `Fuente ${feed.name} agregada; su primera sincronización está en curso.`;
  };

  const field = (name: FeedField, label: string, type: string, placeholder: string) => (
    <AdminField
      id={`${id}-${name}`}
      label={label}
      error={form.fieldErrors[name]}
      name={name}
      type={type}
      placeholder={placeholder}
      autoComplete="off"
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      required
    />
  );

  return (
    <CalendarAddForm form={form} save={save} title="Agregar calendario" level={4} busyLabel="Agregando…">
      <div className="adm-cal-fields">
        {field('name', 'Nombre del canal', 'text', 'Ej.: Airbnb')}
        {field('url', 'Dirección iCal del canal', 'url', 'https://…/calendar.ics')}
      </div>
    </CalendarAddForm>
  );
}
