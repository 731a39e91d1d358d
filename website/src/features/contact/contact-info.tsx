import { ownerText } from '@cabana/shared/domain/i18n/lang';
import { OwnerText } from '../../components/ui/owner-text';
import { useI18n } from '../../i18n/i18n';
import { phoneE164, whatsappLink } from '@cabana/shared/domain/config/settings';
import { Icon } from '../../components/ui/icon';
import { CONTACT_ICONS } from '../../components/ui/contact-icons';
import { useSettings } from '../../lib/page-data';

export function ContactInfo() {
  const s = useSettings();
  const { m: all, lang } = useI18n();
  const m = all.contact;
  return (
    <section className="card contact-info" aria-labelledby="info-titulo">
      <h2 id="info-titulo" className="card__title">
        {m.infoTitle}
      </h2>
      <ul className="contact-info__list">
        <li>
          <Icon path={CONTACT_ICONS.pin} className="contact-info__icon" />
          <div>
            <strong>{m.location}</strong>
            <OwnerText es={s.address} en={s.addressEn} />
            <a href={s.mapUrl} target="_blank" rel="noopener">
              {m.map}
            </a>
          </div>
        </li>
        <li>
          <Icon path={CONTACT_ICONS.phone} className="contact-info__icon" />
          <div>
            <strong>{m.phone}</strong>
            <a href={`tel:${phoneE164(s)}`}>{s.phone}</a>
            <a
              href={whatsappLink(s, ownerText(lang, s.whatsappGreeting, s.whatsappGreetingEn).text)}
              target="_blank"
              rel="noopener"
            >
              {m.whatsapp}
            </a>
          </div>
        </li>
        <li>
          <Icon path={CONTACT_ICONS.mail} className="contact-info__icon" />
          <div>
            <strong>{m.email}</strong>
            <a href={`mailto:${s.email}`}>{s.email}</a>
          </div>
        </li>
        <li>
          <Icon path={CONTACT_ICONS.clock} className="contact-info__icon" />
          <div>
            <strong>{m.hours}</strong>
            <OwnerText es={s.hours.display} en={s.hoursDisplayEn} />
          </div>
        </li>
      </ul>
    </section>
  );
}
