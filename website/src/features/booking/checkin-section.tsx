import { lazy, Suspense, useState } from 'react';
import type { GuestBooking } from '@cabana/shared/domain/schemas/booking';
import { useI18n } from '../../i18n/i18n';

/** The form's code (fields, consent, country names) loads only when the guest opens it: the first visit stays light. */
const CheckInForm = lazy(() => import('./checkin-form'));

/**
 * Online check-in on the private page (issue 34): the registration's status and, on demand, the
 * form for the main guest and each companion. Shown while the lifecycle table allows it.
 */
export function CheckInSection({ booking, onSaved }: { booking: GuestBooking; onSaved: (complete: boolean) => void }) {
  const { m } = useI18n();
  const [open, setOpen] = useState(false);
  const r = booking.registration;
  if (!r.open) return null;
  return (
    <section aria-labelledby="registro-titulo" className="booking__checkin">
      <h2 id="registro-titulo">{m.guest.checkInTitle}</h2>
      <p>{m.guest.checkInIntro}</p>
      <p role="status" className={r.complete ? 'booking__checkin-done' : 'booking__checkin-pending'}>
        <strong>{r.complete ? m.guest.checkInComplete : m.guest.checkInIncomplete}</strong>
      </p>
      {open ? (
        <Suspense fallback={<p>{m.guest.checkInLoading}</p>}>
          <CheckInForm code={booking.code} numPeople={booking.numPeople} onSaved={onSaved} />
        </Suspense>
      ) : (
        <button type="button" className="button button--accent" onClick={() => setOpen(true)}>
          {r.complete ? m.guest.checkInEdit : m.guest.checkInOpen}
        </button>
      )}
    </section>
  );
}
