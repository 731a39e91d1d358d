import { DIVIPOLA_CITIES, SIRE_COUNTRY_CODES, SIRE_DOCUMENT_CODES } from '@cabana/shared/domain/config/sire-countries';
import { addDays } from '@cabana/shared/domain/pricing/dates';
import type { Booking } from '@cabana/shared/domain/schemas/booking';
import type { GuestIdentity } from '@cabana/shared/domain/schemas/registration';
import type { SireMonth, SireProblem, SireUpload } from '@cabana/shared/domain/schemas/sire';
import type { Settings } from '@cabana/shared/domain/schemas/settings';

/**
 * The SIRE file (issue 34; facts in docs COLOMBIA.md): Migración Colombia takes, through its
 * portal, a tab-separated text file with one line per movement of a foreign guest: entry `E` on
 * the arrival date, exit `S` on the departure date. 13 columns, CRLF, no header:
 *  1 hotel code (Ajustes: sireHotelCode)     2 city code (Ajustes: sireCityCode, DIVIPOLA)
 *  3 document type (SIRE's code)             4 document number
 *  5 nationality (SIRE's country code)       6 first surname   7 second surname (or blank)
 *  8 names                                   9 movement E/S   10 its date dd/mm/yyyy
 * 11 place of origin (code)                 12 place of destination (code)
 * 13 birth date dd/mm/yyyy
 * Colombians (nationality CO) are never in it, whatever their document. A movement whose codes
 * are not known (nationality, document, places) is left out of the file and listed as a problem
 * for the owner: never a guessed code.
 */

type SireMovementKind = 'E' | 'S';

/** Stays whose guests are reported: a confirmed or finished booking with its party registered (not yet purged). */
const REPORTED_STATES = new Set<Booking['state']>(['confirmada', 'completada']);

const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** A column's text: no tab or line break can split the line; names in capitals, as SIRE's examples. */
const cell = (text: string) => text.replace(/[\t\r\n]+/g, ' ').trim();
const upper = (text: string) => cell(text).toLocaleUpperCase('es-CO');

/** A typed city name as DIVIPOLA_CITIES keys it: no accents, capitals, single spaces. */
const placeKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A place's SIRE code: the owner's code first, else a city the table knows; undefined: the owner must code it. */
function placeCode(code: string | undefined, city: string | undefined): string | undefined {
  if (code) return code;
  return city ? DIVIPOLA_CITIES[placeKey(city)] : undefined;
}

/** First surname and the rest: SIRE asks them apart; the guest typed them in one field. */
function surnames(lastNames: string): [string, string] {
  const [first = '', ...rest] = cell(lastNames).split(/\s+/);
  return [first, rest.join(' ')];
}

interface Movement {
  booking: Booking;
  guest: GuestIdentity;
  index: number;
  kind: SireMovementKind;
  date: string;
}

/** Every movement of a foreign guest dated from `desde` to `hasta` (both included), in date order. */
function movements(bookings: readonly Booking[], desde: string, hasta: string): Movement[] {
  const found: Movement[] = [];
  for (const booking of bookings) {
    if (!REPORTED_STATES.has(booking.state) || !booking.registration) continue;
    booking.registration.guests.forEach((guest, index) => {
      if (guest.nationality === 'CO') return;
      for (const [kind, date] of [
        ['E', booking.checkIn],
        ['S', booking.checkOut],
      ] as const) {
        if (date >= desde && date <= hasta) found.push({ booking, guest, index, kind, date });
      }
    });
  }
  return found.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.kind.localeCompare(b.kind) ||
      a.booking.code.localeCompare(b.booking.code) ||
      a.index - b.index,
  );
}

/** One movement's 13 columns, or the Spanish reason it cannot be written. */
function line(m: Movement, settings: Pick<Settings, 'sireHotelCode' | 'sireCityCode'>): string[] | string {
  const g = m.guest;
  const nationality = SIRE_COUNTRY_CODES[g.nationality];
  if (nationality === undefined) {
    return `la nacionalidad ${g.nationality} no tiene código SIRE conocido: elige el país en el portal del SIRE al reportarlo a mano`;
  }
  const documentType = SIRE_DOCUMENT_CODES[g.documentType];
  if (documentType === undefined) {
    return `el SIRE no recibe el tipo de documento ${g.documentType} de un extranjero (solo pasaporte, cédula de extranjería, carné diplomático o documento extranjero): corrígelo en el registro`;
  }
  const origin = placeCode(g.originCode, g.originCity);
  if (origin === undefined) {
    return `falta el código SIRE del lugar de procedencia («${g.originCity}»): escríbelo en el registro de la reserva`;
  }
  const destination = placeCode(g.destinationCode, g.destinationCity);
  if (destination === undefined) {
    return g.destinationCity
      ? `falta el código SIRE del lugar de destino («${g.destinationCity}»): escríbelo en el registro de la reserva`
      : 'falta el lugar de destino: escríbelo en el registro de la reserva';
  }
  const [firstSurname, secondSurname] = surnames(g.lastNames);
  return [
    settings.sireHotelCode,
    settings.sireCityCode,
    String(documentType),
    cell(g.documentNumber),
    String(nationality),
    upper(firstSurname),
    upper(secondSurname),
    upper(g.firstNames),
    m.kind,
    ddmmyyyy(m.date),
    origin,
    destination,
    ddmmyyyy(g.birthDate),
  ];
}

export interface SireFile {
  /** The file: each line's columns joined by tabs, every line ended by CRLF. */
  text: string;
  /** Lines written. */
  movements: number;
  /** Of those, dated `today` or before (already happened). */
  due: number;
  problems: SireProblem[];
}

/** The SIRE file of the movements from `desde` to `hasta`, and what it had to leave out. */
export function sireFile(
  bookings: readonly Booking[],
  settings: Pick<Settings, 'sireHotelCode' | 'sireCityCode'>,
  desde: string,
  hasta: string,
  today: string,
): SireFile {
  let text = '';
  let written = 0;
  let due = 0;
  const problems: SireProblem[] = [];
  for (const m of movements(bookings, desde, hasta)) {
    const columns = line(m, settings);
    if (typeof columns === 'string') {
      problems.push({
        bookingId: m.booking.id,
        code: m.booking.code,
        guest: `${m.guest.firstNames} ${m.guest.lastNames}`,
        movement: m.kind,
        date: m.date,
        text: columns,
      });
      continue;
    }
    text += `${columns.join('\t')}\r\n`;
    written++;
    if (m.date <= today) due++;
  }
  return { text, movements: written, due, problems };
}

/** Whether the file can be made: both of the lodging's SIRE codes are set in Ajustes. */
export const sireConfigured = (s: Pick<Settings, 'sireHotelCode' | 'sireCityCode'>): boolean =>
  s.sireHotelCode !== '' && s.sireCityCode !== '';

/** The first and last day of a month `YYYY-MM`. */
export function monthRange(month: string): { desde: string; hasta: string } {
  const desde = `${month}-01`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { desde, hasta: addDays(next, -1) };
}

/** The month `delta` months from `YYYY-MM`. */
function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The name of a SIRE file: `sire-<hotel code>-<desde>-<hasta>.txt`. */
export const sireFileName = (hotelCode: string, desde: string, hasta: string) =>
  `sire-${hotelCode || 'sin-codigo'}-${desde}-${hasta}.txt`;

/**
 * The panel's months (newest first): from 12 months back to next month, those with movements of
 * foreign guests, problems, or an upload mark.
 */
export function sireMonths(
  bookings: readonly Booking[],
  settings: Pick<Settings, 'sireHotelCode' | 'sireCityCode'>,
  uploads: readonly SireUpload[],
  today: string,
): SireMonth[] {
  const current = today.slice(0, 7);
  const months: SireMonth[] = [];
  for (let delta = 1; delta >= -12; delta--) {
    const month = shiftMonth(current, delta);
    const { desde, hasta } = monthRange(month);
    const file = sireFile(bookings, settings, desde, hasta, today);
    const upload = uploads.find((u) => u.month === month);
    if (file.movements === 0 && file.problems.length === 0 && !upload) continue;
    months.push({
      month,
      desde,
      hasta,
      movements: file.movements,
      due: file.due,
      problems: file.problems,
      uploadedAt: upload?.at ?? null,
      uploadedMovements: upload?.movements ?? null,
      fileName: sireFileName(settings.sireHotelCode, desde, hasta),
      text: file.text,
    });
  }
  return months;
}

/**
 * What "Qué hacer hoy" reminds of: months with movements already happened (or problems) that are
 * not marked as uploaded, or that gained movements since they were.
 */
export function sirePending(month: SireMonth, today: string): boolean {
  const waiting = month.due > 0 && (month.uploadedMovements === null || month.movements > month.uploadedMovements);
  const pastProblems = month.problems.some((p) => p.date <= today);
  return waiting || (pastProblems && month.uploadedAt === null);
}
