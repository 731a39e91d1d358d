import type { Lang } from '../i18n/lang';
import { dateFormat } from '../i18n/lang';
import { BUSINESS } from '../config/business';
import { formatMoney } from '../pricing/pricing';
import type { HistoryEvent, HistoryKind } from '../schemas/booking';

/**
 * A booking's history in the reader's words (issue 29): each typed event (kind and data) is
 * written here in Spanish and in English, so the English guest page and e-mails show no Spanish.
 * The owner's free text (a reason, a note) is never part of these words.
 */
type Data = NonNullable<HistoryEvent['data']>;
type Words = Record<HistoryKind, (d: Data, f: Format) => string>;

interface Format {
  money: (n: unknown) => string;
  instant: (iso: unknown) => string;
}

const ES: Words = {
  requested: () => 'Solicitud enviada',
  accepted: (d, f) =>
    d.until ? `Reserva aceptada: fechas guardadas hasta el ${f.instant(d.until)}` : 'Reserva aceptada',
  declined: () => 'Solicitud rechazada',
  'hold-extended': (d, f) => `Plazo del anticipo extendido hasta el ${f.instant(d.until)}`,
  'receipt-uploaded': () => 'Comprobante recibido: en verificación',
  'receipt-rejected': (d, f) =>
    d.until ? `Comprobante rechazado; nuevo plazo hasta el ${f.instant(d.until)}` : 'Comprobante rechazado',
  'gateway-pending': (d, f) => `Pago en línea de ${f.money(d.amount)} pendiente en Wompi: en verificación`,
  'payment-recorded': (d, f) => `Pago de ${f.money(d.amount)} registrado`,
  confirmed: () => 'Reserva confirmada',
  lapsed: () => 'El plazo del anticipo terminó: reserva vencida',
  reopened: (d, f) => `Reserva reabierta: fechas guardadas hasta el ${f.instant(d.until)}`,
  cancelled: (d, f) =>
    Number(d.refund) > 0 ? `Reserva cancelada; reembolso de ${f.money(d.refund)}` : 'Reserva cancelada',
  completed: () => 'Estadía completada',
  'refund-owed': (d, f) => `Reembolso pendiente de ${f.money(d.amount)}`,
  'refund-recorded': (d, f) => `Reembolso de ${f.money(d.amount)} hecho`,
  'terms-frozen': () => 'Condiciones de la reserva guardadas (las vigentes al actualizar el sistema)',
};

const EN: Words = {
  requested: () => 'Request sent',
  accepted: (d, f) => (d.until ? `Booking accepted: dates held until ${f.instant(d.until)}` : 'Booking accepted'),
  declined: () => 'Request declined',
  'hold-extended': (d, f) => `Deposit deadline extended until ${f.instant(d.until)}`,
  'receipt-uploaded': () => 'Receipt received: being checked',
  'receipt-rejected': (d, f) =>
    d.until ? `Receipt not accepted; new deadline ${f.instant(d.until)}` : 'Receipt not accepted',
  'gateway-pending': (d, f) => `Online payment of ${f.money(d.amount)} pending at Wompi: being checked`,
  'payment-recorded': (d, f) => `Payment of ${f.money(d.amount)} recorded`,
  confirmed: () => 'Booking confirmed',
  lapsed: () => 'The deposit deadline passed: booking expired',
  reopened: (d, f) => `Booking reopened: dates held until ${f.instant(d.until)}`,
  cancelled: (d, f) =>
    Number(d.refund) > 0 ? `Booking cancelled; refund of ${f.money(d.refund)}` : 'Booking cancelled',
  completed: () => 'Stay completed',
  'refund-owed': (d, f) => `Refund of ${f.money(d.amount)} due`,
  'refund-recorded': (d, f) => `Refund of ${f.money(d.amount)} made`,
  'terms-frozen': () => 'Booking terms stored (those in force when the system was updated)',
};

const WORDS: Record<Lang, Words> = { es: ES, en: EN };
const ZONE: Record<Lang, string> = { es: ' (hora de Colombia)', en: ' (Colombia time)' };
const INSTANT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: BUSINESS.timeZone };

/**
 * One history event in `lang`. Its instants in the guest's words ("1/12/2026, 1:11 a. m. (hora de
 * Colombia)"), or through `instant` when given: the owner's panel passes its one time formatter.
 */
export function historyText(
  event: Pick<HistoryEvent, 'kind'> & Partial<Pick<HistoryEvent, 'data'>>,
  lang: Lang,
  instant?: (iso: string) => string,
): string {
  const format: Format = {
    money: (n) => formatMoney(Number(n) || 0, 'COP', undefined, lang),
    instant: instant
      ? (iso) => instant(String(iso))
      : (iso) => `${dateFormat(lang, INSTANT).format(new Date(String(iso)))}${ZONE[lang]}`,
  };
  return WORDS[lang][event.kind](event.data ?? {}, format);
}
