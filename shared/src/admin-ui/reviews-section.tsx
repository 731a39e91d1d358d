import { useId, useState } from 'react';
import {
  HIDE_REASONS,
  HIDE_REASON_LABELS,
  REVIEW_REPLY_MAX,
  type HideReason,
  type Review,
} from '../domain/schemas/review';
import { formatReceivedAt, formatStayDate } from '../domain/lib/owner-dates';
import { usePanel } from './panel-context';
import { usePanelCache, usePanelData } from './panel-data';
import { RowAlert, StatusMessage } from './messages';

const ASPECT_LABELS = { cleanliness: 'Limpieza', location: 'Ubicación', value: 'Calidad-precio', host: 'Anfitrión' };

/** One review: the guest's words as written (never editable), the reply form or the reply, hiding for a listed reason. */
function ReviewItem({ review: r, onChange }: { review: Review; onChange: (status: string) => void }) {
  const { api, failure } = usePanel();
  const cache = usePanelCache();
  const id = useId();
  const [reply, setReply] = useState('');
  const [reason, setReason] = useState<HideReason | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function act(call: () => ReturnType<typeof api.hideReview>, done: string) {
    setBusy(true);
    setError(undefined);
    try {
      const all = await call();
      cache.set('listOwnerReviews', all);
      cache.invalidate('getOverview');
      onChange(done);
    } catch (err) {
      setError(failure(err) ?? undefined);
    } finally {
      setBusy(false);
    }
  }

  const aspects = Object.entries(r.ratings).map(
    ([k, v]) => `${ASPECT_LABELS[k as keyof typeof ASPECT_LABELS]} ${String(v)}/5`,
  );
  return (
    <li className="adm-enquiry adm-review">
      <p className="adm-card-title">
        {r.name} · {r.rating}/5{r.hidden ? ' · Oculta' : ''}
      </p>
      <p className="adm-muted">
        Reserva {r.code} · {r.people} {r.people === 1 ? 'persona' : 'personas'} · recibida el{' '}
        {formatReceivedAt(r.createdAt)}
        {aspects.length > 0 ? ` · ${aspects.join(', ')}` : ''}
      </p>
      <p className="adm-card-text adm-review-text" lang={r.lang}>
        {r.text}
      </p>
      {r.hidden && (
        <p className="adm-alert">
          Oculta de la página pública el {formatReceivedAt(r.hidden.at)}. Motivo: {HIDE_REASON_LABELS[r.hidden.reason]}.
        </p>
      )}
      {r.reply ? (
        <div className="adm-reply">
          <p className="adm-muted">Tu respuesta pública ({formatReceivedAt(r.reply.at)}):</p>
          <p className="adm-card-text">{r.reply.text}</p>
        </div>
      ) : (
        <form
          className="adm-form"
          onSubmit={(e) => {
            e.preventDefault();
            void act(() => api.replyToReview({ id: r.id, text: reply }), `Publicaste tu respuesta a ${r.name}.`);
          }}
        >
          <div className="adm-field">
            <label htmlFor={`${id}-reply`}>Respuesta pública (una sola; no se puede cambiar después)</label>
            <textarea
              id={`${id}-reply`}
              value={reply}
              maxLength={REVIEW_REPLY_MAX}
              rows={3}
              required
              onChange={(e) => setReply(e.target.value)}
            />
          </div>
          <div className="adm-actions">
            <button type="submit" className="adm-button adm-button--primary" disabled={busy || !reply.trim()}>
              Publicar respuesta
            </button>
          </div>
        </form>
      )}
      {!r.hidden && (
        <form
          className="adm-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (reason)
              void act(
                () => api.hideReview({ id: r.id, reason }),
                `Ocultaste la opinión de ${r.name} (${HIDE_REASON_LABELS[reason]}).`,
              );
          }}
        >
          <div className="adm-field">
            <label htmlFor={`${id}-reason`}>Ocultar por un motivo</label>
            <select id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value as HideReason | '')}>
              <option value="">Elige el motivo…</option>
              {HIDE_REASONS.map((h) => (
                <option key={h} value={h}>
                  {HIDE_REASON_LABELS[h]}
                </option>
              ))}
            </select>
          </div>
          <div className="adm-actions">
            <button type="submit" className="adm-button adm-button--danger" disabled={busy || !reason}>
              Ocultar
            </button>
          </div>
        </form>
      )}
      <RowAlert text={error} />
    </li>
  );
}

/**
 * "Opiniones" (issue 35): the guests' reviews, newest first, each with the owner's one public
 * reply and hiding for a listed reason (flag-only: the guest's words are never edited), and the
 * invitations sent after each stay.
 */
export function ReviewsSection() {
  const id = useId();
  const { data, error } = usePanelData('listOwnerReviews');
  const [status, setStatus] = useState<string | null>(null);
  const waiting = data?.reviews.filter((r) => !r.hidden && !r.reply).length ?? 0;
  return (
    <section className="adm-section" id="adm-opiniones" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} tabIndex={-1}>
        Opiniones{waiting > 0 ? ` (${waiting} sin respuesta)` : ''}
      </h2>
      <p className="adm-muted">
        Las escriben los huéspedes desde el enlace privado que reciben el día después de su salida. Puedes responder una
        vez en público u ocultar una opinión por un motivo de la lista; no puedes cambiar lo que escribió el huésped.
      </p>
      <StatusMessage text={status} />
      {error && <p className="adm-alert">{error}</p>}
      {data === null && !error && <p className="adm-muted">Cargando…</p>}
      {data !== null && data.reviews.length === 0 && <p className="adm-empty">Aún no hay opiniones.</p>}
      {data !== null && data.reviews.length > 0 && (
        <ul className="adm-inbox" aria-label="Opiniones de huéspedes">
          {data.reviews.map((r) => (
            <ReviewItem key={r.id} review={r} onChange={setStatus} />
          ))}
        </ul>
      )}
      <h3>Invitaciones enviadas</h3>
      {data !== null && data.invitations.length === 0 && (
        <p className="adm-empty">Aún no se ha invitado a nadie: la invitación sale el día después de cada salida.</p>
      )}
      {data !== null && data.invitations.length > 0 && (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">Reserva</th>
                <th scope="col">Huésped</th>
                <th scope="col">Salida</th>
                <th scope="col">Invitación</th>
                <th scope="col">Recordatorio</th>
                <th scope="col">¿Opinó?</th>
              </tr>
            </thead>
            <tbody>
              {data.invitations.map((i) => (
                <tr key={i.bookingId}>
                  <td>{i.code}</td>
                  <td>{i.name}</td>
                  <td>{formatStayDate(i.checkOut)}</td>
                  <td>{formatReceivedAt(i.invitedAt)}</td>
                  <td>{i.remindedAt ? formatReceivedAt(i.remindedAt) : '—'}</td>
                  <td>{i.reviewed ? 'Sí' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
