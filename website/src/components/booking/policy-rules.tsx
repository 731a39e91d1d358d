import { useCancellationPolicy } from '../../lib/page-data';

/** The owner's cancellation policy in words, as the server rendered the page with it. */
export function PolicyRules({ headingLevel }: { headingLevel?: 'h3' }) {
  const policy = useCancellationPolicy();
  if (!policy) return null;
  const Title = headingLevel ?? 'p';
  return (
    <>
      <Title className="policy__name">
        Política de cancelación: <strong>{policy.name}</strong>
      </Title>
      <ul className="policy__rules">
        {policy.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </>
  );
}
