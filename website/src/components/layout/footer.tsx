import { BUSINESS } from '@cabana/shared/config/business';
import { phoneE164, whatsappLink } from '@cabana/shared/config/settings';
import { paths } from '../../config/paths';
import { useSettings } from '../../lib/page-data';
import { Icon } from '../ui/icon';
import { ICONS } from '../ui/icons';
import { WhatsAppButton } from './whatsapp-button';

const SOCIAL_ICONS: Record<string, string> = {
  Facebook: ICONS.facebook,
  Instagram: ICONS.instagram,
  TikTok: ICONS.tiktok,
};

export function Footer() {
  const s = useSettings();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <h2 className="site-footer__title">{s.name}</h2>
          <p>{s.tagline}.</p>
          <p className="rnt">
            <Icon path={ICONS.shield} size={18} /> Registro Nacional de Turismo (RNT) n.º {s.rnt}
          </p>
        </div>
        <nav aria-labelledby="footer-nav">
          <h2 id="footer-nav" className="site-footer__title">
            Navegación
          </h2>
          <ul className="site-footer__list">
            <li>
              <a href={paths.plans}>Planes</a>
            </li>
            <li>
              <a href={paths.gallery}>Galería</a>
            </li>
            <li>
              <a href={paths.contact}>Contacto</a>
            </li>
            <li>
              <a href={paths.upload}>Comparte tus fotos</a>
            </li>
            <li>
              <a href={paths.privacy}>Política de privacidad</a>
            </li>
            <li>
              <a href={paths.terms}>Condiciones de la estadía</a>
            </li>
            <li>
              <a href={paths.login}>Login</a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__title">Contacto</h2>
          <ul className="site-footer__list site-footer__contact">
            <li>
              <Icon path={ICONS.phone} size={18} /> <a href={`tel:${phoneE164(s)}`}>{s.phone}</a>
            </li>
            <li>
              <Icon path={ICONS.whatsapp} size={18} />{' '}
              <a href={whatsappLink(s)} target="_blank" rel="noopener">
                WhatsApp
              </a>
            </li>
            <li>
              <Icon path={ICONS.mail} size={18} /> <a href={`mailto:${s.email}`}>{s.email}</a>
            </li>
            <li>
              <Icon path={ICONS.pin} size={18} /> <span>{s.address}</span>
            </li>
            <li>
              <Icon path={ICONS.clock} size={18} /> <span>{s.hours.display}</span>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="site-footer__title">Redes sociales</h2>
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
          © {BUSINESS.dataController.name} · NIT {BUSINESS.dataController.nit}
        </p>
      </div>
      {/* Fixed on screen, but inside the footer landmark so every element belongs to one. */}
      <WhatsAppButton />
    </footer>
  );
}
