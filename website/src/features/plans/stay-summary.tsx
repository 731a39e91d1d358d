import { whatsappLink } from '@cabana/shared/config/settings';
import { formatMoney, type Currency } from '@cabana/shared/pricing/pricing';
import { Icon } from '../../components/ui/icon';
import { ICONS } from '../../components/ui/icons';
import { useSettings } from '../../lib/page-data';
import { formatDay, quoteStay, stayWhatsappText, type Stay } from '../../lib/stay';
import type { PriceState } from './plan-cards';

interface Props {
  stay: Stay;
  price: PriceState;
  currency: Currency;
}

/** Live totals for what the visitor is choosing, and the same stay sent over WhatsApp. */
export function StaySummary({ stay, price, currency }: Props) {
  const settings = useSettings();
  const rate = settings.copPerUsd;
  const p = price.status === 'ready' ? price.value : null;
  const q = quoteStay(stay, p);
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
      {currency === 'USD' ? (
        <p className="summary__note">
          Valores en dólares a una tasa de referencia de {formatMoney(rate, 'COP')} por dólar; el pago se acuerda en
          pesos colombianos.
        </p>
      ) : null}
      <a
        className="button button--whatsapp button--block"
        href={whatsappLink(settings, stayWhatsappText(stay, p, currency, rate))}
        target="_blank"
        rel="noopener"
      >
        <Icon path={ICONS.whatsapp} size={20} /> Consultar por WhatsApp
      </a>
    </section>
  );
}
