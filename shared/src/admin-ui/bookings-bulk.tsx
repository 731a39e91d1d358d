import { formatStayDate } from '../domain/lib/owner-dates';
import { useId, useState } from 'react';
import { BOOKINGS_PAGE, BOOKING_STATE_LABELS, type Booking } from '../domain/schemas/booking';
import { can } from '../domain/bookings/lifecycle';
import { RowAlert } from './messages';
import { usePanel } from './panel-context';
import { usePanelCache, PANEL_BOOKING_ORDER } from './panel-data';

/** The list with a further page after it; one shown already (a booking that moved up meanwhile) stays where it is. */
const appendNew = (all: Booking[], page: readonly Booking[]) => {
  const known = new Set(all.map((b) => b.id));
  return [...all, ...page.filter((b) => !known.has(b.id))];
};

/**
 * The bookings list in pages (issue 28): the panel loads the newest BOOKINGS_PAGE, and "Cargar
 * más" asks for the next page from the number already shown. A page shorter than a full one is
 * the last: the button goes.
 */
export function LoadMoreBookings({ loaded, onDone }: { loaded: number; onDone: (s: string) => void }) {
  const { api, failure } = usePanel();
  const cache = usePanelCache();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  /** How many were shown when the last page came back short (nothing more to load then). */
  const [endAt, setEndAt] = useState<number | null>(null);
  if (loaded < BOOKINGS_PAGE || endAt === loaded) return null;

  async function more() {
    setBusy(true);
    setError(undefined);
    try {
      const page = await api.listBookings({ ...PANEL_BOOKING_ORDER, offset: loaded, limit: BOOKINGS_PAGE });
      let total = loaded;
      cache.set('listBookings', (all) => {
        const next = appendNew(all, page);
        total = next.length;
        return next;
      });
      if (page.length < BOOKINGS_PAGE) setEndAt(total);
      onDone(page.length === 0 ? 'No hay más reservas.' : `${page.length} reservas más cargadas.`);
    } catch (err) {
      setError(failure(err) ?? undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="adm-actions">
      <button type="button" className="adm-button" disabled={busy} onClick={() => void more()}>
        {busy ? 'Cargando…' : 'Cargar más'}
      </button>
      <RowAlert text={error} />
    </div>
  );
}

/**
 * Deleting several requests at once (issue 28): tick them in a list of those shown that may go,
 * then confirm in a second step; nobody is e-mailed. The server checks again (all or nothing).
 */
export function DeleteBookings({
  items,
  now,
  onDone,
}: {
  items: readonly Booking[];
  now: number;
  onDone: (s: string) => void;
}) {
  const { api, failure } = usePanel();
  const cache = usePanelCache();
  const id = useId();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // What the owner may delete without e-mailing anyone: the lifecycle table's `delete` (the server checks it again).
  const candidates = items.filter((b) => can('delete', b, now, 'propietario'));
  if (candidates.length === 0) return null;
  const picked = candidates.filter((b) => chosen.has(b.id));

  const toggle = (bookingId: string) =>
    setChosen((all) => {
      const next = new Set(all);
      if (!next.delete(bookingId)) next.add(bookingId);
      return next;
    });

  async function remove() {
    setBusy(true);
    setError(undefined);
    try {
      const ids = picked.map((b) => b.id);
      const { deleted } = await api.deleteBookings({ ids });
      const gone = new Set(ids);
      let left = 0;
      cache.set('listBookings', (all) => {
        const kept = all.filter((b) => !gone.has(b.id));
        left = kept.length;
        return kept;
      });
      // As many from the next page as went, so "Cargar más" goes on from a full list.
      const refill = await api.listBookings({ ...PANEL_BOOKING_ORDER, offset: left, limit: deleted }).catch(() => []);
      cache.set('listBookings', (all) => appendNew(all, refill));
      cache.invalidate('listOutbox', 'getOverview');
      setChosen(new Set());
      setConfirming(false);
      onDone(deleted === 1 ? '1 reserva borrada.' : `${deleted} reservas borradas.`);
    } catch (err) {
      setError(failure(err) ?? undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="adm-bulk">
      <summary>Borrar varias solicitudes o reservas terminadas</summary>
      <p className="adm-muted">
        Se borran sin avisar a nadie por correo. Solo aparecen las solicitudes y las reservas terminadas sin pagos.
      </p>
      <fieldset>
        <legend>Elige las que quieres borrar</legend>
        <ul className="adm-bulk-list">
          {candidates.map((b) => (
            <li key={b.id}>
              <label>
                <input type="checkbox" checked={chosen.has(b.id)} onChange={() => toggle(b.id)} /> {b.name} · {b.code} ·{' '}
                {BOOKING_STATE_LABELS[b.state]} · {formatStayDate(b.checkIn)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <RowAlert text={error} />
      {!confirming ? (
        <div className="adm-actions">
          <button
            type="button"
            className="adm-button adm-button--danger"
            disabled={picked.length === 0}
            onClick={() => setConfirming(true)}
          >
            Borrar seleccionadas ({picked.length})
          </button>
        </div>
      ) : (
        <div className="adm-actions" role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>
            ¿Borrar {picked.length === 1 ? '1 reserva' : `${picked.length} reservas`}? No se envía ningún correo y no se
            puede deshacer.
          </p>
          <button
            type="button"
            className="adm-button adm-button--danger"
            disabled={busy || picked.length === 0}
            onClick={() => void remove()}
          >
            Sí, borrar
          </button>
          <button type="button" className="adm-button" disabled={busy} onClick={() => setConfirming(false)}>
            No, volver
          </button>
        </div>
      )}
    </details>
  );
}
