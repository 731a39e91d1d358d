import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { EnquiryInput } from '@cabana/shared/schemas/enquiry';
import { sendEnquiry, type EnquiryEmail } from './send-enquiry';
import { useFormToken } from './use-form-token';
import { focusFirstError, type FieldErrors } from './validation';

export type FormStatusState =
  { kind: 'success'; text: string } | { kind: 'error'; text: string; offerWhatsapp: boolean; detail?: string } | null;

type Validation = { ok: true; input: EnquiryInput } | { ok: false; errors: FieldErrors };

interface Options<V> {
  initial: V;
  /** Field names in the order the form shows them (focus goes to the first in error). */
  fieldOrder: readonly string[];
  validate: (values: V, formToken: string) => Validation;
  emails: (input: EnquiryInput) => EnquiryEmail[];
  successText: string;
  failureText: string;
  onReset?: () => void;
}

export const CHECK_FIELDS_TEXT = 'Revisa los campos marcados: hay datos por corregir.';

/**
 * State, validation and delivery shared by the reservation and contact forms. Field errors come
 * from the same zod schema the server applies; after the first submit they update as you type.
 */
export function useEnquiryForm<V extends Record<string, unknown>>(opts: Options<V>) {
  const [values, setValues] = useState<V>(opts.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<FormStatusState>(null);
  const [sending, setSending] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const token = useFormToken();
  const optsRef = useRef(opts);
  optsRef.current = opts;

  const set = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }));
  }, []);

  useEffect(() => {
    if (!attempted) return;
    // The token is not the visitor's to fix: validate the fields with a stand-in.
    const result = optsRef.current.validate(values, 'pendiente');
    setErrors(result.ok ? {} : result.errors);
  }, [values, attempted]);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending) return;
    setAttempted(true);
    const o = optsRef.current;
    const formToken = await token.get();
    const result = o.validate(values, formToken);
    if (!result.ok) {
      setErrors(result.errors);
      setStatus({ kind: 'error', text: CHECK_FIELDS_TEXT, offerWhatsapp: false });
      focusFirstError(formRef.current, o.fieldOrder, result.errors);
      return;
    }
    setErrors({});
    setStatus(null);
    setSending(true);
    const outcome = await sendEnquiry(result.input, o.emails(result.input));
    setSending(false);
    if (outcome.ok) {
      setValues(o.initial);
      setAttempted(false);
      o.onReset?.();
      token.refresh();
      setStatus({ kind: 'success', text: o.successText });
    } else if (outcome.kind === 'fields') {
      setErrors(outcome.fields);
      setStatus({ kind: 'error', text: outcome.message || CHECK_FIELDS_TEXT, offerWhatsapp: false });
      focusFirstError(formRef.current, o.fieldOrder, outcome.fields);
    } else {
      // A used or expired token may be why the server refused: get a fresh one for the retry.
      token.refresh();
      setStatus({ kind: 'error', text: o.failureText, offerWhatsapp: true, detail: outcome.message || undefined });
    }
  };

  return { values, set, errors, status, sending, onSubmit, formRef };
}

export type EnquiryForm<V extends Record<string, unknown>> = ReturnType<typeof useEnquiryForm<V>>;
