import type { ReactElement } from 'react';
import { Itinerary } from '../features/booking/itinerary';
import { useGuestBooking } from '../lib/page-data';

/**
 * A guest's private page as the server renders it: the booking's island (its state, payment,
 * receipt and cancellation follow the guest's actions) and, for a confirmed stay, the itinerary
 * (issue 32) as server markup beside it: no JavaScript of its own on a page with no budget left.
 */
export function GuestBookingPage({ island }: { island: ReactElement }) {
  const b = useGuestBooking();
  // A wrong link: the island shows the not-found page (its own <main>, and the lost-link form).
  if (!b) return island;
  return (
    <main id="contenido" className="page" tabIndex={-1}>
      {island}
      {b.itinerary ? <Itinerary booking={b} itinerary={b.itinerary} /> : null}
    </main>
  );
}
