import type { GuestBooking, GuestItinerary, OwnerText } from '@cabana/shared/domain/schemas/booking';
import { ownerText } from '@cabana/shared/domain/bookings/stay-texts';
import { phoneE164 } from '@cabana/shared/domain/config/settings';
import { useI18n } from '../../i18n/i18n';
import { ITINERARY_ID } from './itinerary-id';

/**
 * A confirmed stay's itinerary on the private page (issue 32): where, how to get there, when and
 * how to arrive and leave, who to call, and the stay as a calendar file. Server markup only (the
 * page's island never renders it, so it adds no JavaScript); the owner's texts are shown as text,
 * line by line, an English page marking a Spanish fallback `lang="es"`.
 */
export function Itinerary({ booking, itinerary: it }: { booking: GuestBooking; itinerary: GuestItinerary }) {
  const { lang, m, t } = useI18n();
  const w = m.itinerary;
  const text = (owner: OwnerText) => {
    const shown = ownerText(owner, lang);
    if (!shown.text) return null;
    return (
      <p className="itinerary__text" lang={shown.lang === lang ? undefined : shown.lang}>
        {shown.text}
      </p>
    );
  };
  const step = (title: string, owner: OwnerText) => (
    <>
      <h3>{title}</h3>
      {text(owner)}
    </>
  );
  const address = ownerText(it.address, lang);
  return (
    <section id={ITINERARY_ID} className="container narrow prose itinerary" aria-labelledby="itinerario-titulo">
      <h2 id="itinerario-titulo">{w.title}</h2>
      <p>
        <a className="button button--primary" href={it.calendarPath} download={`reserva-${booking.code}.ics`}>
          {w.calendar}
        </a>
      </p>
      <p className="itinerary__hint">{w.calendarHint}</p>
      <h3>{w.address}</h3>
      <p lang={address.lang === lang ? undefined : address.lang}>{address.text}</p>
      <p>
        <a href={it.mapUrl} target="_blank" rel="noopener noreferrer">
          {w.map}
        </a>
      </p>
      {text(it.directionsTolu) ? step(w.fromTolu, it.directionsTolu) : null}
      {text(it.directionsCovenas) ? step(w.fromCovenas, it.directionsCovenas) : null}
      {step(t(w.checkIn, { time: booking.checkInTime }), it.checkInSteps)}
      {step(t(w.checkOut, { time: booking.checkOutTime }), it.checkOutSteps)}
      <p>{w.houseRules}</p>
      <h3>{w.host}</h3>
      <p>
        {it.hostName}
        {' · '}
        <a href={`tel:${phoneE164(it)}`}>{t(w.call, { phone: it.phone })}</a>
      </p>
    </section>
  );
}
