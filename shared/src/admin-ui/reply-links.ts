import { DEFAULT_SETTINGS } from '../domain/config/settings';
import type { Settings } from '../domain/schemas/settings';

/** Who signs the replies: the owner's current settings (the defaults until they are loaded). */
type Sender = Pick<Settings, 'name' | 'phone' | 'email'>;
import { nightsBetween } from '../domain/pricing/dates';
import { formatReceivedAt, formatStayDate } from '../domain/lib/owner-dates';
import type { Enquiry } from '../domain/schemas/enquiry';

/**
 * Digits for a wa.me link, country code first. Visitors usually type a Colombian number
 * without +57, which WhatsApp would otherwise read as another country's.
 */
export function whatsappDigits(phone: string): string | null {
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    // Already international.
  } else if (digits.startsWith('00')) {
    digits = digits.slice(2);
  } else if (digits.length === 10 && /^[36]/.test(digits)) {
    // Colombian mobiles start with 3, landlines with 60; both have 10 digits.
    digits = `57${digits}`;
  }
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

/** One line per enquiry fact, shared by the inbox, the quoted e-mail and WhatsApp. */
export function enquirySummary(e: Enquiry): string {
  if (e.type === 'contacto') return 'Mensaje de contacto';
  const nights = nightsBetween(e.checkIn, e.checkOut);
  const nightsText = nights > 0 ? ` (${nights} ${nights === 1 ? 'noche' : 'noches'})` : '';
  return `Reserva del ${formatStayDate(e.checkIn)} al ${formatStayDate(e.checkOut)}${nightsText}, ${e.numPeople} personas`;
}

function quote(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

/** mailto: link that answers the visitor with their enquiry quoted below. */
export function mailtoReplyUrl(e: Enquiry, sender: Sender = DEFAULT_SETTINGS): string {
  const subject =
    e.type === 'reserva'
      ? `Re: Tu reserva en ${sender.name} (${formatStayDate(e.checkIn)} – ${formatStayDate(e.checkOut)})`
      : `Re: Tu mensaje a ${sender.name}`;
  const facts: string[] = [enquirySummary(e)];
  if (e.type === 'reserva') facts.push(`Teléfono: ${e.phone}`);
  if (e.message.trim()) facts.push('', e.message);
  const body = [
    `Hola ${e.name}:`,
    '',
    '',
    '',
    sender.name,
    `${sender.phone} · ${sender.email}`,
    '',
    `El ${formatReceivedAt(e.createdAt)}, ${e.name} <${e.email}> escribió:`,
    quote(facts.join('\n')),
  ].join('\n');
  // The address stays readable; everything after it is encoded so visitor text cannot add headers.
  const to = encodeURIComponent(e.email).replace(/%40/g, '@');
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** wa.me link to the phone the visitor gave, or null when there is none usable. */
export function whatsappReplyUrl(e: Enquiry, sender: Sender = DEFAULT_SETTINGS): string | null {
  if (e.type !== 'reserva') return null;
  const digits = whatsappDigits(e.phone);
  if (!digits) return null;
  const text = `Hola ${e.name}, te escribimos de ${sender.name} por tu consulta: ${enquirySummary(e)}.`;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

/** What a booking reply needs to know of the booking. */
type BookingForReply = { code: string; name: string; email: string; phone: string; lang: 'es' | 'en' };

/** The subject of a reply about a booking, in the guest's language, with its code. */
export function bookingReplySubject(b: BookingForReply, sender: Sender = DEFAULT_SETTINGS): string {
  return b.lang === 'en' ? `Your booking ${b.code} at ${sender.name}` : `Tu reserva ${b.code} en ${sender.name}`;
}

/** A `mailto:` reply to a booking's guest: the booking's subject, a greeting in their language. */
export function bookingMailtoUrl(b: BookingForReply, sender: Sender = DEFAULT_SETTINGS): string {
  const body = [b.lang === 'en' ? `Hello ${b.name},` : `Hola ${b.name}:`, '', '', sender.name].join('\n');
  const to = encodeURIComponent(b.email).replace(/%40/g, '@');
  return `mailto:${to}?subject=${encodeURIComponent(bookingReplySubject(b, sender))}&body=${encodeURIComponent(body)}`;
}

/** A wa.me link to the guest's phone with a prepared text naming the booking, or null. */
export function bookingWhatsappUrl(b: BookingForReply, sender: Sender = DEFAULT_SETTINGS): string | null {
  const digits = whatsappDigits(b.phone);
  if (!digits) return null;
  const text =
    b.lang === 'en'
      ? `Hello ${b.name}, this is ${sender.name} about your booking ${b.code}.`
      : `Hola ${b.name}, te escribimos de ${sender.name} por tu reserva ${b.code}.`;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
