import { can } from '../domain/bookings/lifecycle';
import type { Booking } from '../domain/schemas/booking';
import { DOCUMENT_TYPE_LABELS, registrationComplete } from '../domain/schemas/registration';
import { BookingRegistrationForm } from './booking-registration-form';
import { usePanelData } from './panel-data';
import { TRA_TOKEN_HOWTO } from './registration-box';

/**
 * A booking's guest registration for the TRA and SIRE (issue 34), in the booking's card: whether
 * the party is all registered, and who. Shown for a confirmed or finished stay.
 */
export function BookingRegistration({ booking: b, now }: { booking: Booking; now: number }) {
  if (!can('correctRegistration', b, now, 'propietario')) return null;
  const guests = b.registration?.guests ?? [];
  const complete = registrationComplete(b.registration, b.numPeople);
  return (
    <section className="adm-registration" aria-label={`Registro de huéspedes de ${b.code}`}>
      <p>
        <strong>Registro de huéspedes (TRA/SIRE): </strong>
        <span className={complete ? 'adm-badge' : 'adm-badge adm-badge--warn'}>
          {complete ? 'Completo' : 'Pendiente'}
        </span>{' '}
        {b.registration?.purgedAt ? (b.registration.guestCount ?? 0) : guests.length} de {b.numPeople}{' '}
        {b.numPeople === 1 ? 'huésped' : 'huéspedes'}
      </p>
      {b.registration?.purgedAt ? (
        <p>
          Datos de identidad borrados el {b.registration.purgedAt.slice(0, 10)} (conservación tras la salida); quedan el
          número de huéspedes ({b.registration.guestCount ?? 0}) y los códigos de MinCIT.
        </p>
      ) : guests.length > 0 ? (
        <ul>
          {guests.map((g, i) => (
            <li key={`${g.documentType}-${g.documentNumber}`}>
              {i === 0 ? 'Principal: ' : ''}
              {g.firstNames} {g.lastNames} · {DOCUMENT_TYPE_LABELS[g.documentType].es} {g.documentNumber} ·{' '}
              {g.nationality}
            </li>
          ))}
        </ul>
      ) : (
        <p>El huésped aún no ha hecho el check-in en línea; recibe recordatorios 7 y 2 días antes de llegar.</p>
      )}
      <TraStatus booking={b} />
      <details>
        <summary>Completar o corregir el registro</summary>
        <BookingRegistrationForm booking={b} />
      </details>
    </section>
  );
}

/** The filing with MinCIT (TRA): its codes, what fails, or how to turn it on. */
function TraStatus({ booking: b }: { booking: Booking }) {
  const t = b.tra;
  const status = usePanelData('getRegistrationStatus').data;
  if (!t) {
    return (
      <p className="adm-muted">
        {status && !status.traConfigured
          ? TRA_TOKEN_HOWTO
          : 'TRA (MinCIT): se envía sola el día de llegada, desde la hora de check-in, con los huéspedes registrados.'}
      </p>
    );
  }
  const codes = [t.mainCode, ...t.companionCodes].filter((c): c is number => c !== undefined && c !== null);
  return (
    <div>
      {codes.length > 0 ? (
        <p>
          TRA (MinCIT): {t.filedAt ? 'enviado' : 'enviado en parte'}. Códigos de MinCIT: {codes.join(', ')}
        </p>
      ) : null}
      {t.uncertain ? (
        <p className="adm-badge adm-badge--warn">
          El envío del huésped {t.uncertain.index + 1} se interrumpió: revisa en tra.mincit.gov.co si quedó registrado.
        </p>
      ) : t.lastError ? (
        <p>
          Último error al enviar a MinCIT ({t.attempts} {t.attempts === 1 ? 'intento' : 'intentos'}): {t.lastError}
        </p>
      ) : null}
    </div>
  );
}
