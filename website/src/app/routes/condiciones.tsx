import { PolicyRules } from '../../components/booking/policy-rules';
import { HouseRules } from '../../components/booking/house-rules';
import { useI18n } from '../../i18n/i18n';
import { useSettings } from '../../lib/page-data';

/** The terms of a stay: the hospedaje contract, hours, house rules, payment and the cancellation policy. */
export default function CondicionesRoute() {
  const s = useSettings();
  const { m: all, t, p, href } = useI18n();
  const m = all.terms;
  const balance = s.balanceDueDays === null ? m.balanceOnArrival : p(m.balanceBefore, s.balanceDueDays);
  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="page__header">
        <div className="container">
          <h1 className="page__title">{m.title}</h1>
          <p className="page__lead">{t(m.lead, { name: s.name })}</p>
        </div>
      </div>
      <article className="container narrow prose">
        <h2>{m.contractTitle}</h2>
        <p>
          {m.contractBefore}
          <strong>{m.contractStrong}</strong>
          {t(m.contractAfter, { controller: s.legalName, nit: s.nit, name: s.name, rnt: s.rnt })}
        </p>

        <h2>{m.hoursTitle}</h2>
        <ul>
          <li>
            {m.checkIn}
            <strong>{s.checkInTime}</strong>.
          </li>
          <li>
            {m.checkOut}
            <strong>{s.checkOutTime}</strong>.
          </li>
        </ul>

        <h2>{m.priceTitle}</h2>
        <p>
          {t(m.price, { cleaning: s.cleaningFee > 0 ? m.cleaning : '' })}
          <strong>{t(m.depositPercent, { percent: s.depositPercent })}</strong>
          {t(m.priceAfter, { balance })}
        </p>

        <h2>{m.policyTitle}</h2>
        <PolicyRules />

        <h2>{m.rulesTitle}</h2>
        <HouseRules es={s.houseRules} en={s.houseRulesEn} />

        <h2>{m.dataTitle}</h2>
        <p>
          {m.dataBefore}
          <a href={href('privacy')}>{m.dataLink}</a>
          {m.dataAfter}
        </p>
      </article>
    </main>
  );
}
