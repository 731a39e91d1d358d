import { useI18n } from '../../i18n/i18n';
import { Suspense, lazy, type ReactNode } from 'react';
import { LIMITS } from '@cabana/shared/domain/config/limits';
import type { EnquiryForm } from '../../lib/use-enquiry-form';
import { ConsentField } from './consent-field';
import { TextAreaField } from './field';
import { Honeypot } from './honeypot';

const FormOutcome = lazy(() => import('./form-outcome'));

/** What the frame reads and sets itself; each form adds its own fields. */
interface FrameValues extends Record<string, unknown> {
  message: string;
  consent: boolean;
  website: string;
}

interface Props {
  form: EnquiryForm<FrameValues>;
  /** The heading, and its id that names the form. */
  title: string;
  titleId: string;
  /** The message box: what it asks for, whether it must be filled, its height. */
  message: { label: string; required?: boolean; hint?: string; rows: number };
  consentId: string;
  submitLabel: string;
  submitClassName: string;
  /** Offered when neither the server nor the e-mail service took the enquiry. */
  whatsapp: { href: string; label: string };
  /** The form's own fields, between the introduction and the message. */
  children: ReactNode;
  /** Shown just before the send button (what the visitor agrees to by sending). */
  beforeSubmit?: ReactNode;
}

/**
 * Every enquiry form: heading and note on required fields, the form's own fields, the message,
 * then consent, the bot trap, the send button and the outcome.
 */
export function EnquiryFormFrame({ form, title, titleId, message, children, ...p }: Props) {
  const { values, errors, status, sending } = form;
  const { m } = useI18n();
  const [beforeStar, afterStar] = m.form.required.split('{star}');
  return (
    <form
      ref={form.formRef}
      className="form card"
      noValidate
      onSubmit={form.onSubmit}
      onFocus={form.prepare}
      aria-labelledby={titleId}
      aria-busy={sending}
    >
      <h2 id={titleId} className="form__title">
        {title}
      </h2>
      <p className="form__intro">
        {beforeStar}
        <span aria-hidden="true">*</span>
        <span className="visually-hidden">{m.form.asterisk}</span>
        {afterStar}
      </p>
      {children}
      <TextAreaField
        id="message"
        label={message.label}
        required={message.required}
        hint={message.hint}
        rows={message.rows}
        maxLength={LIMITS.messageMax}
        value={values.message}
        error={errors.message}
        onChange={(e) => form.set('message', e.target.value)}
      />
      <ConsentField
        id={p.consentId}
        checked={values.consent}
        error={errors.consent}
        onChange={(c) => form.set('consent', c)}
      />
      <Honeypot value={values.website} onChange={(v) => form.set('website', v)} />
      {p.beforeSubmit}
      <button type="submit" className={`button ${p.submitClassName} button--lg button--block`} disabled={sending}>
        {sending ? m.form.sending : p.submitLabel}
      </button>
      {status ? (
        <Suspense fallback={null}>
          <FormOutcome status={status} whatsapp={p.whatsapp} />
        </Suspense>
      ) : null}
    </form>
  );
}
