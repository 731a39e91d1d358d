import { Fragment, type ReactNode } from 'react';
import { BUSINESS } from '@cabana/shared/domain/config/business';
import { phoneE164 } from '@cabana/shared/domain/config/settings';
import { dateFormat } from '@cabana/shared/domain/i18n/lang';
import { OwnerText } from '../../components/ui/owner-text';
import { useI18n } from '../../i18n/i18n';
import {
  useEmailjsEnabled,
  useEnquiryRetentionMonths,
  useMailHost,
  useOnlinePayment,
  usePendingPhotoRetentionDays,
  useSettings,
} from '../../lib/page-data';
import { mailProvider } from '../../features/privacy/mail-provider';

/** A policy sentence: `**text**` strong, `{name}` one of `parts` (a link, an owner text) or a value. */
function Rich({ text, parts = {} }: { text: string; parts?: Record<string, ReactNode> }) {
  return text.split(/(\*\*[^*]+\*\*|\{\w+\})/).map((piece, i) => {
    if (piece.startsWith('**')) return <strong key={i}>{piece.slice(2, -2)}</strong>;
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    return <Fragment key={i}>{name !== undefined && name in parts ? parts[name] : piece}</Fragment>;
  });
}

/**
 * Who processes the guests' data on our behalf, as this site is configured (issue 35): the SMTP
 * server the e-mails go through, EmailJS only when the build sends with it, Wompi only when online
 * payment is on; then what the transfer receipts carry.
 */
function Processors() {
  const { m: all, t } = useI18n();
  const m = all.privacy;
  const mail = mailProvider(useMailHost());
  const emailjs = useEmailjsEnabled();
  const wompi = useOnlinePayment();
  return (
    <>
      <p>{m.purposeShare}</p>
      <ul className="privacy-processors">
        <li>
          {mail.kind === 'service' ? (
            <Rich text={t(m.processorMail, { provider: mail.name })} />
          ) : mail.kind === 'own' ? (
            m.processorOwnMail
          ) : (
            m.processorNoMail
          )}
        </li>
        {emailjs && (
          <li>
            <Rich text={m.processorEmailjs} />
          </li>
        )}
        {wompi && (
          <li>
            <Rich text={m.processorWompi} />
          </li>
        )}
      </ul>
      <p>{m.receipts}</p>
    </>
  );
}

export default function PrivacidadRoute() {
  const s = useSettings();
  const { lang, m: all, t } = useI18n();
  const m = all.privacy;
  const retentionMonths = useEnquiryRetentionMonths();
  const photoRetentionDays = usePendingPhotoRetentionDays();
  const email = <a href={`mailto:${s.email}`}>{s.email}</a>;
  const date = dateFormat(lang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${BUSINESS.privacyPolicyVersion}T00:00:00Z`),
  );
  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="page__header">
        <div className="container">
          <h1 className="page__title">{m.title}</h1>
          <p className="page__lead">{m.lead}</p>
        </div>
      </div>
      <article className="container narrow prose">
        <h2>{m.controllerTitle}</h2>
        <p>
          <Rich
            text={t(m.controller, { controller: s.legalName, nit: s.nit, name: s.name })}
            parts={{
              address: <OwnerText es={s.address} en={s.addressEn} />,
              email,
              phone: <a href={`tel:${phoneE164(s)}`}>{s.phone}</a>,
            }}
          />
        </p>

        <h2>{m.dataTitle}</h2>
        <ul>
          <li>{m.dataBooking}</li>
          <li>{m.dataContact}</li>
          <li>{t(m.dataLogs, { days: BUSINESS.accessLogRetentionDays })}</li>
          <li>{m.dataPhotos}</li>
        </ul>
        <p>{m.dataNot}</p>

        <h2>{m.purposeTitle}</h2>
        <ul>
          <li>{m.purposeAnswer}</li>
          <li>{m.purposeQuote}</li>
          <li>{t(m.purposeLaw, { rnt: s.rnt })}</li>
        </ul>
        <Processors />

        <h2>{m.rightsTitle}</h2>
        <p>{m.rightsLead}</p>
        <ul>
          {[m.rightKnow, m.rightUpdate, m.rightDelete, m.rightRevoke, m.rightInformed, m.rightComplain].map((r) => (
            <li key={r}>
              <Rich text={r} />
            </li>
          ))}
        </ul>

        <h2>{m.howTitle}</h2>
        <p>
          <Rich
            text={m.how}
            parts={{
              email,
              sic: (
                <a href="https://www.sic.gov.co" target="_blank" rel="noopener">
                  www.sic.gov.co
                </a>
              ),
            }}
          />
        </p>

        <h2>{m.keepTitle}</h2>
        <p>{t(m.keep, { months: retentionMonths, days: photoRetentionDays })}</p>
        <p>{t(m.keepIdentity, { days: s.identityRetentionDays })}</p>

        <h2>{m.validTitle}</h2>
        <p>
          <Rich
            text={t(m.valid, { version: BUSINESS.privacyPolicyVersion })}
            parts={{ date: <time dateTime={BUSINESS.privacyPolicyVersion}>{date}</time> }}
          />
        </p>
      </article>
    </main>
  );
}
