import { BUSINESS } from '../config/business';
import { CALENDAR_LIMITS } from '../config/calendar';
import { isCalendarDate } from '../availability/calendar-window';
import type { SeasonRule } from './seasons';

// Apart from seasons.ts: the public pages price stays with those rules and never need these
// checks (nor their messages) in their first load.

export interface SeasonProblem {
  /** Index of the season in the list given. */
  index: number;
  field: 'name' | 'start' | 'end' | 'pricePerPerson' | 'minNights';
  message: string;
}

/** What the season's own fields need, without the seasons' ids. */
export type SeasonDraft = Omit<SeasonRule, 'id'>;

const cop = (n: number) => `$${n.toLocaleString('es-CO')}`;

/** Each problem of a list of seasons, beside the field it belongs to; empty when the list is fine. */
export function seasonProblems(seasons: readonly SeasonDraft[]): SeasonProblem[] {
  const problems: SeasonProblem[] = [];
  const add = (index: number, field: SeasonProblem['field'], message: string) =>
    problems.push({ index, field, message });
  seasons.forEach((s, i) => {
    if (s.name.trim() === '') add(i, 'name', 'Escribe el nombre de la temporada.');
    else if (s.name.trim().length > CALENDAR_LIMITS.seasonNameMax)
      add(i, 'name', `El nombre admite hasta ${CALENDAR_LIMITS.seasonNameMax} caracteres.`);
    const datesOk = isCalendarDate(s.start) && isCalendarDate(s.end);
    if (!isCalendarDate(s.start)) add(i, 'start', 'Elige una fecha de inicio válida.');
    if (!isCalendarDate(s.end)) add(i, 'end', 'Elige una fecha de fin válida.');
    if (datesOk && s.end <= s.start) add(i, 'end', 'La temporada debe terminar después de su inicio.');
    if (
      !Number.isSafeInteger(s.pricePerPerson) ||
      s.pricePerPerson < BUSINESS.priceMin ||
      s.pricePerPerson > BUSINESS.priceMax
    ) {
      add(
        i,
        'pricePerPerson',
        `El precio debe ser un número entero de pesos entre ${cop(BUSINESS.priceMin)} y ${cop(BUSINESS.priceMax)} COP.`,
      );
    }
    if (!Number.isSafeInteger(s.minNights) || s.minNights < 1 || s.minNights > CALENDAR_LIMITS.maxMinNights) {
      add(i, 'minNights', `Las noches mínimas deben ser un número entero entre 1 y ${CALENDAR_LIMITS.maxMinNights}.`);
    }
  });
  // Overlaps, among the seasons whose dates are fine on their own.
  const valid = seasons
    .map((s, index) => ({ s, index }))
    .filter(({ s }) => isCalendarDate(s.start) && isCalendarDate(s.end) && s.start < s.end)
    .sort((a, b) => (a.s.start < b.s.start ? -1 : a.s.start > b.s.start ? 1 : 0));
  // Compared with the one reaching furthest so far, so a long season is checked against every later one.
  let reach: SeasonDraft | undefined;
  for (const { s, index } of valid) {
    if (reach && s.start < reach.end) {
      add(index, 'start', `Se cruza con «${reach.name.trim()}»: las temporadas no pueden solaparse.`);
    }
    if (!reach || s.end > reach.end) reach = s;
  }
  return problems;
}
