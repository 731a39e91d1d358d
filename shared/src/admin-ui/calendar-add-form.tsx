import { useId, type ReactNode } from 'react';
import { AlertMessage, StatusMessage } from './messages';
import type { FieldErrorSubmit } from './use-field-error-submit';

interface CalendarAddFormProps {
  /** The form's state (`useFieldErrorSubmit`) and the save its button runs. */
  form: FieldErrorSubmit;
  save: () => Promise<string>;
  /** The heading, which is also the submit button's label. */
  title: string;
  /** The heading's level where the form stands: 3 in the calendar, 4 inside the feeds' group. */
  level: 3 | 4;
  /** The button's label while saving. */
  busyLabel: string;
  /** The fields (and any help before them). */
  children: ReactNode;
}

/** A calendar form that adds one thing (a block, a feed): named by its heading, with its alert and status. */
export function CalendarAddForm({ form, save, title, level, busyLabel, children }: CalendarAddFormProps) {
  const id = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <form
      ref={form.formRef}
      className="adm-cal-form"
      onSubmit={(event) => void form.submit(event, save)}
      aria-labelledby={`${id}-h`}
      aria-busy={form.busy}
      noValidate
    >
      <Heading id={`${id}-h`}>{title}</Heading>
      {children}
      <button type="submit" className="adm-button adm-button--primary" disabled={form.busy}>
        {form.busy ? busyLabel : title}
      </button>
      <AlertMessage text={form.alert} />
      <StatusMessage text={form.status} />
    </form>
  );
}
