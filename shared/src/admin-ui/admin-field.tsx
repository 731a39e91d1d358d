import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';

interface FieldWords {
  id: string;
  label: string;
  /** The server's Spanish message for this field, shown beside it. */
  error?: string;
  hint?: string;
}

/** What describes a control: its hint (if any) and its error, by id. */
const describedBy = (id: string, hint: string | undefined) => `${hint ? `${id}-hint ` : ''}${id}-error`;

/** The hint and the error under a control, the ids `describedBy` names. */
function FieldNotes({ id, hint, error }: Omit<FieldWords, 'label'>) {
  return (
    <>
      {hint && (
        <span className="adm-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <span className="adm-field-error" id={`${id}-error`}>
        {error}
      </span>
    </>
  );
}

/** A labelled input of the panel's forms, its hint and its error wired for screen readers. */
export function AdminField({ id, label, error, hint, ...input }: FieldWords & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="adm-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint)} {...input} />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled text of several lines, wired like `AdminField`. */
export function AdminTextArea({
  id,
  label,
  error,
  hint,
  ...area
}: FieldWords & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className="adm-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint)}
        {...area}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
