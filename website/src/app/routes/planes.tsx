import { useI18n } from '../../i18n/i18n';
import { Island } from '../../islands/island';
import PlansIsland from '../../islands/plans';
import { useSettings } from '../../lib/page-data';
import { PropertyFacts } from '../../components/layout/property-facts';

/** The heading is the server's markup; the prices, calendar, form and summary are one island. */
export default function PlanesRoute() {
  const { m, t } = useI18n();
  const settings = useSettings();
  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="page__header">
        <div className="container">
          <h1 className="page__title">{m.plans.title}</h1>
          <p className="page__lead">{t(m.plans.lead, { min: settings.minPeople, max: settings.maxPeople })}</p>
          <PropertyFacts id="casa-comodidades" level={2} />
        </div>
      </div>
      <Island
        name="plans"
        component={PlansIsland}
        props={{}}
        groups={['common', 'plans', 'form', 'booking', 'errors']}
        data
      />
    </main>
  );
}
