import { whatsappLink } from '@cabana/shared/domain/config/settings';
import { useI18n } from '../../i18n/i18n';
import { useSettings } from '../../lib/page-data';

/** A link asked for a group the cabin does not take (`?people=25`): say so and offer WhatsApp, never change it silently. */
export function GroupOutside({ people }: { people: number }) {
  const s = useSettings();
  const { m, t } = useI18n();
  const words = { n: people, min: s.minPeople, max: s.maxPeople };
  return (
    <div className="card group-outside" role="status" data-testid="grupo-fuera">
      <p>{t(m.plans.groupOutside, words)}</p>
      <a
        className="button button--whatsapp"
        href={whatsappLink(s, t(m.plans.groupOutsideText, words))}
        target="_blank"
        rel="noopener"
      >
        {m.plans.whatsapp}
      </a>
    </div>
  );
}
