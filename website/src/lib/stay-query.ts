import { isIsoDate } from '@cabana/shared/domain/pricing/dates';
import type { Settings } from '@cabana/shared/domain/schemas/settings';
import { defaultStay, type Stay } from './stay';

/*
 * The stay in the plans page's query string, so the language switch and a shared link keep it.
 * Loaded only when a page has a query to read or the visitor changes the stay: never on a plain
 * first visit (the 80 KB budget).
 */

/** The stay as a query string (`?checkin=…&checkout=…&people=…`), empty while it is the default one. */
export function stayQuery(stay: Stay, fallback: Stay): string {
  const q = new URLSearchParams();
  if (isIsoDate(stay.checkIn)) q.set('checkin', stay.checkIn);
  if (isIsoDate(stay.checkOut)) q.set('checkout', stay.checkOut);
  if (q.size > 0 || stay.numPeople !== fallback.numPeople) q.set('people', String(stay.numPeople));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The stay a query string asks for (a shared link, the other language's page), or null; bad values are left out. */
export function stayFromQuery(search: string, s: Pick<Settings, 'minPeople' | 'maxPeople'>): Stay | null {
  const q = new URLSearchParams(search);
  if (!q.has('checkin') && !q.has('checkout') && !q.has('people')) return null;
  const date = (key: string) => {
    const v = q.get(key) ?? '';
    return isIsoDate(v) ? v : '';
  };
  const people = Number(q.get('people'));
  const stay = defaultStay(s);
  const checkIn = date('checkin');
  const checkOut = date('checkout');
  return {
    checkIn,
    checkOut: checkIn && checkOut > checkIn ? checkOut : '',
    numPeople: Number.isInteger(people) && people >= s.minPeople && people <= s.maxPeople ? people : stay.numPeople,
  };
}

/** The group size a query string asks for when it is a whole number outside the owner's limits, else null. */
export function groupOutside(search: string, s: Pick<Settings, 'minPeople' | 'maxPeople'>): number | null {
  const people = Number(new URLSearchParams(search).get('people') ?? '');
  return Number.isInteger(people) && people > 0 && (people < s.minPeople || people > s.maxPeople) ? people : null;
}

/**
 * On the first render, the stay the address asks for, if any; after that (or without one), the
 * address follows the stay, without a new history entry.
 */
export function syncStay(
  read: boolean,
  stay: Stay,
  settings: Pick<Settings, 'minPeople' | 'maxPeople'>,
  setStay: (stay: Stay) => void,
  onGroupOutside: (people: number) => void,
): void {
  const wanted = read ? stayFromQuery(window.location.search, settings) : null;
  // A group the cabin does not take is said, never changed silently (issue 32).
  const asked = read ? groupOutside(window.location.search, settings) : null;
  if (asked !== null) onGroupOutside(asked);
  if (wanted) return setStay(wanted);
  const query = stayQuery(stay, defaultStay(settings));
  const { pathname, search } = window.location;
  if (query !== search) window.history.replaceState(window.history.state, '', pathname + query);
}
