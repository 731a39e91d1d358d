import { useI18n } from '../../i18n/i18n';
import { useCancellationPolicy } from '../../lib/page-data';

/** The owner's cancellation policy in words, in the page's language, as the server rendered the page with it. */
export function PolicyRules({ headingLevel }: { headingLevel?: 'h3' }) {
  const policy = useCancellationPolicy();
  const { m } = useI18n();
  if (!policy) return null;
  const Title = headingLevel ?? 'p';
  return (
    <>
      <Title className="policy__name">
        {m.booking.policy}
        <strong>{policy.name}</strong>
      </Title>
      <ul className="policy__rules">
        {policy.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </>
  );
}
