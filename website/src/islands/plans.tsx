import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_CURRENCY, type Currency } from '@cabana/shared/domain/pricing/pricing';
import type { PricingRules } from '@cabana/shared/domain/pricing/seasons';
import { useI18n } from '../i18n/i18n';
import { AvailabilityCalendar } from '../features/plans/availability-calendar';
import { CurrencyToggle } from '../features/plans/currency-toggle';
import { PlanCards } from '../features/plans/plan-cards';
import { StaySummary } from '../features/plans/stay-summary';
import { usePageData, useSettings } from '../lib/page-data';
import { defaultStay, type Stay } from '../lib/stay';

type FormModule = typeof import('../features/enquiry/reservation-form');

// The server build renders the form at once; in the browser build this is plain `null`.
const serverForm: FormModule | null = import.meta.env.SSR ? await import('../features/enquiry/reservation-form') : null;

/** Resolved on the visitor's first sign of intent on the island (or a stay from the address). */
let wantForm: () => void = () => undefined;
const formWanted = new Promise<void>((resolve) => (wantForm = resolve));
const loadForm = () => formWanted.then(() => import('../features/enquiry/reservation-form'));

/**
 * The booking form's code (its fields, checks and sending: about 3.5 KB gzip) is not part of
 * the first load: until the visitor points at, touches or focuses the island, the form stays
 * the server's markup (a Suspense boundary React leaves dehydrated), and React replays a click
 * that reaches it before its code. /planes keeps its 4 KB of room (issue 31).
 */
const ReservationForm =
  serverForm?.ReservationForm ?? lazy(() => loadForm().then((m) => ({ default: m.ReservationForm })));

/** /planes' island: the prices, the currency, the calendar, the booking form and the summary share the stay. */
export default function PlansIsland() {
  const price = usePageData('price');
  const seasons = usePageData('seasons');
  const availability = usePageData('availability');
  const { m: all, lang } = useI18n();
  // Pesos on the Spanish page, dollars on the English one; the toggle switches either way.
  const [currency, setCurrency] = useState<Currency>(DEFAULT_CURRENCY[lang]);
  const settings = useSettings();
  const [stay, setStay] = useState<Stay>(() => defaultStay(settings));
  // The seasons carry the base price too.
  const rules: PricingRules | null = seasons.status === 'ready' ? seasons.value : null;
  const facts =
    availability.status === 'ready'
      ? { today: availability.value.from, to: availability.value.to, blocked: availability.value.blocked }
      : null;

  // The stay lives in the query string too (`?checkin=…&checkout=…&people=…`), so the language
  // switch and a shared link keep it. Read after hydration: the server's page is the same for every query.
  const first = useRef(true);
  useEffect(() => {
    const read = first.current;
    first.current = false;
    if (read && window.location.search) wantForm();
    // The form shows the stay: it is hydrated before a stay from the address changes it.
    if (!read || window.location.search)
      void Promise.all([import('../lib/stay-query'), read ? loadForm() : null]).then(([q]) =>
        q.syncStay(read, stay, settings, setStay),
      );
  }, [stay, settings]);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const events = ['pointerover', 'touchstart', 'focusin'] as const;
    const want = () => {
      wantForm();
      for (const e of events) el.removeEventListener(e, want);
    };
    for (const e of events) el.addEventListener(e, want, { passive: true });
    return want;
  }, []);
  // Only a new stay or new prices reach the form: any other render (the currency) leaves its
  // boundary as it is, dehydrated until its code is wanted.
  const form = useMemo(
    () => (
      <Suspense fallback={null}>
        <ReservationForm rules={rules} stay={stay} onStayChange={setStay} />
      </Suspense>
    ),
    [rules, stay],
  );
  return (
    <div className="container" ref={box}>
      <PlanCards price={price} currency={currency} />
      <CurrencyToggle value={currency} onChange={setCurrency} />
      <section className="availability card" aria-labelledby="disponibilidad-titulo">
        <h2 id="disponibilidad-titulo" className="availability__title">
          {all.plans.datesTitle}
        </h2>
        {facts ? (
          <AvailabilityCalendar
            facts={facts}
            picking={stay}
            onPick={(picked) => setStay((s) => ({ ...s, ...picked }))}
          />
        ) : (
          <p className="muted">{availability.status === 'error' ? all.common.unavailable : all.common.checking}</p>
        )}
      </section>
      <div className="plans-layout">
        {form}
        <StaySummary stay={stay} rules={rules} blocked={facts?.blocked ?? null} price={price} currency={currency} />
      </div>
    </div>
  );
}
