import { BUSINESS, whatsappUrl } from '@cabana/shared/config/business';
import { Icon } from '../../components/ui/icon';
import { ICONS } from '../../components/ui/icons';

export function ContactInfo() {
  return (
    <section className="card contact-info" aria-labelledby="info-titulo">
      <h2 id="info-titulo" className="card__title">
        Información de contacto
      </h2>
      <ul className="contact-info__list">
        <li>
          <Icon path={ICONS.pin} className="contact-info__icon" />
          <div>
            <strong>Ubicación</strong>
            <span>{BUSINESS.address.display}</span>
            <a href={BUSINESS.mapUrl} target="_blank" rel="noopener">
              Ver en el mapa
            </a>
          </div>
        </li>
        <li>
          <Icon path={ICONS.phone} className="contact-info__icon" />
          <div>
            <strong>Teléfono</strong>
            <a href={`tel:${BUSINESS.phoneE164}`}>{BUSINESS.phoneDisplay}</a>
            <a href={whatsappUrl()} target="_blank" rel="noopener">
              Escribir por WhatsApp
            </a>
          </div>
        </li>
        <li>
          <Icon path={ICONS.mail} className="contact-info__icon" />
          <div>
            <strong>Correo electrónico</strong>
            <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>
          </div>
        </li>
        <li>
          <Icon path={ICONS.clock} className="contact-info__icon" />
          <div>
            <strong>Horario de atención</strong>
            <span>{BUSINESS.hours.display}</span>
          </div>
        </li>
      </ul>
    </section>
  );
}
