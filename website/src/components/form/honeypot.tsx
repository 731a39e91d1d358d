import { useI18n } from '../../i18n/i18n';

interface Props {
  value: string;
  onChange: (value: string) => void;
}

/**
 * Bot trap: hidden from people and assistive tech, out of the tab order, never autofilled.
 * Bots that fill every input reveal themselves and the server drops them quietly.
 */
export function Honeypot({ value, onChange }: Props) {
  const { m } = useI18n();
  return (
    <div className="trap" aria-hidden="true">
      <label htmlFor="website">{m.form.honeypot}</label>
      <input
        id="website"
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
