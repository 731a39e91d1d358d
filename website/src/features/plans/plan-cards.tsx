import { useI18n } from '../../i18n/i18n';
import { useSettings } from '../../lib/page-data';
import { formatMoney, type Currency } from '@cabana/shared/domain/pricing/pricing';
import { Icon } from '../../components/ui/icon';
import { ICONS } from '../../components/ui/icons';
import { ServerMarkup } from '../../components/ui/server-markup';
import type { DataState } from '../../lib/page-data';

const CHECK_ICON = 'M4 12l5 5L20 6';

/** The price per person per night in COP: carried by the page, fetched after a navigation. */
export type PriceState = DataState<number>;

function PriceText({ state, currency }: { state: PriceState; currency: Currency }) {
  const { copPerUsd } = useSettings();
  const { m, lang } = useI18n();
  if (state.status === 'loading') return <span className="muted">{m.common.checking}</span>;
  if (state.status === 'error') return <span className="muted">{m.common.unavailable}</span>;
  return <span data-testid="precio-persona">{formatMoney(state.value, currency, copPerUsd, lang)}</span>;
}

export function PlanCards({ price, currency }: { price: PriceState; currency: Currency }) {
  const { minPeople, maxPeople } = useSettings();
  const { m: all, t, p } = useI18n();
  const m = all.plans;
  return (
    <ul className="info-cards">
      {/* The group sizes never change on the page: the server's markup stays (ServerMarkup). */}
      <ServerMarkup id="plan-capacidad" as="li" className="info-card">
        {import.meta.env.SSR || import.meta.env.DEV ? (
          <>
            <Icon path={ICONS.users} size={28} className="info-card__icon" />
            <span className="info-card__label">{m.capacity}</span>
            {/* What the reservation form accepts: the owner's maximum, at most the building's capacity. */}
            <span className="info-card__value">{p(m.people, maxPeople)}</span>
          </>
        ) : null}
      </ServerMarkup>
      <ServerMarkup id="plan-minimo" as="li" className="info-card">
        {import.meta.env.SSR || import.meta.env.DEV ? (
          <>
            <Icon path={CHECK_ICON} size={28} className="info-card__icon" />
            <span className="info-card__label">{m.minimum}</span>
            <span className="info-card__value">{t(m.minimumValue, { n: minPeople })}</span>
          </>
        ) : null}
      </ServerMarkup>
      <li className="info-card info-card--accent">
        <Icon path={ICONS.star} size={28} className="info-card__icon" />
        <span className="info-card__label">{m.pricePerPerson}</span>
        <span className="info-card__value" aria-live="polite">
          <PriceText state={price} currency={currency} />
          <span className="info-card__unit">{m.perNight}</span>
        </span>
      </li>
    </ul>
  );
}
