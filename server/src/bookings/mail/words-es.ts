import type { GuestMailWords } from './guest-words';

/** The Spanish words of the booking e-mails: every guest kind, and the blocks the owner's messages use too. */
export const ES_MAIL_WORDS: GuestMailWords = {
  parts: {
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
    messageFrom: (host) => `Mensaje de ${host}`,
    address: 'Dirección',
    map: 'Mapa',
    fromTolu: 'Cómo llegar desde Tolú',
    fromCovenas: 'Cómo llegar desde Coveñas',
    checkInSteps: (time) => `La llegada (desde las ${time})`,
    checkOutSteps: (time) => `La salida (hasta las ${time})`,
    houseRules: 'Normas de la casa',
    host: (name, phone) => `Tu anfitrión: ${name}, ${phone}`,
    calendarFile: 'Adjuntamos tu estadía como archivo de calendario (.ics): ábrelo para añadirla a tu calendario.',
    arrivalInstructions: 'Instrucciones de llegada',
  },
  refundHow: (online, days) =>
    `${online ? 'por Wompi, al mismo medio con que pagaste' : 'por transferencia a la cuenta que nos indiques'}, en un plazo de ${days} días hábiles`,
  willRefund: (amount, how) => `Te devolveremos ${amount} ${how}.`,
  reason: (reason) => `Motivo: ${reason}`,
  askAgain: (phone) => `Si aún quieres venir, haz una nueva solicitud o escríbenos por WhatsApp al ${phone}.`,
  'guest-received': {
    subject: (code) => `Recibimos tu solicitud de reserva ${code}`,
    body: 'Recibimos tu solicitud. Las fechas aún no están reservadas: te escribiremos pronto para aceptarla y pedirte el anticipo.',
  },
  'guest-accepted': {
    subject: (due) => `Reserva aceptada: paga el anticipo antes del ${due}`,
    body: (due, deposit) =>
      `¡Aceptamos tu reserva! Guardamos las fechas para ti hasta el ${due}. Paga el anticipo de ${deposit} antes de esa hora para confirmarla; si no, las fechas quedarán libres.`,
    payOnline: (link) => `Paga el anticipo en línea, con tarjeta, PSE o Nequi: ${link}`,
  },
  'guest-confirmed': {
    subject: (code) => `Reserva confirmada ${code}`,
    body: (paid) => `¡Tu reserva está confirmada! Recibimos ${paid}.`,
    itinerary: 'Tu itinerario:',
  },
  'guest-payment': {
    subject: (code) => `Recibimos tu pago (reserva ${code})`,
    body: (paid, total) => `Registramos tu pago. Llevas pagado ${paid} de ${total}.`,
  },
  'guest-hold-reminder': {
    subject: (code) => `Recordatorio: el anticipo de tu reserva ${code} vence pronto`,
    body: (due, deposit) =>
      `Guardamos tus fechas hasta el ${due}. Paga el anticipo de ${deposit} antes de esa hora para confirmar la reserva.`,
  },
  'guest-registration-reminder': {
    subject: (code) => `Registra a tus huéspedes antes de llegar: reserva ${code}`,
    body: 'La ley colombiana nos pide registrar a cada huésped ante el Ministerio de Comercio, Industria y Turismo (Tarjeta de Registro de Alojamiento) y, a los extranjeros, ante Migración Colombia. Hazlo en línea en la página de tu reserva y a la llegada no tendrás que dar estos datos.',
  },
  'guest-balance-reminder': {
    subject: (code) => `Recordatorio: saldo de tu reserva ${code}`,
    body: (owed, when) => `Te recordamos el saldo pendiente de ${owed}, ${when}.`,
  },
  'guest-cancelled': {
    subject: (code) => `Reserva cancelada ${code}`,
    body: (byHost) => `Tu reserva quedó cancelada${byHost ? ' por el alojamiento' : ''}. Las fechas quedaron libres.`,
    noRefund: 'No hay importe que devolver.',
    nothingMore: 'No tienes nada más que pagar por esta reserva.',
  },
  'guest-receipt-rejected': {
    subject: (code) => `Revisamos tu comprobante (reserva ${code})`,
    body: (reason) => `No pudimos dar por recibido el pago de tu comprobante. Motivo: ${reason}`,
    stillHeld: (due, deposit) =>
      `Seguimos guardando tus fechas hasta el ${due}. Paga el anticipo de ${deposit} o sube otro comprobante antes de esa hora.`,
    help: 'Escríbenos si necesitas ayuda con el pago.',
  },
  'guest-payment-refund': {
    subject: (code) => `Recibimos tu pago, pero tu reserva ${code} ya había vencido`,
    body: (amount) =>
      `Registramos tu pago de ${amount}, pero el plazo de la reserva había terminado y sus noches ya no están libres.`,
  },
  'guest-refunded': {
    subject: (code) => `Te devolvimos dinero (reserva ${code})`,
    body: (amount, date) => `Registramos la devolución de ${amount} (${date}).`,
    stillOwed: (amount) => `Aún te debemos ${amount}.`,
  },
  'guest-declined': {
    subject: (code) => `No podemos aceptar tu solicitud ${code}`,
    body: 'Lo sentimos: no podemos aceptar tu solicitud de reserva.',
    otherDates: (phone) => `Si quieres buscar otras fechas, escríbenos por WhatsApp al ${phone}.`,
  },
  'guest-expired': {
    subject: (code) => `Tu reserva ${code} venció`,
    body: 'El plazo para pagar el anticipo terminó sin que lo recibiéramos, así que las fechas quedaron libres.',
  },
  'guest-link': {
    subject: (code) => `El enlace de tu reserva ${code}`,
    body: 'Pediste de nuevo el enlace de tu reserva. Ábrelo abajo para ver su estado, pagar o cancelar. Si no lo pediste tú, ignora este correo: nadie más lo recibió.',
  },
  'guest-request-expired': {
    subject: (code) => `Tu solicitud ${code} venció`,
    body: 'Lo sentimos: no alcanzamos a responder tu solicitud de reserva a tiempo, así que la cerramos. No se te cobró nada.',
  },
  'guest-pre-arrival': {
    subject: (code) => `Tu llegada se acerca: instrucciones (reserva ${code})`,
    body: (day, time) =>
      `¡Ya casi! Te esperamos el ${day}, desde las ${time}. Aquí tienes lo que necesitas para llegar y entrar.`,
  },
  'guest-checkout-reminder': {
    subject: (code) => `Mañana es tu salida (reserva ${code})`,
    body: (day, time) => `Te recordamos que tu salida es mañana, ${day}, hasta las ${time}.`,
    thanks: '¡Gracias por tu visita! Esperamos verte de nuevo.',
  },
  'guest-review-invite': {
    subject: '¿Cómo estuvo tu estadía? Cuéntanos',
    body: (until) =>
      `Gracias por quedarte con nosotros. ¿Nos cuentas cómo te fue? Tu opinión ayuda a otros viajeros a decidir y a nosotros a mejorar. El enlace es solo tuyo y sirve para una opinión hasta el ${until}.`,
    button: 'Escribir mi opinión',
  },
  'guest-review-reminder': {
    subject: 'Recordatorio: cuéntanos cómo estuvo tu estadía',
    body: (until) =>
      `Hace una semana te pedimos tu opinión sobre tu estadía. Si tienes un momento, nos ayuda mucho. El enlace sirve hasta el ${until}. Este es el único recordatorio.`,
    button: 'Escribir mi opinión',
  },
};
