import type { InputHTMLAttributes } from 'react';

interface AdminFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  /** The server's Spanish message for this field, shown beside it. */
  error?: string;
  hint?: string;
}

/** A labelled input of the panel's forms, its hint and its error wired for screen readers. */
export function AdminField({ id, label, error, hint, ...input }: AdminFieldProps) {
  return (
    <div className="adm-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${hint ? `${id}-hint ` : ''}${id}-error`}
        {...input}
      />
      {hint && (
        <span className="adm-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <span className="adm-field-error" id={`${id}-error`}>
        {error}
      </span>
    </div>
  );
}
