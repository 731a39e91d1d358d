import type { Currency } from '@cabana/shared/pricing/pricing';

const OPTIONS: { value: Currency; label: string }[] = [
  { value: 'COP', label: 'Pesos (COP)' },
  { value: 'USD', label: 'Dólares (USD)' },
];

/** Two radio buttons drawn as a segmented control: arrow keys work as in any radio group. */
export function CurrencyToggle({ value, onChange }: { value: Currency; onChange: (c: Currency) => void }) {
  return (
    <fieldset className="segmented">
      <legend className="segmented__legend">Moneda</legend>
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
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
