import { BUSINESS, whatsappUrl } from '@cabana/shared/config/business';
import { paths } from '../../config/paths';
import { Icon } from '../ui/icon';
import { ICONS } from '../ui/icons';
import { WhatsAppButton } from './whatsapp-button';

const SOCIAL_ICONS: Record<string, string> = {
  Facebook: ICONS.facebook,
  Instagram: ICONS.instagram,
  TikTok: ICONS.tiktok,
};

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <h2 className="site-footer__title">{BUSINESS.name}</h2>
          <p>{BUSINESS.tagline}.</p>
          <p className="rnt">
            <Icon path={ICONS.shield} size={18} /> Registro Nacional de Turismo (RNT) n.º {BUSINESS.rnt}
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
              <a href={paths.login}>Login</a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__title">Contacto</h2>
          <ul className="site-footer__list site-footer__contact">
            <li>
              <Icon path={ICONS.phone} size={18} /> <a href={`tel:${BUSINESS.phoneE164}`}>{BUSINESS.phoneDisplay}</a>
            </li>
            <li>
              <Icon path={ICONS.whatsapp} size={18} />{' '}
              <a href={whatsappUrl()} target="_blank" rel="noopener">
                WhatsApp
              </a>
            </li>
            <li>
              <Icon path={ICONS.mail} size={18} /> <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>
            </li>
            <li>
              <Icon path={ICONS.pin} size={18} /> <span>{BUSINESS.address.display}</span>
            </li>
            <li>
              <Icon path={ICONS.clock} size={18} /> <span>{BUSINESS.hours.display}</span>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="site-footer__title">Redes sociales</h2>
          <ul className="socials">
            {BUSINESS.socials.map((s) => (
              <li key={s.name}>
                <a href={s.url} target="_blank" rel="noopener" className="socials__link">
                  <Icon path={SOCIAL_ICONS[s.name] ?? ICONS.star} size={20} />
                  <span>{s.name}</span>
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
