import { useI18n } from '../../i18n/i18n';
import type { DateRange } from '@cabana/shared/domain/availability/ranges';
import { whatsappLink } from '@cabana/shared/domain/config/settings';
import { formatAmount, formatMoney, type Currency } from '@cabana/shared/domain/pricing/pricing';
import { isStayFree } from '@cabana/shared/domain/availability/ranges';
import type { PricingRules } from '@cabana/shared/domain/pricing/seasons';
import { Icon } from '../../components/ui/icon';
import { ICONS } from '../../components/ui/icons';
import { useSettings } from '../../lib/page-data';
import { formatDay, type Stay } from '../../lib/stay';
import { partText, quoteStay, stayWhatsappText } from '../../lib/stay-quote';
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

/** Live totals for what the visitor is choosing, priced night by night, and the same stay sent over WhatsApp. */
export function StaySummary({ stay, rules, blocked, price, currency }: Props) {
  const settings = useSettings();
  const i18n = useI18n();
  const { lang, t, p } = i18n;
  const m = i18n.m.plans;
  const rate = settings.copPerUsd;
  const money = (n: number) => formatAmount(n, currency, lang);
  const q = quoteStay(stay, rules, currency, rate);
  // Same rules as the server's 409 and 400 (in the page's language), before anything is sent.
  const problems: string[] = [];
  if (rules && q.nights > 0) {
    if (!isStayFree(stay, blocked ?? [])) problems.push(m.unavailable);
    if (q.minNights !== null && q.nights < q.minNights) problems.push(p(m.tooShort, q.minNights));
  }
  return (
    <section className="summary card" aria-labelledby="resumen-titulo">
      <h2 id="resumen-titulo" className="summary__title">
        {m.summaryTitle}
      </h2>
      <dl className="summary__list" aria-live="polite">
        <div>
          <dt>{m.summaryPeople}</dt>
          <dd data-testid="resumen-personas">{stay.numPeople}</dd>
        </div>
        {q.nights === 0 || q.perNight !== null ? (
          <div>
            <dt>{m.summaryPerNight}</dt>
            <dd data-testid="total-noche">
              {q.perNight === null
                ? price.status === 'error'
                  ? i18n.m.common.unavailable
                  : i18n.m.common.checking
                : money(q.perNight)}
            </dd>
          </div>
        ) : null}
        {q.nights > 0 ? (
          <>
            <div>
              <dt>{m.summaryDates}</dt>
              <dd>
                {formatDay(stay.checkIn, lang)} – {formatDay(stay.checkOut, lang)}
              </dd>
            </div>
            <div>
              <dt>{m.summaryNights}</dt>
              <dd data-testid="noches">{q.nights}</dd>
            </div>
            {q.parts.map((part) => (
              <div key={part.seasonId ?? 'base'} data-testid="tarifa">
                <dt>{partText(part, currency, i18n)}</dt>
                <dd>{money(part.subtotal)}</dd>
              </div>
            ))}
            {q.minNights !== null ? (
              <div>
                <dt>{m.summaryMinimum}</dt>
                <dd data-testid="minimo-noches">{p(m.nights, q.minNights)}</dd>
              </div>
            ) : null}
            <div className="summary__total">
              <dt>{m.summaryTotal}</dt>
              <dd data-testid="total-estadia">{q.total === null ? '—' : money(q.total)}</dd>
            </div>
          </>
        ) : (
          <div className="summary__hint">
            <dt>{m.summaryTotal}</dt>
            <dd>{m.summaryHint}</dd>
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
        <p className="summary__note">{t(m.usdNote, { rate: formatMoney(rate, 'COP', undefined, lang) })}</p>
      ) : null}
      <a
        className="button button--whatsapp button--block"
        href={whatsappLink(settings, stayWhatsappText(stay, rules, currency, settings, i18n))}
        target="_blank"
        rel="noopener"
      >
        <Icon path={ICONS.whatsapp} size={20} /> {m.whatsapp}
      </a>
    </section>
  );
}
