import { DayPicker, type Modifiers } from 'react-day-picker';
import { isNightBlocked } from '@cabana/shared/domain/availability/ranges';
import { enUS, es } from 'react-day-picker/locale';
import { dateFormat, type Lang } from '@cabana/shared/domain/i18n/lang';
import { useI18n, type I18n } from '../../i18n/i18n';
import { addDays, nightsBetween } from '@cabana/shared/domain/pricing/dates';
import { formatDay } from '../../lib/stay';
import { dateOfIso, isoOfDate } from './calendar-dates';
import {
  choosingCheckOut,
  dayIsDisabled,
  lastCheckOut,
  minimumBroken,
  pickDay,
  type CalendarFacts,
  type Picking,
} from './stay-picking';

/** A click, key or focus on the server's markup while this module loaded. */
export interface Pending {
  type: string;
  key?: string;
  target: EventTarget | null;
}

/** The same control in the picker's own markup: a day by its date, or a month button by its class. */
function sameControl(box: HTMLElement, old: EventTarget | null): HTMLElement | null {
  if (!(old instanceof Element)) return null;
  const day = old.closest('[data-day]')?.getAttribute('data-day');
  if (day) return box.querySelector(`[data-day="${day}"] button`);
  const nav = old.closest('.rdp-nav button');
  return nav ? box.querySelector(`.${nav.classList[0]}`) : null;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * What the visitor did on the server's markup, done again through the picker's own handlers,
 * one at a time, each after the last one's render. Keys act where the focus is by then (earlier
 * keys moved it); Enter and Space click there, as on a button; a click hits the control it aimed
 * at. Last, the focus goes back to where it was, unless the replay moved it.
 */
export async function replay(box: HTMLElement, pending: readonly Pending[]) {
  for (const p of pending) {
    const target = sameControl(box, p.target);
    const focused = box.contains(document.activeElement) ? (document.activeElement as HTMLElement) : target;
    if (p.type === 'focus') {
      if (!box.contains(document.activeElement)) target?.focus();
    } else if (p.type === 'click' || p.key === 'Enter' || p.key === ' ') {
      (p.type === 'click' ? target : focused)?.click();
    } else {
      if (focused && focused !== document.activeElement) {
        // The picker learns which day has the focus from its focus event: let that render first.
        focused.focus();
        await nextTask();
      }
      focused?.dispatchEvent(new KeyboardEvent('keydown', { key: p.key, bubbles: true, cancelable: true }));
    }
    await nextTask();
  }
}

export interface AvailabilityPickerProps {
  facts: CalendarFacts;
  picking: Picking;
  onPick: (next: Picking) => void;
}

const LOCALES: Record<Lang, typeof es> = { es, en: enUS };

/** "sábado, 5 de diciembre de 2026, ocupado": what a screen reader says on each day. */
function dayLabel(i: I18n, date: Date, modifiers: Modifiers, picking: Picking, facts: CalendarFacts): string {
  const c = i.m.plans.calendar;
  // The picker's dates are local midnights: formatted in the local zone they are the right day.
  const day = dateFormat(i.lang, { dateStyle: 'full' }).format(date);
  let label = modifiers.today ? i.t(c.today, { day }) : day;
  if (modifiers.ocupado) label = i.t(c.busy, { day: label });
  if (modifiers.selected) label = i.t(c.chosen, { day: label });
  // Why a day cannot be picked: it has passed, or leaving then breaks the minimum stay.
  const iso = isoOfDate(date);
  const min = minimumBroken(iso, picking, facts);
  if (iso < facts.today) label = i.t(c.past, { day: label });
  else if (min !== null) label = i.t(c.tooShort, { day: label, nights: i.p(i.m.plans.nights, min) });
  return label;
}

/** What to do next, read out by the footer's live region. */
function guidance(i: I18n, picking: Picking, facts: CalendarFacts): string {
  const c = i.m.plans.calendar;
  const day = (iso: string) => formatDay(iso, i.lang);
  if (picking.checkIn === '') return c.pickCheckIn;
  if (choosingCheckOut(picking)) {
    const text = i.t(c.pickCheckOut, {
      checkIn: day(picking.checkIn),
      last: day(lastCheckOut(picking.checkIn, facts)),
    });
    const min = minimumBroken(addDays(picking.checkIn, 1), picking, facts);
    return min === null ? text : `${text} ${i.t(c.minimum, { nights: i.p(i.m.plans.nights, min) })}`;
  }
  const nights = i.p(i.m.plans.nights, nightsBetween(picking.checkIn, picking.checkOut));
  return i.t(c.picked, { checkIn: day(picking.checkIn), checkOut: day(picking.checkOut), nights });
}

/**
 * The availability calendar: react-day-picker (an ARIA grid with its keyboard model) in
 * Spanish, two months at a time over the window the server sent. The server renders it into
 * the page; the browser loads this module only when the visitor starts using the calendar.
 */
export function AvailabilityPicker({ facts, picking, onPick }: AvailabilityPickerProps) {
  const i18n = useI18n();
  const selected =
    picking.checkIn === ''
      ? undefined
      : { from: dateOfIso(picking.checkIn), to: choosingCheckOut(picking) ? undefined : dateOfIso(picking.checkOut) };
  return (
    <DayPicker
      mode="range"
      locale={LOCALES[i18n.lang]}
      numberOfMonths={2}
      today={dateOfIso(facts.today)}
      defaultMonth={selected?.from ?? dateOfIso(facts.today)}
      startMonth={dateOfIso(facts.today)}
      endMonth={dateOfIso(addDays(facts.to, -1))}
      selected={selected}
      // Our own rules decide, not the picker's range logic: see stay-picking.ts.
      onSelect={(_range, day) => onPick(pickDay(isoOfDate(day), picking, facts))}
      disabled={(date) => dayIsDisabled(isoOfDate(date), picking, facts)}
      modifiers={{ ocupado: (date) => isNightBlocked(isoOfDate(date), facts.blocked) }}
      modifiersClassNames={{ ocupado: 'rdp-ocupado' }}
      labels={{ labelDayButton: (date, modifiers) => dayLabel(i18n, date, modifiers, picking, facts) }}
      footer={guidance(i18n, picking, facts)}
    />
  );
}
