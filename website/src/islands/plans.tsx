import {
  Suspense,
  lazy,
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import { DEFAULT_CURRENCY, type Currency } from '@cabana/shared/domain/pricing/pricing';
import type { PricingRules } from '@cabana/shared/domain/pricing/seasons';
import { useI18n } from '../i18n/i18n';
import { AvailabilityCalendar } from '../features/plans/availability-calendar';
import { CurrencyToggle } from '../features/plans/currency-toggle';
import { PlanCards } from '../features/plans/plan-cards';
import { GroupOutside } from '../features/plans/group-outside';
import type { PlansFormLive } from './plans-form';
import { deferredPart } from '../components/ui/deferred-part';
import { holdLaterTaps } from './hydrate';
import { nextInteraction } from '../lib/first-interaction';
import { liveValue, type Live } from '../lib/live-value';
import { usePageData, useSettings } from '../lib/page-data';
import { defaultStay, type Stay } from '../lib/stay';

/*
 * What the visitor's first interaction does not need loads with it (issue 31: /planes keeps room
 * in its first-load budget). The summary only shows what the stay computes: a deferred part. The
 * booking form is the server's form until then (its fields work without code); its code hydrates
 * it and takes in what was typed before (use-enquiry-form.ts), and a tap on its button meanwhile
 * is held and replayed (FormSlot).
 */
const loadSummary = () => import('../features/plans/stay-summary');
const StaySummary = deferredPart(
  'resumen-estadia',
  () => loadSummary().then((s) => s.StaySummary),
  import.meta.env.SSR ? (await loadSummary()).StaySummary : null,
);

type FormProps = { live: Live<PlansFormLive>; onStayChange: (stay: Partial<Stay>) => void; onReady: () => void };
const loadForm = () => import('./plans-form');
const serverForm: ComponentType<FormProps> | null = import.meta.env.SSR ? (await loadForm()).default : null;

/** The form's code, once the visitor interacts with the page or the stay changes; never failing (an error waits for the next interaction). */
async function formLater(live: Live<PlansFormLive>): Promise<{ default: ComponentType<FormProps> }> {
  // Rendered in the browser without the server's form (the dev server): at once.
  let waiting = document.querySelector('[data-later] form') ? nextInteraction(live.changed) : Promise.resolve();
  for (;;) {
    await waiting;
    try {
      return await loadForm();
    } catch (err) {
      console.warn('No se pudo cargar el formulario:', err);
      waiting = nextInteraction();
    }
  }
}

/**
 * Where the form goes. Its props never change (memo), so React leaves the server's form as it is
 * until the code is here; the live values reach the form through `live`. Until the form took in
 * what the visitor did (`onReady`), a tap on its button or a submit is held, then replayed.
 */
const FormSlot = memo(function FormSlot({
  Form,
  live,
  onStayChange,
}: {
  Form: ComponentType<FormProps>;
  live: Live<PlansFormLive>;
  onStayChange: (stay: Partial<Stay>) => void;
}) {
  const region = useRef<HTMLDivElement>(null);
  const taps = useRef<ReturnType<typeof holdLaterTaps> | 'ready'>(null);
  useEffect(() => {
    if (taps.current === 'ready' || !region.current) return;
    const held = holdLaterTaps(region.current);
    taps.current = held;
    return () => held?.giveUp();
  }, []);
  const onReady = useCallback(() => {
    const held = taps.current;
    taps.current = 'ready';
    if (held && held !== 'ready' && region.current) held.hydrated(region.current);
  }, []);
  return (
    <div ref={region} className="deferred-part" data-later="">
      <Suspense fallback={null}>
        <Form live={live} onStayChange={onStayChange} onReady={onReady} />
      </Suspense>
    </div>
  );
});

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
  const [groupOutside, setGroupOutside] = useState<number | null>(null);
  // The seasons carry the base price too.
  const rules: PricingRules | null = seasons.status === 'ready' ? seasons.value : null;
  const [live] = useState(() => liveValue<PlansFormLive>({ stay, rules, currency }));
  const [Form] = useState(() => serverForm ?? lazy(() => formLater(live)));
  useLayoutEffect(() => live.set({ stay, rules, currency }), [live, stay, rules, currency]);
  // The form's own changes reach `live` at once, in the same render as the form's values (else the
  // form would see its new values with the old stay for one render, and set them back). What it
  // changes goes over the current stay: a form hydrating late changes only what was chosen in it.
  const formStayChange = useCallback(
    (patch: Partial<Stay>) => {
      const next = { ...live.get().stay, ...patch };
      live.set({ ...live.get(), stay: next });
      setStay(next);
    },
    [live],
  );
  // The stay lives in the query string too (`?checkin=…&checkout=…&people=…`), so the language
  // switch and a shared link keep it. Read after hydration: the server's page is the same for every query.
  const first = useRef(true);
  useEffect(() => {
    const read = first.current;
    first.current = false;
    if (!read || window.location.search)
      void import('../lib/stay-query').then((q) => q.syncStay(read, stay, settings, setStay, setGroupOutside));
  }, [stay, settings]);
  const facts =
    availability.status === 'ready'
      ? { today: availability.value.from, to: availability.value.to, blocked: availability.value.blocked, rules }
      : null;

  return (
    <div className="container">
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
      {groupOutside === null ? null : <GroupOutside people={groupOutside} />}
      <div className="plans-layout">
        <FormSlot Form={Form} live={live} onStayChange={formStayChange} />
        <StaySummary stay={stay} rules={rules} blocked={facts?.blocked ?? null} price={price} currency={currency} />
      </div>
    </div>
  );
}
