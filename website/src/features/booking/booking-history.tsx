import type { GuestBooking } from '@cabana/shared/domain/schemas/booking';
import { historyText } from '@cabana/shared/domain/bookings/history-words';
import { useI18n } from '../../i18n/i18n';
import { formatInstant } from '../../lib/booking-text';

/**
 * What happened to the booking, on the guest's page: typed events in the page's language (issue
 * 29), no Spanish notes on the English page. A deferred part there (its words load when the guest
 * acts or first interacts: issue 31, the page's room for its check-in section).
 */
export function BookingHistory({ history }: { history: GuestBooking['history'] }) {
  const { m, lang } = useI18n();
  return (
    <section aria-labelledby="historial-titulo">
      <h2 id="historial-titulo">{m.guest.historyTitle}</h2>
      <ol className="booking__history">
        {history
          .filter((h) => h.event)
          .map((h, i) => (
            <li key={i}>
              {formatInstant(h.at, lang)}: {historyText(h.event!, lang)}
            </li>
          ))}
      </ol>
    </section>
  );
}
