import type { PolicyWords } from '@cabana/shared/domain/pricing/policy-words';
import { useI18n } from '../../i18n/i18n';
import { useCancellationPolicy } from '../../lib/page-data';

/**
 * A cancellation policy in words, in the page's language: the owner's current one as the server
 * rendered the page with it, or `own`, a booking's frozen words (its guest page, issue 29).
 */
export function PolicyRules({ headingLevel, own }: { headingLevel?: 'h3'; own?: PolicyWords }) {
  const current = useCancellationPolicy();
  const policy = own ?? current;
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
