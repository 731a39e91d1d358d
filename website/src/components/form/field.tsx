import { useI18n } from '../../i18n/i18n';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/** A field's own error, which its control names in aria-describedby. */
export function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="field__error">
      {text}
    </p>
  ) : null;
}

interface ShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
}

type Aria = { 'aria-describedby'?: string; 'aria-invalid'?: true };

/** Label, control, hint and the field's own error, wired with aria-describedby / aria-invalid. */
function FieldShell({
  id,
  label,
  error,
  hint,
  required,
  children,
}: ShellProps & { children: (aria: Aria) => ReactNode }) {
  const hintId = hint ? `${id}-ayuda` : undefined;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : undefined, hintId].filter(Boolean).join(' ') || undefined;
  const { m } = useI18n();
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="field__optional">{m.form.optional}</span>
        )}
      </label>
      {children({ 'aria-describedby': describedBy, ...(error ? { 'aria-invalid': true as const } : {}) })}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} text={error} />
    </div>
  );
}

type FieldProps<Control> = Omit<ShellProps, 'required'> & Control & { required?: boolean };

/** What the shell shows, and what goes on the control: the id doubles as its form name. */
function split<Control>({ id, label, error, hint, required, ...rest }: FieldProps<Control>) {
  return [
    { id, label, error, hint, required },
    { id, name: id, required, ...rest },
  ] as const;
}

export function TextField(props: FieldProps<InputHTMLAttributes<HTMLInputElement>>) {
  const [shell, control] = split(props);
  return <FieldShell {...shell}>{(aria) => <input className="input" {...aria} {...control} />}</FieldShell>;
}

export function TextAreaField(props: FieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const [shell, control] = split(props);
  return (
    <FieldShell {...shell}>{(aria) => <textarea className="input input--area" {...aria} {...control} />}</FieldShell>
  );
}

export function SelectField(props: FieldProps<SelectHTMLAttributes<HTMLSelectElement>>) {
  const [shell, control] = split(props);
  return (
    <FieldShell {...shell}>{(aria) => <select className="input input--select" {...aria} {...control} />}</FieldShell>
  );
}
