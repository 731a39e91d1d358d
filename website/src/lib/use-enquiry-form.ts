import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { PageSettings } from '@cabana/shared/domain/config/settings';
import type { EnquiryEmail, SendOutcome } from './send-enquiry';
import type { FormToken } from './form-token';
import { useSettings } from './page-data';
import type { SubmitRun } from './submit-enquiry';
import type { FieldErrors } from './validation';

/** What a form says once it was sent: a sentence, maybe a second one and a link onwards. */
export interface SuccessStatus {
  text: string;
  detail?: string;
  link?: { href: string; label: string };
}

export type FormStatusState =
  | ({ kind: 'success' } & SuccessStatus)
  | { kind: 'error'; text: string; offerWhatsapp: boolean; detail?: string; whatsappHref?: string }
  | null;

type Validation<I> = { ok: true; input: I } | { ok: false; errors: FieldErrors };
export type SentOutcome = Extract<SendOutcome, { ok: true }>;

/** What a form needs only once it is used: its checks (the server's zod schema), its e-mails and its delivery. */
export interface FormChecks<V, I> {
  validate: (values: V, formToken: string) => Validation<I>;
  /** `settings`: the owner's current ones, as the page was rendered with them. */
  emails: (input: I, settings: PageSettings) => EnquiryEmail[];
  send: (input: I, emails: EnquiryEmail[]) => Promise<SendOutcome>;
  /** What to say once it was sent, from what the server answered. */
  success?: (outcome: SentOutcome) => SuccessStatus;
  /** The WhatsApp link offered when sending failed, carrying what the visitor wrote (else the form's own). */
  whatsappHref?: (values: V, settings: PageSettings) => string;
  /** What to say when fields need fixing, in the page's language. */
  checkFields: string;
}

export interface Options<V, I> {
  initial: V;
  /** Field names in the order the form shows them (focus goes to the first in error). */
  fieldOrder: readonly string[];
  /** Loaded when the visitor first uses the form, so zod and the API client stay out of the page's first load. */
  loadChecks: () => Promise<FormChecks<V, I>>;
  /** What to say once it was sent (unless the checks say it from what the server answered). */
  success: string;
  failureText: string;
  onReset?: () => void;
  /** What the visitor had typed or chosen in the server's form before its code ran, now in the state. */
  onAdopt?: (found: Partial<V>) => void;
  /** Once that is in the state (a held tap can be replayed then). */
  onReady?: () => void;
}

interface Loaded<V, I> {
  checks: FormChecks<V, I>;
  token: FormToken;
  submit: (run: SubmitRun<V, I>) => Promise<void>;
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
    loading.current ??= Promise.all([
      optsRef.current.loadChecks(),
      import('./form-token'),
      import('./submit-enquiry'),
    ]).then(
      ([checks, { createFormToken }, { submitEnquiry }]) =>
        (loaded.current = { checks, token: createFormToken(), submit: submitEnquiry }),
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

  // The server's form works without code: what the visitor typed, ticked or chose before this
  // code ran is in its fields, not in the state. It is taken into the state as the form hydrates
  // (before anything renders the state's values over it), so no keystroke is lost (issue 31).
  const [adopted, setAdopted] = useState(false);
  useLayoutEffect(() => {
    const { initial, onAdopt } = optsRef.current;
    const found: Partial<Record<keyof V, unknown>> = {};
    for (const name of Object.keys(initial) as (keyof V & string)[]) {
      const field = formRef.current?.elements.namedItem(name);
      if (!(
        field instanceof HTMLInputElement ||
        field instanceof HTMLSelectElement ||
        field instanceof HTMLTextAreaElement
      ))
        continue;
      const was = initial[name];
      const now =
        typeof was === 'boolean'
          ? (field as HTMLInputElement).checked
          : typeof was === 'number'
            ? Number(field.value)
            : field.value;
      if (now !== was) found[name] = now;
    }
    if (Object.keys(found).length > 0) {
      setValues((prev) => ({ ...prev, ...found }));
      onAdopt?.(found as Partial<V>);
    }
    setAdopted(true);
  }, []);
  useEffect(() => {
    if (adopted) optsRef.current.onReady?.();
  }, [adopted]);

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
    let code: Loaded<V, I>;
    try {
      code = await load();
    } catch {
      setStatus({ kind: 'error', text: optsRef.current.failureText, offerWhatsapp: true });
      return;
    }
    await code.submit({
      checks: code.checks,
      token: code.token,
      values,
      settings,
      opts: optsRef.current,
      form: formRef.current,
      setErrors,
      setStatus,
      setSending,
      reset: () => {
        setValues(optsRef.current.initial);
        setAttempted(false);
        optsRef.current.onReset?.();
      },
      attempt: () => setAttempted(true),
    });
  };

  return { values, set, errors, status, sending, onSubmit, prepare, formRef };
}

export type EnquiryForm<V extends Record<string, unknown>> = ReturnType<typeof useEnquiryForm<V, unknown>>;
