import { useState } from 'react';
import type { Currency } from '@cabana/shared/pricing/pricing';
import type { PricingRules } from '@cabana/shared/pricing/seasons';
import { ReservationForm } from '../../features/enquiry/reservation-form';
import { AvailabilityCalendar } from '../../features/plans/availability-calendar';
import { CurrencyToggle } from '../../features/plans/currency-toggle';
import { PlanCards } from '../../features/plans/plan-cards';
import { StaySummary } from '../../features/plans/stay-summary';
import { usePageData, useSettings } from '../../lib/page-data';
import { defaultStay, type Stay } from '../../lib/stay';

export default function PlanesRoute() {
  const price = usePageData('price');
  const seasons = usePageData('seasons');
  const availability = usePageData('availability');
  const [currency, setCurrency] = useState<Currency>('COP');
  const settings = useSettings();
  const [stay, setStay] = useState<Stay>(() => defaultStay(settings));
  // The seasons carry the base price too.
  const rules: PricingRules | null = seasons.status === 'ready' ? seasons.value : null;
  const facts =
    availability.status === 'ready'
      ? { today: availability.value.from, to: availability.value.to, blocked: availability.value.blocked }
      : null;

  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="page__header">
        <div className="container">
          <h1 className="page__title">Planes y reservas</h1>
          <p className="page__lead">
            Un solo plan, pensado para grupos: la cabaña completa para {settings.minPeople} a {settings.maxPeople}{' '}
            personas. Pagas por persona y por noche.
          </p>
        </div>
      </div>
      <div className="container">
        <PlanCards price={price} currency={currency} />
        <CurrencyToggle value={currency} onChange={setCurrency} />
        <section className="availability card" aria-labelledby="disponibilidad-titulo">
          <h2 id="disponibilidad-titulo" className="availability__title">
            Fechas disponibles
          </h2>
          {facts ? (
            <AvailabilityCalendar
              facts={facts}
              picking={stay}
              onPick={(picked) => setStay((s) => ({ ...s, ...picked }))}
            />
          ) : (
            <p className="muted">{availability.status === 'error' ? 'No disponible' : 'Consultando…'}</p>
          )}
        </section>
        <div className="plans-layout">
          <ReservationForm rules={rules} stay={stay} onStayChange={setStay} />
          <StaySummary stay={stay} rules={rules} blocked={facts?.blocked ?? null} price={price} currency={currency} />
        </div>
      </div>
    </main>
  );
}
