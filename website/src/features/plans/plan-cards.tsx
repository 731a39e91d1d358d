import { useSettings } from '../../lib/page-data';
import { formatMoney, type Currency } from '@cabana/shared/pricing/pricing';
import { Icon } from '../../components/ui/icon';
import { ICONS } from '../../components/ui/icons';
import type { DataState } from '../../lib/page-data';

const checkIcon = 'M4 12l5 5L20 6';

/** The price per person per night in COP: carried by the page, fetched after a navigation. */
export type PriceState = DataState<number>;

function PriceText({ state, currency }: { state: PriceState; currency: Currency }) {
  const { copPerUsd } = useSettings();
  if (state.status === 'loading') return <span className="muted">Consultando…</span>;
  if (state.status === 'error') return <span className="muted">No disponible</span>;
  return <span data-testid="precio-persona">{formatMoney(state.value, currency, copPerUsd)}</span>;
}

export function PlanCards({ price, currency }: { price: PriceState; currency: Currency }) {
  const { minPeople, maxPeople } = useSettings();
  return (
    <ul className="info-cards">
      <li className="info-card">
        <Icon path={ICONS.users} size={28} className="info-card__icon" />
        <span className="info-card__label">Capacidad total</span>
        {/* What the reservation form accepts: the owner's maximum, at most the building's capacity. */}
        <span className="info-card__value">{maxPeople} personas</span>
      </li>
      <li className="info-card">
        <Icon path={checkIcon} size={28} className="info-card__icon" />
        <span className="info-card__label">Reserva mínima</span>
        <span className="info-card__value">{minPeople} personas por grupo</span>
      </li>
      <li className="info-card info-card--accent">
        <Icon path={ICONS.star} size={28} className="info-card__icon" />
        <span className="info-card__label">Precio por persona</span>
        <span className="info-card__value" aria-live="polite">
          <PriceText state={price} currency={currency} />
          <span className="info-card__unit"> / noche</span>
        </span>
      </li>
    </ul>
  );
}
