import { useI18n } from '../../i18n/i18n';
import { FieldError } from './field';

interface Props {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}

/** Ley 1581 de 2012: an unticked, required box that links to the privacy policy. */
export function ConsentField({ id, checked, onChange, error }: Props) {
  const errorId = `${id}-error`;
  const { m, href } = useI18n();
  return (
    <div className={error ? 'field field--check field--error' : 'field field--check'}>
      <div className="check">
        <input
          type="checkbox"
          id={id}
          name="consent"
          checked={checked}
          required
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>
          {m.form.consent}
          {/* A new tab, so following the link never loses what the visitor typed. */}
          <a href={href('privacy')} target="_blank" rel="noopener">
            {m.form.consentLink}
            <span className="visually-hidden">{m.form.newTab}</span>
          </a>
          .
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
      </div>
      <FieldError id={errorId} text={error} />
    </div>
  );
}
