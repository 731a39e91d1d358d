import type { DateRange } from '@cabana/shared/availability/ranges';
import { whatsappLink } from '@cabana/shared/config/settings';
import { formatMoney, type Currency } from '@cabana/shared/pricing/pricing';
import { checkStay, type PricingRules } from '@cabana/shared/pricing/seasons';
import { Icon } from '../../components/ui/icon';
import { ICONS } from '../../components/ui/icons';
import { useSettings } from '../../lib/page-data';
import { formatDay, partText, quoteStay, stayWhatsappText, type Stay } from '../../lib/stay';
import type { PriceState } from './plan-cards';

interface Props {
  stay: Stay;
  /** Base price and seasons; null while unknown. */
  rules: PricingRules | null;
  /** Blocked nights, when known: a stay over one is flagged before it is sent. */
  blocked: readonly DateRange[] | null;
  price: PriceState;
  currency: Currency;
}

const nightsText = (n: number) => `${n} ${n === 1 ? 'noche' : 'noches'}`;

/** Live totals for what the visitor is choosing, priced night by night, and the same stay sent over WhatsApp. */
export function StaySummary({ stay, rules, blocked, price, currency }: Props) {
  const settings = useSettings();
  const rate = settings.copPerUsd;
  const q = quoteStay(stay, rules);
  // Same rules as the server's 409 and 400, in the same words, before anything is sent.
  const problems = rules && q.nights > 0 ? checkStay(stay, rules, blocked ?? []).problems : [];
  return (
    <section className="summary card" aria-labelledby="resumen-titulo">
      <h2 id="resumen-titulo" className="summary__title">
        Tu estadía
      </h2>
      <dl className="summary__list" aria-live="polite">
        <div>
          <dt>Personas</dt>
          <dd data-testid="resumen-personas">{stay.numPeople}</dd>
        </div>
        {q.nights === 0 || q.perNight !== null ? (
          <div>
            <dt>Total por noche</dt>
            <dd data-testid="total-noche">
              {q.perNight === null
                ? price.status === 'error'
                  ? 'No disponible'
                  : 'Consultando…'
                : formatMoney(q.perNight, currency, rate)}
            </dd>
          </div>
        ) : null}
        {q.nights > 0 ? (
          <>
            <div>
              <dt>Fechas</dt>
              <dd>
                {formatDay(stay.checkIn)} – {formatDay(stay.checkOut)}
              </dd>
            </div>
            <div>
              <dt>Noches</dt>
              <dd data-testid="noches">{q.nights}</dd>
            </div>
            {q.parts.map((part) => (
              <div key={part.seasonId ?? 'base'} data-testid="tarifa">
                <dt>{partText(part, currency, rate)}</dt>
                <dd>{formatMoney(part.subtotal, currency, rate)}</dd>
              </div>
            ))}
            {q.minNights !== null ? (
              <div>
                <dt>Estadía mínima</dt>
                <dd data-testid="minimo-noches">{nightsText(q.minNights)}</dd>
              </div>
            ) : null}
            <div className="summary__total">
              <dt>Total de la estadía</dt>
              <dd data-testid="total-estadia">{q.total === null ? '—' : formatMoney(q.total, currency, rate)}</dd>
            </div>
          </>
        ) : (
          <div className="summary__hint">
            <dt>Total de la estadía</dt>
            <dd>Elige las fechas de llegada y salida para calcularlo.</dd>
          </div>
        )}
      </dl>
      <div aria-live="polite">
        {problems.length > 0 ? (
          <ul className="summary__problems" data-testid="problemas-estadia">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {currency === 'USD' ? (
        <p className="summary__note">
          Valores en dólares a una tasa de referencia de {formatMoney(rate, 'COP')} por dólar; el pago se acuerda en
          pesos colombianos.
        </p>
      ) : null}
      <a
        className="button button--whatsapp button--block"
        href={whatsappLink(settings, stayWhatsappText(stay, rules, currency, settings))}
        target="_blank"
        rel="noopener"
      >
        <Icon path={ICONS.whatsapp} size={20} /> Consultar por WhatsApp
      </a>
    </section>
  );
}
