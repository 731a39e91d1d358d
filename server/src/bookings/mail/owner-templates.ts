import { formatStayDate } from '@cabana/shared/domain/lib/owner-dates';
import { PAYMENT_METHOD_LABELS, type OwnerMailKind } from '@cabana/shared/domain/schemas/booking';
import { SUSPECT_REASON_TEXT } from '@cabana/shared/domain/schemas/enquiry';
import type { MailContext, MailDraft } from './draft';
import { mailName } from './mail-name';
import { mailParts } from './parts';
import { ES_MAIL_WORDS } from './words-es';

/**
 * The owner's messages: Spanish by type (the admin is Spanish), whatever the booking's language.
 * The stay and the price are the same blocks as in a Spanish guest's e-mail.
 */
const { money, instant, owed, stay, price } = mailParts(ES_MAIL_WORDS.parts);
const panelLink = (ctx: MailContext) => ({ href: ctx.panelLink, label: 'Abrir el panel de reservas' });
const guestDetails = (ctx: MailContext) =>
  `Huésped: ${ctx.booking.name}\nCorreo: ${ctx.booking.email}\nTeléfono: ${ctx.booking.phone}`;

export const OWNER_TEMPLATES: Record<OwnerMailKind, (ctx: MailContext) => MailDraft> = {
  'owner-new-request': (ctx) => {
    const b = ctx.booking;
    return {
      subject: `Nueva solicitud ${b.code}: ${b.name}, ${formatStayDate(b.checkIn)} a ${formatStayDate(b.checkOut)}`,
      paragraphs: [
        b.state === 'aceptada'
          ? `Reserva instantánea: las fechas quedaron guardadas hasta el ${instant(b.depositDueAt!)}.`
          : 'Nueva solicitud de reserva: acéptala o recházala desde el panel.',
        b.suspect
          ? `Posible spam: ${SUSPECT_REASON_TEXT[b.suspect]} El huésped no recibió ningún correo; si la aceptas, le escribimos.`
          : '',
        stay(b),
        price(b),
        guestDetails(ctx),
        b.message ? `Mensaje:\n${b.message}` : '',
      ],
      link: panelLink(ctx),
    };
  },
  'owner-receipt': (ctx) => {
    const b = ctx.booking;
    const receipt = b.receipts.at(-1);
    return {
      subject: `Comprobante recibido: reserva ${b.code} (${b.name})`,
      paragraphs: [
        `${b.name} subió un comprobante de pago${receipt ? ` (${mailName(receipt.name)})` : ''}. Revísalo en el panel: registra el pago o rechaza el comprobante con un motivo.`,
        b.state === 'aceptada' ? 'Mientras lo revisas, la reserva no vence.' : '',
        stay(b),
      ],
      link: panelLink(ctx),
    };
  },
  'owner-payment': (ctx) => {
    const b = ctx.booking;
    const payment = b.payments.at(-1);
    return {
      subject: `Pago registrado: reserva ${b.code} (${b.name})`,
      paragraphs: [
        payment
          ? `Se registró un pago de ${money(payment.amount)} (${PAYMENT_METHOD_LABELS[payment.method]}${payment.transactionId ? `, transacción ${payment.transactionId}` : ''}, ${payment.date}).`
          : 'Se registró un pago.',
        b.state === 'confirmada' && b.history.at(-1)?.state === 'confirmada'
          ? 'Con él llegó el anticipo: la reserva quedó confirmada.'
          : '',
        stay(b),
        `Pagado: ${money(b.paid)} de ${money(b.price.total)}. Falta: ${money(owed(b))}.`,
      ],
      link: panelLink(ctx),
    };
  },
  'owner-refund-due': (ctx) => {
    const b = ctx.booking;
    const last = b.onlinePayments.filter((p) => p.refundDue).at(-1);
    return {
      subject: `Pago en línea por devolver: reserva ${b.code} (${b.name})`,
      paragraphs: [
        last
          ? `Wompi aprobó un pago de ${money(last.amountInCents / 100)} (transacción ${last.transactionId ?? 'sin id'}) para una reserva que ya no lo puede recibir (estado: ${b.state}).`
          : 'Wompi aprobó un pago para una reserva que ya no lo puede recibir.',
        'La reserva no se confirmó: sus noches ya estaban ocupadas o la reserva terminó. Devuelve el dinero desde el panel de Wompi (Transacciones) y regístralo en el panel de reservas como reembolso.',
        stay(b),
        guestDetails(ctx),
      ],
      link: panelLink(ctx),
    };
  },
  'owner-tra-failing': (ctx) => {
    const b = ctx.booking;
    const t = b.tra;
    return {
      subject: `Registro TRA sin enviar: reserva ${b.code} (${b.name})`,
      paragraphs: [
        t?.uncertain
          ? `El envío de un huésped a MinCIT se interrumpió y no sabemos si quedó registrado. No lo reenviaremos solos para no registrarlo dos veces: revisa en tra.mincit.gov.co y complétalo allí si falta.`
          : `El registro de los huéspedes en MinCIT (Tarjeta de Registro de Alojamiento) falló ${t?.attempts ?? 0} veces seguidas. Seguimos intentando; si no se resuelve, regístralos en tra.mincit.gov.co.`,
        `Último error: ${t?.lastError ?? '—'}`,
        stay(b),
      ],
      link: panelLink(ctx),
    };
  },
  'owner-payment-pending': (ctx) => {
    const b = ctx.booking;
    const pending = b.onlinePayments.find((p) => p.reference === b.verification?.reference);
    return {
      subject: `Pago en línea pendiente: reserva ${b.code} (${b.name})`,
      paragraphs: [
        `Wompi reporta un pago pendiente${pending ? ` de ${money(pending.amountInCents / 100)}` : ''} (PSE o Nequi esperando al banco). La reserva no vencerá mientras espera: se confirmará sola si Wompi lo aprueba.`,
        stay(b),
      ],
      link: panelLink(ctx),
    };
  },
  'owner-cancelled': (ctx) => {
    const b = ctx.booking;
    return {
      subject: `Reserva cancelada por el huésped: ${b.code} (${b.name})`,
      paragraphs: [
        `${b.name} canceló su reserva. Las fechas quedaron libres.`,
        stay(b),
        `Pagado: ${money(b.paid)}. Reembolso según la política: ${money(b.cancellation?.refund ?? 0)}.`,
        (b.refundOwed ?? 0) > 0
          ? 'Regístralo en el panel cuando lo devuelvas: la reserva queda marcada hasta entonces.'
          : '',
        b.cancellation?.reason ? `Motivo: ${b.cancellation.reason}` : '',
      ],
      link: panelLink(ctx),
    };
  },
};
