import type { PageSettings } from '@cabana/shared/domain/config/settings';
import type { FormToken } from './form-token';
import type { FormChecks, FormStatusState, Options } from './use-enquiry-form';
import { focusFirstError, type FieldErrors } from './validation';

/** What one submit works with: the form's state as it is and its setters. */
export interface SubmitRun<V, I> {
  checks: FormChecks<V, I>;
  token: FormToken;
  values: V;
  settings: PageSettings;
  opts: Options<V, I>;
  form: HTMLFormElement | null;
  setErrors: (errors: FieldErrors) => void;
  setStatus: (status: FormStatusState) => void;
  setSending: (sending: boolean) => void;
  /** Empties the form after it was sent. */
  reset: () => void;
  /** From now on the fields are checked as the visitor types. */
  attempt: () => void;
}

/**
 * A submit of an enquiry form, loaded with the form's checks when the visitor first uses it (so
 * none of it is part of a page's first load): validate, send, and say what happened.
 */
export async function submitEnquiry<V, I>(r: SubmitRun<V, I>): Promise<void> {
  const { checks, opts } = r;
  r.attempt();
  const formToken = await r.token.get();
  const result = checks.validate(r.values, formToken);
  if (!result.ok) {
    r.setErrors(result.errors);
    r.setStatus({ kind: 'error', text: checks.checkFields, offerWhatsapp: false });
    focusFirstError(r.form, opts.fieldOrder, result.errors);
    return;
  }
  r.setErrors({});
  r.setStatus(null);
  r.setSending(true);
  const outcome = await checks.send(result.input, checks.emails(result.input, r.settings));
  r.setSending(false);
  if (outcome.ok) {
    r.reset();
    void r.token.refresh();
    r.setStatus({ kind: 'success', ...(checks.success?.(outcome) ?? { text: opts.success }) });
  } else if (outcome.kind === 'fields') {
    r.setErrors(outcome.fields);
    r.setStatus({ kind: 'error', text: outcome.message || checks.checkFields, offerWhatsapp: false });
    focusFirstError(r.form, opts.fieldOrder, outcome.fields);
  } else {
    // A used or expired token may be why the server refused: get a fresh one for the retry.
    void r.token.refresh();
    r.setStatus({
      kind: 'error',
      text: opts.failureText,
      offerWhatsapp: true,
      detail: outcome.message || undefined,
      whatsappHref: checks.whatsappHref?.(r.values, r.settings),
    });
  }
}
