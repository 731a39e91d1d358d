import { useSyncExternalStore } from 'react';
import type { Currency } from '@cabana/shared/domain/pricing/pricing';
import type { PricingRules } from '@cabana/shared/domain/pricing/seasons';
import { useI18n } from '../i18n/i18n';
import type { Live } from '../lib/live-value';
import { useSettings } from '../lib/page-data';
import { isInstant, type Stay } from '../lib/stay';
import { stayNights } from '../lib/stay-quote';
import { ReservationForm } from '../features/enquiry/reservation-form';
import { PayTerms } from '../features/plans/pay-terms';

/** What /planes' form follows from the rest of the page. */
export interface PlansFormLive {
  stay: Stay;
  rules: PricingRules | null;
  currency: Currency;
}

interface Props {
  live: Live<PlansFormLive>;
  onStayChange: (stay: Partial<Stay>) => void;
  onReady: () => void;
}

/**
 * /planes' booking form with its payment terms, loaded at the visitor's first interaction: a part
 * of the `plans` island (plans.tsx), not an island of its own. It reads the page's stay through
 * `live`, never as changing props, so React leaves the server's form alone until this code is here.
 */
export default function PlansForm({ live, onStayChange, onReady }: Props) {
  const { stay, rules, currency } = useSyncExternalStore(live.subscribe, live.get, live.first);
  const settings = useSettings();
  const { m } = useI18n();
  return (
    <ReservationForm
      rules={rules}
      stay={stay}
      onStayChange={onStayChange}
      onReady={onReady}
      terms={(values) => <PayTerms stay={values} rules={rules} currency={currency} />}
      submitLabel={(values) =>
        isInstant(settings, stayNights(values)) ? m.plans.formSubmitInstant : m.plans.formSubmit
      }
    />
  );
}
