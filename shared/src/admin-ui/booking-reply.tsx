import type { Booking } from '../domain/schemas/booking';
import { usePanelData } from './panel-data';
import { bookingMailtoUrl, bookingWhatsappUrl } from './reply-links';

/** "Responder por correo" and, with a usable phone, "Responder por WhatsApp": the inbox's and Reservas' replies. */
export function ReplyButtons({ mailto, whatsapp }: { mailto: string; whatsapp: string | null }) {
  return (
    <>
      <a className="adm-button" href={mailto}>
        Responder por correo
      </a>
      {whatsapp && (
        <a className="adm-button" href={whatsapp} target="_blank" rel="noopener noreferrer">
          Responder por WhatsApp
        </a>
      )}
    </>
  );
}

const LANG_NAMES = { es: 'español', en: 'inglés' } as const;

/**
 * Beside a booking's message (issue 33): the language the guest wrote in, and replies prepared
 * for them, by e-mail with the booking's subject and by WhatsApp with a text naming the booking.
 */
export function BookingReply({ booking: b }: { booking: Booking }) {
  const sender = usePanelData('getOwnerSettings').data ?? undefined;
  const whatsapp = bookingWhatsappUrl(b, sender);
  return (
    <div className="adm-reply">
      <p className="adm-muted">Idioma del huésped: {LANG_NAMES[b.lang]}</p>
      <div className="adm-actions">
        <ReplyButtons mailto={bookingMailtoUrl(b, sender)} whatsapp={whatsapp} />
      </div>
    </div>
  );
}
