import { useEffect, useId, useState } from 'react';
import type { Booking, BookingState } from '../domain/schemas/booking';
import { usePanel } from './panel-context';
import { PANEL_BOOKING_ORDER } from './panel-data';

/**
 * Reservas' search and state filter (issue 33): a name, code or e-mail and/or one state, found by
 * the server (GET /api/reservas?q=&estado=) among every booking, not only the pages loaded.
 * Answers null while the field is empty and every state is shown. `loaded` is the panel's list:
 * when a change lands in it (an action saved), the server is asked again, so a booking that left
 * the state filtered goes and one changed shows its new facts.
 */
export function useBookingSearch(
  query: string,
  estado: BookingState | undefined,
  loaded: unknown,
): { found: Booking[] | null; error: string | null } {
  const { api, failure } = usePanel();
  /** The last answer and what it answered: another question shows nothing until its own answer. */
  const [answer, setAnswer] = useState<{ key: string; list: Booking[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const q = query.trim();
  const asking = q !== '' || estado !== undefined;
  const key = `${estado ?? ''}|${q}`;
  useEffect(() => {
    if (!asking) return;
    let gone = false;
    // A short pause so each keystroke does not ask the server.
    const t = setTimeout(() => {
      api
        .listBookings({ ...PANEL_BOOKING_ORDER, ...(q ? { q } : {}), ...(estado ? { estado } : {}), limit: 200 })
        .then((list) => {
          if (!gone) {
            setAnswer({ key, list });
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
  }, [api, failure, q, estado, asking, key, loaded]);
  if (!asking) return { found: null, error: null };
  return { found: answer?.key === key ? answer.list : null, error };
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
