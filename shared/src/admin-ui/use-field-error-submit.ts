import { useEffect, useRef, useState, type FormEvent } from 'react';
import { asErrorLike } from './api-error';
import { usePanel } from './panel-context';

/** Field key → the server's Spanish message for it. */
export type FieldErrors = Record<string, string>;

interface SubmitOptions {
  /** The server's field paths (`hours.opens`, `socials.1.url`) → the form's own keys; as they come by default. */
  fieldErrors?: (fields: FieldErrors) => FieldErrors;
  /** The alert for a refusal; by default its message, unless that already stands beside a field. */
  alert?: (message: string, fieldErrors: FieldErrors) => string | null;
  /** Whether focus moves to the first input marked invalid (by default it does, so the owner lands on it). */
  focus?: boolean;
}

/**
 * A panel form's save: one at a time, busy while it runs, its status once done; a refusal marks
 * each field the server names with its message, shows the alert and (through `formRef`) moves
 * focus to the first marked input. A 401 signs out and shows nothing (`failure`).
 */
export function useFieldErrorSubmit() {
  const { failure } = usePanel();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  /** Counts the refusals that move focus: the marks are rendered by the time the effect runs. */
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  /** `save` makes the call, applies what it answers and returns the status to show. */
  async function submit(event: FormEvent<HTMLFormElement>, save: () => Promise<string>, options: SubmitOptions = {}) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setAlert(null);
    setStatus(null);
    setFieldErrors({});
    try {
      setStatus(await save());
    } catch (err) {
      const message = failure(err);
      if (message === null) return;
      const server = asErrorLike(err).fields ?? {};
      const fields = options.fieldErrors ? options.fieldErrors(server) : server;
      setFieldErrors(fields);
      setAlert(
        options.alert ? options.alert(message, fields) : Object.values(fields).includes(message) ? null : message,
      );
      if (options.focus !== false) setRefusals((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  return { formRef, busy, alert, status, setStatus, fieldErrors, submit };
}

export type FieldErrorSubmit = ReturnType<typeof useFieldErrorSubmit>;
