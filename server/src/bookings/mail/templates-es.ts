import { PAYMENT_METHOD_LABELS } from '@cabana/shared/domain/schemas/booking';
import { REFUND_WITHIN_BUSINESS_DAYS, refundMethodOf } from '@cabana/shared/domain/bookings/lifecycle';
import { SUSPECT_REASON_TEXT } from '@cabana/shared/domain/schemas/enquiry';
import { mailName } from './mail-name';
import type { MailContext, MailTemplates } from './render';
import { mailParts } from './parts';

/** The Spanish messages of the booking lifecycle: one function per kind. */

const { money, instant, balanceWhen, owed, owedLine, stay, price, howToPay, policy, guest } = mailParts({
  lang: 'es',
  instantZone: ' (hora de Colombia)',
  people: (n) => `${n} ${n === 1 ? 'persona' : 'personas'}`,
  nights: (n) => `${n} ${n === 1 ? 'noche' : 'noches'}`,
  booking: 'Reserva',
  checkIn: (day, time) => `Llegada: ${day}, desde las ${time}`,
  checkOut: (day, time) => `Salida: ${day}, hasta las ${time}`,
  lodging: 'Alojamiento',
  cleaning: 'Limpieza',
  total: 'Total',
  note: 'Nota',
  deposit: 'Anticipo',
  balance: 'Saldo',
  balanceBy: (day) => `a más tardar el ${day}`,
  onArrival: 'a la llegada',
  bankTransfer: 'Transferencia',
  askHowToPay: (phone) => `Escríbenos por WhatsApp al ${phone} y te indicamos cómo pagar.`,
  howToPay: 'Cómo pagar',
  uploadReceipt: 'Sube el comprobante en la página de tu reserva.',
  policy: 'Política de cancelación',
  hello: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
  seeBooking: 'Ver tu reserva',
  balanceDue: (amount, when) => `Saldo pendiente: ${amount}, ${when}.`,
  nothingDue: 'No queda saldo pendiente.',
});
/** How and when a refund comes back, in the guest's words. */
const refundHow = (ctx: MailContext) =>
  `${refundMethodOf(ctx.booking) === 'wompi' ? 'por Wompi, al mismo medio con que pagaste' : 'por transferencia a la cuenta que nos indiques'}, en un plazo de ${REFUND_WITHIN_BUSINESS_DAYS} días hábiles`;
const panelLink = (ctx: MailContext) => ({ href: ctx.panelLink, label: 'Abrir el panel de reservas' });

export const ES_TEMPLATES: MailTemplates = {
  'guest-received': (ctx) =>
    guest(
      ctx,
      `Recibimos tu solicitud de reserva ${ctx.booking.code}`,
      'Recibimos tu solicitud. Las fechas aún no están reservadas: te escribiremos pronto para aceptarla y pedirte el anticipo.',
      stay(ctx.booking),
      price(ctx.booking),
      policy(ctx.booking),
    ),
  'guest-accepted': (ctx) =>
    guest(
      ctx,
      `Reserva aceptada: paga el anticipo antes del ${instant(ctx.booking.depositDueAt!)}`,
      `¡Aceptamos tu reserva! Guardamos las fechas para ti hasta el ${instant(ctx.booking.depositDueAt!)}. Paga el anticipo de ${money(ctx.booking.price.deposit)} antes de esa hora para confirmarla; si no, las fechas quedarán libres.`,
      stay(ctx.booking),
      price(ctx.booking),
      howToPay(ctx.settings),
      policy(ctx.booking),
    ),
  'guest-confirmed': (ctx) =>
    guest(
      ctx,
      `Reserva confirmada ${ctx.booking.code}`,
      `¡Tu reserva está confirmada! Recibimos ${money(ctx.booking.paid)}.`,
      stay(ctx.booking),
      owedLine(ctx.booking),
      howToPay(ctx.settings),
    ),
  'guest-payment': (ctx) =>
    guest(
      ctx,
      `Recibimos tu pago (reserva ${ctx.booking.code})`,
      `Registramos tu pago. Llevas pagado ${money(ctx.booking.paid)} de ${money(ctx.booking.price.total)}.`,
      owedLine(ctx.booking),
    ),
  'guest-hold-reminder': (ctx) =>
    guest(
      ctx,
      `Recordatorio: el anticipo de tu reserva ${ctx.booking.code} vence pronto`,
      `Guardamos tus fechas hasta el ${instant(ctx.booking.depositDueAt!)}. Paga el anticipo de ${money(ctx.booking.price.deposit)} antes de esa hora para confirmar la reserva.`,
      howToPay(ctx.settings),
    ),
  'guest-registration-reminder': (ctx) =>
    guest(
      ctx,
      `Registra a tus huéspedes antes de llegar: reserva ${ctx.booking.code}`,
      `La ley colombiana nos pide registrar a cada huésped ante el Ministerio de Comercio, Industria y Turismo (Tarjeta de Registro de Alojamiento) y, a los extranjeros, ante Migración Colombia. Hazlo en línea en la página de tu reserva y a la llegada no tendrás que dar estos datos.`,
      stay(ctx.booking),
    ),
  'guest-balance-reminder': (ctx) =>
    guest(
      ctx,
      `Recordatorio: saldo de tu reserva ${ctx.booking.code}`,
      `Te recordamos el saldo pendiente de ${money(owed(ctx.booking))}, ${balanceWhen(ctx.booking)}.`,
      stay(ctx.booking),
      howToPay(ctx.settings),
    ),
  'guest-cancelled': (ctx) =>
    guest(
      ctx,
      `Reserva cancelada ${ctx.booking.code}`,
      `Tu reserva quedó cancelada${ctx.booking.cancellation?.by === 'propietario' ? ' por el alojamiento' : ''}. Las fechas quedaron libres.`,
      ctx.booking.cancellation?.reason ? `Motivo: ${ctx.booking.cancellation.reason}` : '',
      (ctx.booking.cancellation?.refund ?? 0) > 0
        ? `Te devolveremos ${money(ctx.booking.cancellation!.refund)} ${refundHow(ctx)}.`
        : 'No hay importe que devolver.',
      'No tienes nada más que pagar por esta reserva.',
    ),
  'guest-receipt-rejected': (ctx) =>
    guest(
      ctx,
      `Revisamos tu comprobante (reserva ${ctx.booking.code})`,
      `No pudimos dar por recibido el pago de tu comprobante. Motivo: ${String(ctx.booking.history.at(-1)?.event?.data?.reason ?? '')}`,
      ctx.booking.state === 'aceptada' && ctx.booking.depositDueAt
        ? `Seguimos guardando tus fechas hasta el ${instant(ctx.booking.depositDueAt)}. Paga el anticipo de ${money(ctx.booking.price.deposit)} o sube otro comprobante antes de esa hora.`
        : 'Escríbenos si necesitas ayuda con el pago.',
      howToPay(ctx.settings),
    ),
  'guest-payment-refund': (ctx) =>
    guest(
      ctx,
      `Recibimos tu pago, pero tu reserva ${ctx.booking.code} ya había vencido`,
      `Registramos tu pago de ${money(ctx.booking.payments.at(-1)?.amount ?? 0)}, pero el plazo de la reserva había terminado y sus noches ya no están libres.`,
      `Te devolveremos ${money(ctx.booking.refundOwed ?? 0)} ${refundHow(ctx)}.`,
    ),
  'guest-refunded': (ctx) =>
    guest(
      ctx,
      `Te devolvimos dinero (reserva ${ctx.booking.code})`,
      `Registramos la devolución de ${money(ctx.booking.refunds.at(-1)?.amount ?? 0)} (${ctx.booking.refunds.at(-1)?.date ?? ''}).`,
      (ctx.booking.refundOwed ?? 0) > 0 ? `Aún te debemos ${money(ctx.booking.refundOwed!)}.` : '',
    ),
  'guest-declined': (ctx) =>
    guest(
      ctx,
      `No podemos aceptar tu solicitud ${ctx.booking.code}`,
      'Lo sentimos: no podemos aceptar tu solicitud de reserva.',
      ctx.booking.declineReason ? `Motivo: ${ctx.booking.declineReason}` : '',
      `Si quieres buscar otras fechas, escríbenos por WhatsApp al ${ctx.settings.phone}.`,
    ),
  'guest-expired': (ctx) =>
    guest(
      ctx,
      `Tu reserva ${ctx.booking.code} venció`,
      'El plazo para pagar el anticipo terminó sin que lo recibiéramos, así que las fechas quedaron libres.',
      `Si aún quieres venir, haz una nueva solicitud o escríbenos por WhatsApp al ${ctx.settings.phone}.`,
    ),
  'guest-request-expired': (ctx) =>
    guest(
      ctx,
      `Tu solicitud ${ctx.booking.code} venció`,
      'Lo sentimos: no alcanzamos a responder tu solicitud de reserva a tiempo, así que la cerramos. No se te cobró nada.',
      `Si aún quieres venir, haz una nueva solicitud o escríbenos por WhatsApp al ${ctx.settings.phone}.`,
    ),
  'owner-new-request': (ctx) => {
    const b = ctx.booking;
    return {
      subject: `Nueva solicitud ${b.code}: ${b.name}, ${b.checkIn} a ${b.checkOut}`,
      paragraphs: [
        b.state === 'aceptada'
          ? `Reserva instantánea: las fechas quedaron guardadas hasta el ${instant(b.depositDueAt!)}.`
          : 'Nueva solicitud de reserva: acéptala o recházala desde el panel.',
        b.suspect
          ? `Posible spam: ${SUSPECT_REASON_TEXT[b.suspect]} El huésped no recibió ningún correo; si la aceptas, le escribimos.`
          : '',
        stay(b),
        price(b),
        `Huésped: ${b.name}\nCorreo: ${b.email}\nTeléfono: ${b.phone}`,
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
    const due = b.onlinePayments.filter((p) => p.refundDue);
    const last = due.at(-1);
    return {
      subject: `Pago en línea por devolver: reserva ${b.code} (${b.name})`,
      paragraphs: [
        last
          ? `Wompi aprobó un pago de ${money(last.amountInCents / 100)} (transacción ${last.transactionId ?? 'sin id'}) para una reserva que ya no lo puede recibir (estado: ${b.state}).`
          : 'Wompi aprobó un pago para una reserva que ya no lo puede recibir.',
        'La reserva no se confirmó: sus noches ya estaban ocupadas o la reserva terminó. Devuelve el dinero desde el panel de Wompi (Transacciones) y regístralo en el panel de reservas como reembolso.',
        stay(b),
        `Huésped: ${b.name}\nCorreo: ${b.email}\nTeléfono: ${b.phone}`,
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
