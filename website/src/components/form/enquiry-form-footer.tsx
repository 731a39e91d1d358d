import type { FormStatusState } from '../../lib/use-enquiry-form';
import { Icon } from '../ui/icon';
import { ICONS } from '../ui/icons';
import { ConsentField } from './consent-field';
import { FormStatus } from './form-status';
import { Honeypot } from './honeypot';

interface Props {
  consentId: string;
  consent: boolean;
  consentError?: string;
  onConsentChange: (checked: boolean) => void;
  honeypot: string;
  onHoneypotChange: (value: string) => void;
  sending: boolean;
  submitLabel: string;
  submitClassName: string;
  status: FormStatusState;
  /** Offered when neither the server nor the e-mail service took the enquiry. */
  whatsapp: { href: string; label: string };
}

/** The end of every enquiry form: consent, the bot trap, the send button and the outcome. */
export function EnquiryFormFooter(p: Props) {
  const { status } = p;
  return (
    <>
      <ConsentField id={p.consentId} checked={p.consent} error={p.consentError} onChange={p.onConsentChange} />
      <Honeypot value={p.honeypot} onChange={p.onHoneypotChange} />
      <button type="submit" className={`button ${p.submitClassName} button--lg button--block`} disabled={p.sending}>
        {p.sending ? 'Enviando…' : p.submitLabel}
      </button>
      {status ? (
        <FormStatus kind={status.kind}>
          <p>{status.text}</p>
          {status.kind === 'error' && status.detail ? <p className="form-status__detail">{status.detail}</p> : null}
          {status.kind === 'error' && status.offerWhatsapp ? (
            <p>
              <a className="button button--whatsapp" href={p.whatsapp.href} target="_blank" rel="noopener">
                <Icon path={ICONS.whatsapp} size={20} /> {p.whatsapp.label}
              </a>
            </p>
          ) : null}
        </FormStatus>
      ) : null}
    </>
  );
}
