import { useEffect, useId, useState } from 'react';
import type { Booking, BookingState } from '../domain/schemas/booking';
import { usePanel } from './panel-context';
import { PANEL_BOOKING_ORDER } from './panel-data';

/**
 * Reservas' search and state filter (issue 33): a name, code or e-mail and/or one state, found by
 * the server (GET /api/reservas?q=&estado=) among every booking, not only the pages loaded.
 * Answers null while the field is empty and every state is shown.
 */
export function useBookingSearch(
  query: string,
  estado: BookingState | undefined,
): { found: Booking[] | null; error: string | null } {
  const { api, failure } = usePanel();
  const [found, setFound] = useState<Booking[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const q = query.trim();
  const asking = q !== '' || estado !== undefined;
  useEffect(() => {
    if (!asking) return;
    let gone = false;
    setFound(null);
    // A short pause so each keystroke does not ask the server.
    const t = setTimeout(() => {
      api
        .listBookings({ ...PANEL_BOOKING_ORDER, ...(q ? { q } : {}), ...(estado ? { estado } : {}), limit: 200 })
        .then((list) => {
          if (!gone) {
            setFound(list);
            setError(null);
          }
        })
        .catch((err: unknown) => {
          if (!gone) setError(failure(err) ?? null);
        });
    }, 250);
    return () => {
      gone = true;
      clearTimeout(t);
    };
  }, [api, failure, q, estado, asking]);
  return asking ? { found, error } : { found: null, error: null };
}

/** The search field. */
export function BookingSearchField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="adm-field">
      <label htmlFor={`${id}-q`}>Buscar por nombre, código o correo</label>
      <input id={`${id}-q`} type="search" value={value} maxLength={100} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
