import type { Currency } from '@cabana/shared/domain/pricing/pricing';
import { useI18n } from '../../i18n/i18n';

const OPTIONS = [
  { value: 'COP', label: 'currencyCop' },
  { value: 'USD', label: 'currencyUsd' },
] as const satisfies readonly { value: Currency; label: string }[];

/** Two radio buttons drawn as a segmented control: arrow keys work as in any radio group. */
export function CurrencyToggle({ value, onChange }: { value: Currency; onChange: (c: Currency) => void }) {
  const { m } = useI18n();
  return (
    <fieldset className="segmented">
      <legend className="segmented__legend">{m.plans.currency}</legend>
      <div className="segmented__options">
        {OPTIONS.map((o) => (
          <label key={o.value} className="segmented__option">
            <input
              type="radio"
              name="moneda"
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            <span>{m.plans[o.label]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
