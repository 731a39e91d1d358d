import { phoneE164, whatsappLink } from '@cabana/shared/config/settings';
import { Icon } from '../../components/ui/icon';
import { ICONS } from '../../components/ui/icons';
import { useSettings } from '../../lib/page-data';

export function ContactInfo() {
  const s = useSettings();
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
            <span>{s.address}</span>
            <a href={s.mapUrl} target="_blank" rel="noopener">
              Ver en el mapa
            </a>
          </div>
        </li>
        <li>
          <Icon path={ICONS.phone} className="contact-info__icon" />
          <div>
            <strong>Teléfono</strong>
            <a href={`tel:${phoneE164(s)}`}>{s.phone}</a>
            <a href={whatsappLink(s)} target="_blank" rel="noopener">
              Escribir por WhatsApp
            </a>
          </div>
        </li>
        <li>
          <Icon path={ICONS.mail} className="contact-info__icon" />
          <div>
            <strong>Correo electrónico</strong>
            <a href={`mailto:${s.email}`}>{s.email}</a>
          </div>
        </li>
        <li>
          <Icon path={ICONS.clock} className="contact-info__icon" />
          <div>
            <strong>Horario de atención</strong>
            <span>{s.hours.display}</span>
          </div>
        </li>
      </ul>
    </section>
  );
}
