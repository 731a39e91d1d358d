import { paths } from '../../config/paths';
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
          Acepto el tratamiento de mis datos personales para responder a esta solicitud, según la{' '}
          {/* A new tab, so following the link never loses what the visitor typed. */}
          <a href={paths.privacy} target="_blank" rel="noopener">
            política de privacidad<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
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
