import { useId, useRef, useState } from 'react';
import { SUSPECT_REASON_TEXT, type Enquiry, type EnquiryStatus } from '../domain/schemas/enquiry';
import type { Settings } from '../domain/schemas/settings';
import { usePanel } from './panel-context';
import { usePanelCache, usePanelData } from './panel-data';
import { ListToolbar } from './list-toolbar';
import { StatusMessage } from './messages';
import { enquirySummary, mailtoReplyUrl, whatsappReplyUrl } from './reply-links';
import { formatReceivedAt } from '../domain/lib/owner-dates';
import { ConfirmButton } from './confirm-prompt';
import { ReplyButtons } from './booking-reply';

type Filter = 'todas' | EnquiryStatus;

/** What the owner hears after each change. */
const STATUS_DONE: Record<EnquiryStatus, (name: string) => string> = {
  nueva: (name) => `Consulta de ${name} marcada como nueva.`,
  respondida: (name) => `Consulta de ${name} marcada como respondida.`,
  confirmada: (name) => `Reserva de ${name} confirmada: sus noches quedan bloqueadas en el calendario.`,
  cancelada: (name) => `Reserva de ${name} cancelada: sus noches quedan libres.`,
};

/** Each status as a badge: its word, not only its colour. */
const STATUS_BADGE: Record<EnquiryStatus, { text: string; className: string }> = {
  nueva: { text: 'Nueva', className: 'adm-badge' },
  respondida: { text: 'Respondida', className: 'adm-badge adm-badge--plain' },
  confirmada: { text: 'Confirmada', className: 'adm-badge adm-badge--ok' },
  cancelada: { text: 'Cancelada', className: 'adm-badge adm-badge--off' },
};

const FILTERS: [Filter, string, string][] = [
  ['todas', 'Todas', 'No hay consultas.'],
  ['nueva', 'Nuevas', 'No hay consultas nuevas.'],
  ['respondida', 'Respondidas', 'No hay consultas respondidas.'],
  ['confirmada', 'Reservas archivadas confirmadas', 'No hay reservas archivadas confirmadas.'],
  ['cancelada', 'Reservas archivadas canceladas', 'No hay reservas archivadas canceladas.'],
];

/**
 * Contact messages stored by the server, newest first, and the requests of the old reservation
 * form, archived (issue 33): stays are asked for on /planes and answered in Reservas.
 */
export function InboxSection() {
  const { api, failure } = usePanel();
  const id = useId();
  const inbox = usePanelData('listEnquiries');
  const { data: items, setData: setItems, error: loadError, loading } = inbox;
  // Replies are signed with the owner's current name, phone and e-mail.
  const sender = usePanelData('getOwnerSettings').data ?? undefined;
  const cache = usePanelCache();
  const [filter, setFilter] = useState<Filter>('todas');
  const [busy, setBusy] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  async function setEnquiryStatus(e: Enquiry, next: EnquiryStatus) {
    setBusy(e.id);
    setStatus(null);
    setRowErrors(({ [e.id]: _, ...rest }) => rest);
    try {
      const saved = await api.setEnquiryStatus({ id: e.id, status: next });
      setItems((all) => all.map((i) => (i.id === saved.id ? saved : i)));
      // Confirming blocks the stay's nights, any other status frees them.
      cache.invalidate('getCalendar');
      setStatus(STATUS_DONE[next](e.name));
    } catch (err) {
      const message = failure(err);
      if (message) setRowErrors((all) => ({ ...all, [e.id]: message }));
    } finally {
      setBusy(null);
    }
  }

  async function remove(e: Enquiry) {
    setBusy(e.id);
    setStatus(null);
    setRowErrors(({ [e.id]: _, ...rest }) => rest);
    try {
      await api.deleteEnquiry({ id: e.id });
      setItems((all) => all.filter((i) => i.id !== e.id));
      // A confirmed reservation's nights go with it.
      cache.invalidate('getCalendar');
      setStatus(`Se eliminó la consulta de ${e.name}.`);
      heading.current?.focus();
    } catch (err) {
      const message = failure(err);
      if (message) setRowErrors((all) => ({ ...all, [e.id]: message }));
    } finally {
      setBusy(null);
    }
  }

  const newCount = items?.filter((i) => i.status === 'nueva').length ?? 0;
  const shown = items?.filter((i) => filter === 'todas' || i.status === filter) ?? [];

  return (
    <section className="adm-section" id="adm-bandeja" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} ref={heading} tabIndex={-1}>
        Bandeja de consultas
        {newCount > 0 && <span className="adm-badge">{newCount === 1 ? '1 nueva' : `${newCount} nuevas`}</span>}
      </h2>
      <p className="adm-hint">
        Aquí llegan los mensajes del formulario de contacto. Las solicitudes de reserva llegan a Reservas; las que
        llegaron antes por el formulario anterior quedan aquí archivadas: las confirmadas siguen ocupando sus noches y
        puedes cancelarlas o responderles.
      </p>
      <ListToolbar
        label="Mostrar"
        value={filter}
        options={FILTERS}
        onChange={setFilter}
        loading={loading}
        onRefresh={() => void inbox.reload().then((ok) => ok && setStatus('Bandeja actualizada.'))}
      />
      <StatusMessage text={status} />
      {loadError && <p className="adm-alert">{loadError}</p>}
      {items === null && !loadError && <p className="adm-muted">Cargando consultas…</p>}
      {items !== null && shown.length === 0 && (
        <p className="adm-empty">{FILTERS.find(([value]) => value === filter)?.[2]}</p>
      )}
      {shown.length > 0 && (
        <ul className="adm-inbox" aria-label="Consultas">
          {shown.map((e) => (
            <EnquiryItem
              key={e.id}
              enquiry={e}
              sender={sender}
              busy={busy === e.id}
              error={rowErrors[e.id] ?? null}
              onStatus={(next) => void setEnquiryStatus(e, next)}
              onDelete={() => void remove(e)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

interface EnquiryItemProps {
  enquiry: Enquiry;
  sender?: Settings;
  busy: boolean;
  error: string | null;
  onStatus: (next: EnquiryStatus) => void;
  onDelete: () => void;
}

/** One enquiry. Every visitor-typed value is rendered as React text, never as markup. */
function EnquiryItem({ enquiry: e, sender, busy, error, onStatus, onDelete }: EnquiryItemProps) {
  const id = useId();
  const isNew = e.status === 'nueva';
  const isReservation = e.type === 'reserva';
  const whatsapp = whatsappReplyUrl(e, sender);
  return (
    <li className={`adm-enquiry${isNew ? ' adm-enquiry--new' : ''}`} data-enquiry-id={e.id} aria-labelledby={`${id}-h`}>
      <article>
        <header className="adm-enquiry-head">
          <h3 id={`${id}-h`}>
            <span className={STATUS_BADGE[e.status].className}>{STATUS_BADGE[e.status].text}</span>
            {e.suspect && <span className="adm-badge adm-badge--warn">Posible spam</span>}
            {e.type === 'reserva' && e.archivedAt && (
              <span className="adm-badge adm-badge--plain">Archivada (formulario anterior)</span>
            )}
            <span className="adm-enquiry-type">{e.type === 'reserva' ? 'Reserva' : 'Contacto'}</span>{' '}
            <span className="adm-enquiry-name">{e.name}</span>
          </h3>
          <p className="adm-muted">
            Recibida el <time dateTime={e.createdAt}>{formatReceivedAt(e.createdAt)}</time>
          </p>
          {e.suspect && <p className="adm-muted">{SUSPECT_REASON_TEXT[e.suspect]} Revísala antes de responder.</p>}
        </header>
        <dl className="adm-enquiry-facts">
          {e.type === 'reserva' && (
            <>
              <dt>Estadía</dt>
              <dd>{enquirySummary(e)}</dd>
            </>
          )}
          <dt>Correo</dt>
          <dd>{e.email}</dd>
          {e.type === 'reserva' && (
            <>
              <dt>Teléfono</dt>
              <dd>{e.phone}</dd>
            </>
          )}
          <dt>Autorización de datos</dt>
          <dd>
            {formatReceivedAt(e.consentAt)} · política del {e.policyVersion}
          </dd>
        </dl>
        {e.message ? (
          <p className="adm-enquiry-message">{e.message}</p>
        ) : (
          <p className="adm-muted">Sin mensaje adicional.</p>
        )}
        {error && (
          <p className="adm-alert" role="alert">
            {error}
          </p>
        )}
        <div className="adm-actions">
          <ReplyButtons mailto={mailtoReplyUrl(e, sender)} whatsapp={whatsapp} />
          {isNew && (
            <button
              type="button"
              className="adm-button adm-button--primary"
              disabled={busy}
              onClick={() => onStatus('respondida')}
            >
              Marcar como respondida
            </button>
          )}
          {e.status === 'respondida' && (
            <button type="button" className="adm-button" disabled={busy} onClick={() => onStatus('nueva')}>
              Marcar como nueva
            </button>
          )}
          {isReservation && e.status !== 'confirmada' && (
            <button
              type="button"
              className="adm-button adm-button--primary"
              disabled={busy}
              onClick={() => onStatus('confirmada')}
              aria-label={`Confirmar reserva de ${e.name}`}
            >
              Confirmar reserva
            </button>
          )}
          {isReservation && e.status !== 'cancelada' && (
            <button
              type="button"
              className="adm-button"
              disabled={busy}
              onClick={() => onStatus('cancelada')}
              aria-label={`Cancelar reserva de ${e.name}`}
            >
              Cancelar reserva
            </button>
          )}
          <ConfirmButton
            label="Eliminar"
            ariaLabel={`Eliminar consulta de ${e.name}`}
            question={`¿Eliminar la consulta de ${e.name}? No se puede deshacer.`}
            busy={busy}
            onConfirm={onDelete}
          />
        </div>
      </article>
    </li>
  );
}
