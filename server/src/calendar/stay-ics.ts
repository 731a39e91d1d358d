import ICAL from 'ical.js';
import { cabinInstant } from '@cabana/shared/domain/pricing/booking';
import { ownerText, stayTexts } from '@cabana/shared/domain/bookings/stay-texts';
import type { Booking } from '@cabana/shared/domain/schemas/booking';
import type { Settings } from '@cabana/shared/domain/schemas/settings';
import { icsText, UID_DOMAIN } from './ical-export';

/** The event's words in the booking's language. */
const WORDS = {
  es: {
    summary: (name: string, code: string) => `Estadía en ${name} (reserva ${code})`,
    host: (name: string, phone: string) => `Anfitrión: ${name}, ${phone}`,
    map: 'Mapa',
    booking: 'Tu reserva',
  },
  en: {
    summary: (name: string, code: string) => `Stay at ${name} (booking ${code})`,
    host: (name: string, phone: string) => `Host: ${name}, ${phone}`,
    map: 'Map',
    booking: 'Your booking',
  },
} as const;

/**
 * A confirmed stay as an iCal file (RFC 5545, issue 32): one event from check-in to check-out at
 * the cabin's hours (written in UTC, so no time-zone block is needed: America/Bogota has no
 * daylight saving), with the address, the host and the private link. The UID is the booking's
 * own, so a calendar that imports the file twice (the e-mail's and the page's) keeps one event.
 * ical.js escapes the text and folds the lines (ical-export.ts sets the fold length).
 */
export function stayIcs(booking: Booking, settings: Settings, guestLink: string): string {
  const w = WORDS[booking.lang];
  const t = stayTexts(settings);
  const utc = (ms: number) => ICAL.Time.fromJSDate(new Date(ms), true);
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.updatePropertyWithValue('prodid', `-//${settings.name}//Reserva//${booking.lang.toUpperCase()}`);
  cal.updatePropertyWithValue('version', '2.0');
  cal.updatePropertyWithValue('calscale', 'GREGORIAN');
  cal.updatePropertyWithValue('method', 'PUBLISH');
  const ev = new ICAL.Component('vevent');
  ev.updatePropertyWithValue('uid', `reserva-${booking.id}@${UID_DOMAIN}`);
  ev.updatePropertyWithValue('dtstamp', utc(Date.parse(booking.updatedAt)));
  ev.updatePropertyWithValue('dtstart', utc(cabinInstant(booking.checkIn, booking.checkInTime)));
  ev.updatePropertyWithValue('dtend', utc(cabinInstant(booking.checkOut, booking.checkOutTime)));
  ev.updatePropertyWithValue('summary', w.summary(settings.name, booking.code));
  ev.updatePropertyWithValue('location', ownerText(t.address, booking.lang).text);
  // The page's address without its secret: a calendar is often shared or synced elsewhere, and the
  // link opens the guests' identity data (issue 34). Opened without it, the page offers to send the
  // link again by e-mail.
  const page = guestLink.split('?')[0]!;
  ev.updatePropertyWithValue(
    'description',
    [w.host(t.hostName, t.phone), `${w.map}: ${t.mapUrl}`, `${w.booking}: ${page}`].join('\n'),
  );
  ev.updatePropertyWithValue('url', page);
  ev.updatePropertyWithValue('transp', 'OPAQUE');
  cal.addSubcomponent(ev);
  return icsText(cal);
}
