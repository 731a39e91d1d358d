import type { FormStatusState } from '../../lib/use-enquiry-form';
import { Icon } from '../ui/icon';
import { ICONS } from '../ui/icons';
import { FormStatus } from './form-status';

/**
 * What a form says once the visitor sent it (or tried to): loaded then, so none of it is part of
 * the page's first load (the 80 KB budget).
 */
export default function FormOutcome({
  status,
  whatsapp,
}: {
  status: NonNullable<FormStatusState>;
  whatsapp: { href: string; label: string };
}) {
  return (
    <FormStatus kind={status.kind}>
      <p>{status.text}</p>
      {status.detail ? <p className="form-status__detail">{status.detail}</p> : null}
      {status.kind === 'success' && status.link ? (
        <p>
          <a className="button button--accent" href={status.link.href}>
            {status.link.label}
          </a>
        </p>
      ) : null}
      {status.kind === 'error' && status.offerWhatsapp ? (
        <p>
          <a
            className="button button--whatsapp"
            href={status.whatsappHref ?? whatsapp.href}
            target="_blank"
            rel="noopener"
          >
            <Icon path={ICONS.whatsapp} size={20} /> {whatsapp.label}
          </a>
        </p>
      ) : null}
    </FormStatus>
  );
}
