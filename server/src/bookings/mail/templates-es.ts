import { PAYMENT_METHOD_LABELS } from '@cabana/shared/domain/schemas/booking';
import { SUSPECT_REASON_TEXT } from '@cabana/shared/domain/schemas/enquiry';
import { mailName } from './mail-name';
import type { MailContext, MailTemplates } from './render';
import { mailParts } from './parts';

/** The Spanish messages of the booking lifecycle: one function per kind. */

const { money, instant, balanceWhen, owed, owedLine, stay, price, howToPay, policy, guest } = mailParts({
  lang: 'es',
  instantZone: '',
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
        ? `Te devolveremos ${money(ctx.booking.cancellation!.refund)}. Te escribiremos para coordinar la devolución.`
        : 'No hay importe que devolver.',
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
        `${b.name} subió un comprobante de pago${receipt ? ` (${mailName(receipt.name)})` : ''}. Revísalo y registra el pago en el panel.`,
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
  'owner-cancelled': (ctx) => {
    const b = ctx.booking;
    return {
      subject: `Reserva cancelada por el huésped: ${b.code} (${b.name})`,
      paragraphs: [
        `${b.name} canceló su reserva. Las fechas quedaron libres.`,
        stay(b),
        `Pagado: ${money(b.paid)}. Reembolso según la política: ${money(b.cancellation?.refund ?? 0)}.`,
        b.cancellation?.reason ? `Motivo: ${b.cancellation.reason}` : '',
      ],
      link: panelLink(ctx),
    };
  },
};
