import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { EnquiryInput } from '@cabana/shared/schemas/enquiry';
import type { Settings } from '@cabana/shared/schemas/settings';
import type { EnquiryEmail, sendEnquiry } from './send-enquiry';
import type { FormToken } from './form-token';
import { useSettings } from './page-data';
import { focusFirstError, type FieldErrors } from './validation';

export type FormStatusState =
  { kind: 'success'; text: string } | { kind: 'error'; text: string; offerWhatsapp: boolean; detail?: string } | null;

type Validation = { ok: true; input: EnquiryInput } | { ok: false; errors: FieldErrors };

/** What a form needs only once it is used: its checks (the server's zod schema) and its e-mails. */
export interface FormChecks<V> {
  validate: (values: V, formToken: string) => Validation;
  /** `settings`: the owner's current ones, as the page was rendered with them. */
  emails: (input: EnquiryInput, settings: Settings) => EnquiryEmail[];
}

interface Options<V> {
  initial: V;
  /** Field names in the order the form shows them (focus goes to the first in error). */
  fieldOrder: readonly string[];
  /** Loaded when the visitor first uses the form, so zod and the API client stay out of the page's first load. */
  loadChecks: () => Promise<FormChecks<V>>;
  successText: string;
  failureText: string;
  onReset?: () => void;
}

const CHECK_FIELDS_TEXT = 'Revisa los campos marcados: hay datos por corregir.';

interface Loaded<V> {
  checks: FormChecks<V>;
  send: typeof sendEnquiry;
  token: FormToken;
}

/**
 * State, validation and delivery shared by the reservation and contact forms. Field errors come
 * from the same zod schema the server applies; after the first submit they update as you type.
 * Give the form `onFocus={form.prepare}`: its code and token are fetched as the visitor starts.
 */
export function useEnquiryForm<V extends Record<string, unknown>>(opts: Options<V>) {
  const [values, setValues] = useState<V>(opts.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<FormStatusState>(null);
  const [sending, setSending] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const settings = useSettings();
  const loaded = useRef<Loaded<V> | null>(null);
  const loading = useRef<Promise<Loaded<V>> | null>(null);

  const load = useCallback((): Promise<Loaded<V>> => {
    loading.current ??= Promise.all([
      optsRef.current.loadChecks(),
      import('./send-enquiry'),
      import('./form-token'),
    ]).then(
      ([checks, { sendEnquiry }, { createFormToken }]) =>
        (loaded.current = { checks, send: sendEnquiry, token: createFormToken() }),
      (err: unknown) => {
        // Offline for a moment: the next attempt loads again.
        loading.current = null;
        throw err;
      },
    );
    return loading.current;
  }, []);

  const prepare = useCallback(() => {
    load().then(
      (l) => l.token.prepare(),
      () => undefined,
    );
  }, [load]);

  const set = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }));
  }, []);

  useEffect(() => {
    // The checks are loaded by then: `attempted` is set by a submit, which loads them.
    if (!attempted || !loaded.current) return;
    // The token is not the visitor's to fix: validate the fields with a stand-in.
    const result = loaded.current.checks.validate(values, 'pendiente');
    setErrors(result.ok ? {} : result.errors);
  }, [values, attempted]);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending) return;
    const o = optsRef.current;
    let code: Loaded<V>;
    try {
      code = await load();
    } catch {
      setStatus({ kind: 'error', text: o.failureText, offerWhatsapp: true });
      return;
    }
    setAttempted(true);
    const formToken = await code.token.get();
    const result = code.checks.validate(values, formToken);
    if (!result.ok) {
      setErrors(result.errors);
      setStatus({ kind: 'error', text: CHECK_FIELDS_TEXT, offerWhatsapp: false });
      focusFirstError(formRef.current, o.fieldOrder, result.errors);
      return;
    }
    setErrors({});
    setStatus(null);
    setSending(true);
    const outcome = await code.send(result.input, code.checks.emails(result.input, settings));
    setSending(false);
    if (outcome.ok) {
      setValues(o.initial);
      setAttempted(false);
      o.onReset?.();
      void code.token.refresh();
      setStatus({ kind: 'success', text: o.successText });
    } else if (outcome.kind === 'fields') {
      setErrors(outcome.fields);
      setStatus({ kind: 'error', text: outcome.message || CHECK_FIELDS_TEXT, offerWhatsapp: false });
      focusFirstError(formRef.current, o.fieldOrder, outcome.fields);
    } else {
      // A used or expired token may be why the server refused: get a fresh one for the retry.
      void code.token.refresh();
      setStatus({ kind: 'error', text: o.failureText, offerWhatsapp: true, detail: outcome.message || undefined });
    }
  };

  return { values, set, errors, status, sending, onSubmit, prepare, formRef };
}

export type EnquiryForm<V extends Record<string, unknown>> = ReturnType<typeof useEnquiryForm<V>>;
