import ICAL from 'ical.js';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import type { SourcedEntry } from './entries';

/** The only SUMMARY an exported event carries: channels learn that nights are taken, never by whom or why. */
export const EXPORT_SUMMARY = 'No disponible';

// ical.js folds after `foldLength` octets and then adds the leading space, so its continuation
// lines come out one octet over RFC 5545's 75; one less keeps every line within it.
ICAL.foldLength = 74;

/** The right side of every UID we write: the site's host name. */
export const UID_DOMAIN = new URL(BUSINESS.siteUrl).hostname;

/**
 * Our calendar as iCal (RFC 5545), built with ical.js's component API so escaping, DATE values
 * and line folding (75 octets, CRLF) come from the same library that reads the channels' feeds.
 * Entries that ended before `today` are left out.
 */
export function buildIcs(entries: readonly SourcedEntry[], today: string): string {
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.updatePropertyWithValue('prodid', `-//${BUSINESS.name}//Calendario de disponibilidad//ES`);
  cal.updatePropertyWithValue('version', '2.0');
  cal.updatePropertyWithValue('calscale', 'GREGORIAN');
  cal.updatePropertyWithValue('method', 'PUBLISH');
  cal.updatePropertyWithValue('x-wr-calname', BUSINESS.name);
  for (const e of entries) {
    if (e.end <= today) continue;
    const ev = new ICAL.Component('vevent');
    ev.updatePropertyWithValue('uid', `${e.kind}-${e.id}@${UID_DOMAIN}`);
    ev.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(e.stampedAt), true));
    ev.updatePropertyWithValue('dtstart', ICAL.Time.fromDateString(e.start));
    ev.updatePropertyWithValue('dtend', ICAL.Time.fromDateString(e.end));
    ev.updatePropertyWithValue('summary', EXPORT_SUMMARY);
    ev.updatePropertyWithValue('transp', 'OPAQUE');
    cal.addSubcomponent(ev);
  }
  return icsText(cal);
}

/** A calendar as iCal text: ical.js ends the last line without a line break; RFC 5545 wants CRLF after every line. */
export const icsText = (cal: ICAL.Component): string => `${cal.toString()}\r\n`;
