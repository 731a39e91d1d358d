import { DayPicker, type Modifiers } from 'react-day-picker';
import { isNightBlocked } from '@cabana/shared/domain/availability/ranges';
import { enUS, es } from 'react-day-picker/locale';
import { dateFormat, type Lang } from '@cabana/shared/domain/i18n/lang';
import { useI18n, type I18n } from '../../i18n/i18n';
import { addDays, nightsBetween } from '@cabana/shared/domain/pricing/dates';
import { formatDay } from '../../lib/stay';
import { useSettings } from '../../lib/page-data';
import { formatMoney } from '@cabana/shared/domain/pricing/pricing';
import { seasonOfNight, type SeasonRule } from '@cabana/shared/domain/pricing/seasons';
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

/** Seasons are marked in the grid with one of this many marks, in turn (`rdp-t0`…), matched in the legend. */
const MARKS = [0, 1, 2] as const;

/** The seasons with nights in the calendar's window, in date order. */
const seasonsInView = (facts: CalendarFacts): SeasonRule[] =>
  [...(facts.rules?.seasons ?? [])]
    .filter((s) => s.end > facts.today && s.start < facts.to)
    .sort((a, b) => (a.start < b.start ? -1 : 1));

/**
 * A price per person per night as the calendar shows it: pesos on Spanish pages; on English ones
 * dollars, with the pesos (what is paid) beside them.
 */
function nightPrice(i: I18n, cop: number, copPerUsd: number): string {
  return i.lang === 'es'
    ? formatMoney(cop, 'COP')
    : `${formatMoney(cop, 'USD', copPerUsd, 'en')} (${formatMoney(cop, 'COP', undefined, 'en')})`;
}

/**
 * The prices under the calendar's heading (issue 32): the base rate and each season in view with
 * its dates, price per person per night and minimum stay; the grid marks each season's nights
 * with the mark shown beside it. Part of the picker, so the server renders it into the page and
 * the first visit loads no code for it.
 */
function PriceLegend({ facts, seasons }: { facts: CalendarFacts; seasons: SeasonRule[] }) {
  const i = useI18n();
  const { copPerUsd } = useSettings();
  const rules = facts.rules;
  if (!rules) return null;
  const c = i.m.plans.calendar;
  const short = (iso: string) =>
    dateFormat(i.lang, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const minimum = (n: number) => (n > 1 ? ` · ${i.t(c.legendMinimum, { nights: i.p(i.m.plans.nights, n) })}` : '');
  return (
    <div className="calendar__prices" data-testid="precios-calendario">
      <p className="calendar__prices-title">{c.legendTitle}</p>
      <ul>
        <li>
          <span className="calendar__mark" aria-hidden="true" />
          {i.m.plans.baseSeason}: <strong>{nightPrice(i, rules.base.pricePerPerson, copPerUsd)}</strong>
          {minimum(rules.base.minNights)}
        </li>
        {seasons.map((s, n) => (
          <li key={s.id}>
            <span className={`calendar__mark rdp-t${n % MARKS.length}`} aria-hidden="true" />
            {/* Season names are the owner's, in Spanish. */}
            <span lang={i.lang === 'es' ? undefined : 'es'}>{s.name}</span> ({short(s.start)} –{' '}
            {short(addDays(s.end, -1))}
            ): <strong>{nightPrice(i, s.pricePerPerson, copPerUsd)}</strong>
            {minimum(s.minNights)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "sábado, 5 de diciembre de 2026, ocupado": what a screen reader says on each day. */
function dayLabel(
  i: I18n,
  date: Date,
  modifiers: Modifiers,
  picking: Picking,
  facts: CalendarFacts,
  rate: number,
): string {
  const c = i.m.plans.calendar;
  // The picker's dates are local midnights: formatted in the local zone they are the right day.
  const day = dateFormat(i.lang, { dateStyle: 'full' }).format(date);
  let label = modifiers.today ? i.t(c.today, { day }) : day;
  const rules = facts.rules;
  if (rules) {
    const night = seasonOfNight(isoOfDate(date), rules.seasons)?.pricePerPerson ?? rules.base.pricePerPerson;
    label = i.t(c.dayPrice, { day: label, price: nightPrice(i, night, rate) });
  }
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
  const { copPerUsd } = useSettings();
  const seasons = seasonsInView(facts);
  const mark = (n: number) => (date: Date) => {
    const k = seasons.findIndex((s) => s === seasonOfNight(isoOfDate(date), seasons));
    return k >= 0 && k % MARKS.length === n;
  };
  const selected =
    picking.checkIn === ''
      ? undefined
      : { from: dateOfIso(picking.checkIn), to: choosingCheckOut(picking) ? undefined : dateOfIso(picking.checkOut) };
  return (
    <>
      <PriceLegend facts={facts} seasons={seasons} />
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
        modifiers={{
          ocupado: (date) => isNightBlocked(isoOfDate(date), facts.blocked),
          t0: mark(0),
          t1: mark(1),
          t2: mark(2),
        }}
        modifiersClassNames={{ ocupado: 'rdp-ocupado', t0: 'rdp-t0', t1: 'rdp-t1', t2: 'rdp-t2' }}
        labels={{ labelDayButton: (date, modifiers) => dayLabel(i18n, date, modifiers, picking, facts, copPerUsd) }}
        footer={guidance(i18n, picking, facts)}
      />
    </>
  );
}
