import { balanceDueDate, freeCancellationDate, splitTotal } from '@cabana/shared/domain/pricing/terms';
import { todayAtCabin } from '@cabana/shared/domain/pricing/dates';
import { formatAmount, inCurrency, type Currency } from '@cabana/shared/domain/pricing/pricing';
import type { PricingRules } from '@cabana/shared/domain/pricing/seasons';
import { useI18n } from '../../i18n/i18n';
import { useOnlinePayment, useSettings } from '../../lib/page-data';
import { formatDay, isInstant, type Stay } from '../../lib/stay';
import { partText, quoteStay } from '../../lib/stay-quote';

/**
 * What the guest agrees to pay, and when, right above the send button: the breakdown with the
 * cleaning fee, the deposit and its deadline, the balance and its date, the last free-cancellation
 * day, how payment works and what happens next. The same rules the server freezes in the booking.
 */
export function PayTerms({ stay, rules, currency }: { stay: Stay; rules: PricingRules | null; currency: Currency }) {
  const s = useSettings();
  const online = useOnlinePayment();
  const i18n = useI18n();
  const { t, lang } = i18n;
  const m = i18n.m.plans.pay;
  // Every figure in the shown currency, from converted prices: the rows add up to the total.
  const q = quoteStay(stay, rules, currency, s.copPerUsd);
  const cleaning = inCurrency(s.cleaningFee, currency, s.copPerUsd);
  const money = (n: number) => formatAmount(n, currency, lang);
  const instant = isInstant(s, q.nights);
  const total = q.total === null ? null : q.total + cleaning;
  const split = total === null ? null : splitTotal(total, s.depositPercent);
  const free = q.nights > 0 ? freeCancellationDate(stay.checkIn, s.cancellationPolicy) : '';
  const due = q.nights > 0 ? balanceDueDate(stay.checkIn, s.balanceDueDays) : null;
  return (
    <div className="pay-terms" data-testid="condiciones-pago" aria-live="polite">
      {total !== null && split ? (
        <>
          <dl className="summary__list">
            {q.parts.map((part) => (
              <div key={part.seasonId ?? 'base'}>
                <dt>{partText(part, currency, i18n)}</dt>
                <dd>{money(part.subtotal)}</dd>
              </div>
            ))}
            {s.cleaningFee > 0 ? (
              <div>
                <dt>{m.cleaning}</dt>
                <dd>{money(cleaning)}</dd>
              </div>
            ) : null}
            <div className="summary__total">
              <dt>{m.total}</dt>
              <dd data-testid="total-a-pagar">{money(total)}</dd>
            </div>
          </dl>
          <ul className="pay-terms__list">
            <li data-testid="anticipo">
              {t(instant ? m.depositInstant : m.deposit, {
                deposit: money(split.deposit),
                percent: s.depositPercent,
                hours: s.holdHours,
              })}{' '}
              {due
                ? t(m.balanceBy, { balance: money(split.balance), date: formatDay(due, lang) })
                : t(m.balanceOnArrival, { balance: money(split.balance) })}
            </li>
            <li data-testid="cancelacion-gratis">
              {free >= todayAtCabin() ? t(m.freeUntil, { date: formatDay(free, lang) }) : m.noFree}
            </li>
          </ul>
        </>
      ) : (
        <p className="muted">{m.pickDates}</p>
      )}
      <p data-testid="como-pagar">{online ? m.howOnline : m.how}</p>
      <p data-testid="que-sigue">{instant ? m.nextInstant : t(m.next, { days: s.requestExpiryDays })}</p>
    </div>
  );
}
