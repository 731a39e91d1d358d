import { phoneE164, whatsappLink } from '@cabana/shared/domain/config/settings';
import { paths } from '../../config/paths';
import { useI18n } from '../../i18n/i18n';
import { useSettings } from '../../lib/page-data';
import { OwnerText } from '../ui/owner-text';
import { Icon } from '../ui/icon';
import { ICONS } from '../ui/icons';
import { CONTACT_ICONS } from '../ui/contact-icons';
import { WhatsAppButton } from './whatsapp-button';

const SOCIAL_ICONS: Record<string, string> = {
  Facebook: CONTACT_ICONS.facebook,
  Instagram: CONTACT_ICONS.instagram,
  TikTok: CONTACT_ICONS.tiktok,
};

/** What the site's footer holds (the owner's contact details, links, the WhatsApp button). */
export function FooterContent() {
  const s = useSettings();
  const { m, t, href } = useI18n();
  const f = m.common.footer;
  return (
    <>
      <div className="container site-footer__grid">
        <div>
          <h2 className="site-footer__title">{s.name}</h2>
          <p>
            <OwnerText es={s.tagline} en={s.taglineEn} />.
          </p>
          <p className="rnt">
            <Icon path={CONTACT_ICONS.shield} size={18} /> {t(f.rnt, { rnt: s.rnt })}
          </p>
        </div>
        <nav aria-labelledby="footer-nav">
          <h2 id="footer-nav" className="site-footer__title">
            {f.navigation}
          </h2>
          <ul className="site-footer__list">
            <li>
              <a href={href('plans')}>{m.common.nav.plans}</a>
            </li>
            <li>
              <a href={href('gallery')}>{m.common.nav.gallery}</a>
            </li>
            <li>
              <a href={href('contact')}>{m.common.nav.contact}</a>
            </li>
            <li>
              <a href={href('upload')}>{f.upload}</a>
            </li>
            <li>
              <a href={href('privacy')}>{f.privacy}</a>
            </li>
            <li>
              <a href={href('terms')}>{f.terms}</a>
            </li>
            <li>
              <a href={href('reviews')}>{f.reviews}</a>
            </li>
            <li>
              <a href={paths.login}>{f.login}</a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__title">{f.contact}</h2>
          <ul className="site-footer__list site-footer__contact">
            <li>
              <Icon path={CONTACT_ICONS.phone} size={18} /> <a href={`tel:${phoneE164(s)}`}>{s.phone}</a>
            </li>
            <li>
              <Icon path={ICONS.whatsapp} size={18} />{' '}
              <a href={whatsappLink(s)} target="_blank" rel="noopener">
                WhatsApp
              </a>
            </li>
            <li>
              <Icon path={CONTACT_ICONS.mail} size={18} /> <a href={`mailto:${s.email}`}>{s.email}</a>
            </li>
            <li>
              <Icon path={CONTACT_ICONS.pin} size={18} /> <OwnerText es={s.address} en={s.addressEn} />
            </li>
            <li>
              <Icon path={CONTACT_ICONS.clock} size={18} /> <OwnerText es={s.hours.display} en={s.hoursDisplayEn} />
            </li>
          </ul>
        </div>
        <div>
          <h2 className="site-footer__title">{f.socials}</h2>
          <ul className="socials">
            {s.socials.map((social) => (
              <li key={social.name}>
                <a href={social.url} target="_blank" rel="noopener" className="socials__link">
                  <Icon path={SOCIAL_ICONS[social.name] ?? ICONS.star} size={20} />
                  <span>{social.name}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container site-footer__legal">
        <p>
          © {s.legalName} · NIT {s.nit}
        </p>
      </div>
      {/* Fixed on screen, but inside the footer landmark so every element belongs to one. */}
      <WhatsAppButton />
    </>
  );
}
