import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { Settings } from '@cabana/shared/schemas/settings';
import type { EnquiryEmail, SendOutcome } from './send-enquiry';
import type { FormToken } from './form-token';
import { useSettings } from './page-data';
import { focusFirstError, type FieldErrors } from './validation';

/** What a form says once it was sent: a sentence, maybe a second one and a link onwards. */
export interface SuccessStatus {
  text: string;
  detail?: string;
  link?: { href: string; label: string };
}

export type FormStatusState =
  | ({ kind: 'success' } & SuccessStatus)
  | { kind: 'error'; text: string; offerWhatsapp: boolean; detail?: string }
  | null;

type Validation<I> = { ok: true; input: I } | { ok: false; errors: FieldErrors };
export type SentOutcome = Extract<SendOutcome, { ok: true }>;

/** What a form needs only once it is used: its checks (the server's zod schema), its e-mails and its delivery. */
export interface FormChecks<V, I> {
  validate: (values: V, formToken: string) => Validation<I>;
  /** `settings`: the owner's current ones, as the page was rendered with them. */
  emails: (input: I, settings: Settings) => EnquiryEmail[];
  send: (input: I, emails: EnquiryEmail[]) => Promise<SendOutcome>;
  /** What to say once it was sent, from what the server answered. */
  success?: (outcome: SentOutcome) => SuccessStatus;
}

interface Options<V, I> {
  initial: V;
  /** Field names in the order the form shows them (focus goes to the first in error). */
  fieldOrder: readonly string[];
  /** Loaded when the visitor first uses the form, so zod and the API client stay out of the page's first load. */
  loadChecks: () => Promise<FormChecks<V, I>>;
  /** What to say once it was sent (unless the checks say it from what the server answered). */
  success: string;
  failureText: string;
  onReset?: () => void;
}

const CHECK_FIELDS_TEXT = 'Revisa los campos marcados: hay datos por corregir.';

interface Loaded<V, I> {
  checks: FormChecks<V, I>;
  token: FormToken;
}

/**
 * State, validation and delivery shared by the reservation and contact forms. Field errors come
 * from the same zod schema the server applies; after the first submit they update as you type.
 * Give the form `onFocus={form.prepare}`: its code and token are fetched as the visitor starts.
 */
export function useEnquiryForm<V extends Record<string, unknown>, I>(opts: Options<V, I>) {
  const [values, setValues] = useState<V>(opts.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<FormStatusState>(null);
  const [sending, setSending] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const settings = useSettings();
  const loaded = useRef<Loaded<V, I> | null>(null);
  const loading = useRef<Promise<Loaded<V, I>> | null>(null);

  const load = useCallback((): Promise<Loaded<V, I>> => {
    loading.current ??= Promise.all([optsRef.current.loadChecks(), import('./form-token')]).then(
      ([checks, { createFormToken }]) => (loaded.current = { checks, token: createFormToken() }),
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
    let code: Loaded<V, I>;
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
    const outcome = await code.checks.send(result.input, code.checks.emails(result.input, settings));
    setSending(false);
    if (outcome.ok) {
      setValues(o.initial);
      setAttempted(false);
      o.onReset?.();
      void code.token.refresh();
      setStatus({ kind: 'success', ...(code.checks.success?.(outcome) ?? { text: o.success }) });
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

export type EnquiryForm<V extends Record<string, unknown>> = ReturnType<typeof useEnquiryForm<V, unknown>>;
