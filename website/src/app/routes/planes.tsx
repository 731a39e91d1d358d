import { useState } from 'react';
import type { Currency } from '@cabana/shared/pricing/pricing';
import { ReservationForm } from '../../features/enquiry/reservation-form';
import { CurrencyToggle } from '../../features/plans/currency-toggle';
import { PlanCards } from '../../features/plans/plan-cards';
import { StaySummary } from '../../features/plans/stay-summary';
import { usePageData, useSettings } from '../../lib/page-data';
import { defaultStay, type Stay } from '../../lib/stay';

export default function PlanesRoute() {
  const price = usePageData('price');
  const [currency, setCurrency] = useState<Currency>('COP');
  const settings = useSettings();
  const [stay, setStay] = useState<Stay>(() => defaultStay(settings));

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
        <div className="plans-layout">
          <ReservationForm price={price.status === 'ready' ? price.value : null} onStayChange={setStay} />
          <StaySummary stay={stay} price={price} currency={currency} />
        </div>
      </div>
    </main>
  );
}
