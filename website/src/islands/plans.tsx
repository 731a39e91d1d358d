import { useEffect, useRef, useState } from 'react';
import { DEFAULT_CURRENCY, type Currency } from '@cabana/shared/domain/pricing/pricing';
import type { PricingRules } from '@cabana/shared/domain/pricing/seasons';
import { useI18n } from '../i18n/i18n';
import { ReservationForm } from '../features/enquiry/reservation-form';
import { AvailabilityCalendar } from '../features/plans/availability-calendar';
import { CurrencyToggle } from '../features/plans/currency-toggle';
import { PlanCards } from '../features/plans/plan-cards';
import { StaySummary } from '../features/plans/stay-summary';
import { PayTerms, isInstant } from '../features/plans/pay-terms';
import { GroupOutside } from '../features/plans/group-outside';
import { usePageData, useSettings } from '../lib/page-data';
import { defaultStay, stayNights, type Stay } from '../lib/stay';

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
  // The stay lives in the query string too (`?checkin=…&checkout=…&people=…`), so the language
  // switch and a shared link keep it. Read after hydration: the server's page is the same for every query.
  const first = useRef(true);
  useEffect(() => {
    const read = first.current;
    first.current = false;
    if (!read || window.location.search)
      void import('../lib/stay-query').then((q) => q.syncStay(read, stay, settings, setStay, setGroupOutside));
  }, [stay, settings]);
  // The seasons carry the base price too.
  const rules: PricingRules | null = seasons.status === 'ready' ? seasons.value : null;
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
        <ReservationForm
          rules={rules}
          stay={stay}
          onStayChange={setStay}
          terms={(values) => <PayTerms stay={values} rules={rules} currency={currency} />}
          submitLabel={(values) =>
            isInstant(settings, stayNights(values)) ? all.plans.formSubmitInstant : all.plans.formSubmit
          }
        />
        <StaySummary stay={stay} rules={rules} blocked={facts?.blocked ?? null} price={price} currency={currency} />
      </div>
    </div>
  );
}
