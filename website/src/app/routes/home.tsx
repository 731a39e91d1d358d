import { BUSINESS } from '@cabana/shared/config/business';
import { whatsappLink } from '@cabana/shared/config/settings';
import { TitledSection } from '../../components/layout/titled-section';
import { Icon } from '../../components/ui/icon';
import { ICONS } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { GalleryTeaser } from '../../features/gallery/gallery-teaser';
import { HeroVideo } from '../../features/home/hero-video';
import { HOME_ICONS } from '../../features/home/icons';
import { useSettings } from '../../lib/page-data';

interface IconCard {
  icon: string;
  title: string;
  text: string;
}

const FEATURES: IconCard[] = [
  { icon: HOME_ICONS.jacuzzi, title: 'Jacuzzi', text: 'Agua tibia bajo las palmas para cerrar el día de playa.' },
  { icon: HOME_ICONS.kiosk, title: 'Kiosco', text: 'Sombra, hamacas y brisa para las tardes largas.' },
  { icon: HOME_ICONS.flame, title: 'Zona BBQ', text: 'Parrilla lista para el pescado fresco o un buen asado.' },
  { icon: HOME_ICONS.car, title: 'Parqueadero', text: 'Espacio seguro para moto o carro dentro de la propiedad.' },
  { icon: HOME_ICONS.utensils, title: '2 cocinas', text: 'Dos cocinas equipadas para que el grupo cocine sin turnos.' },
  { icon: HOME_ICONS.sun, title: 'Sala en la terraza', text: 'Una terraza amplia para conversar y ver el atardecer.' },
];

const ATTRACTIONS: IconCard[] = [
  {
    icon: HOME_ICONS.volcano,
    title: 'Volcán de lodo',
    text: 'Un baño de lodo tibio en el volcán de San Antero, a un corto trayecto.',
  },
  { icon: HOME_ICONS.umbrella, title: 'Playas', text: 'Las playas de Tolú y Coveñas, de aguas tranquilas y cálidas.' },
  {
    icon: HOME_ICONS.moon,
    title: 'Tolú de noche',
    text: 'El malecón, los bicitaxis iluminados y la comida de la costa.',
  },
  {
    icon: HOME_ICONS.boat,
    title: 'Tour por las islas',
    text: 'Lancha a las islas de San Bernardo: Múcura, Tintipán y el islote.',
  },
  {
    icon: HOME_ICONS.leaf,
    title: 'Canoa por el manglar',
    text: 'Un paseo en canoa entre los manglares de la ciénaga de La Caimanera.',
  },
  { icon: ICONS.wave, title: 'Playa blanca', text: 'Arena blanca y mar turquesa para un día completo de sol.' },
];

/** The cabin's features and what is near, each a card with its icon (`feature__…` or `attraction__…`). */
function IconCards({ kind, cards }: { kind: 'feature' | 'attraction'; cards: IconCard[] }) {
  return (
    <ul className="card-grid">
      {cards.map((c) => (
        <li key={c.title} className={kind}>
          <span className={`${kind}__icon`}>
            <Icon path={c.icon} size={28} />
          </span>
          <h3 className={`${kind}__title`}>{c.title}</h3>
          <p>{c.text}</p>
        </li>
      ))}
    </ul>
  );
}

export default function HomeRoute() {
  const s = useSettings();
  return (
    <main id="contenido" tabIndex={-1}>
      <section className="hero" aria-labelledby="hero-titulo">
        <HeroVideo />
        <div className="hero__content container">
          <p className="hero__eyebrow">Santiago de Tolú · Golfo de Morrosquillo</p>
          <h1 id="hero-titulo" className="hero__title">
            {s.name}
          </h1>
          <p className="hero__lead">
            Tu casa en el Caribe colombiano para grupos de hasta {s.maxPeople} personas, a{' '}
            <strong>{BUSINESS.distanceToSeaMinutes} minutos del mar</strong>.
          </p>
          <div className="hero__actions">
            <a href={paths.plans} className="button button--accent button--lg">
              Reservar ahora
            </a>
            <a href={paths.gallery} className="button button--light button--lg">
              Ver galería
            </a>
          </div>
        </div>
      </section>

      <section className="stats" aria-label="La cabaña en cifras">
        <ul className="container stats__list">
          <li className="stat">
            <Icon path={ICONS.star} className="stat__icon" />
            <span className="stat__value">{BUSINESS.rating.toLocaleString('es-CO')}</span>
            <span className="stat__label">de calificación</span>
          </li>
          <li className="stat">
            <Icon path={ICONS.users} className="stat__icon" />
            <span className="stat__value">{BUSINESS.guestsServed}</span>
            <span className="stat__label">huéspedes felices</span>
          </li>
          <li className="stat">
            <Icon path={HOME_ICONS.support} className="stat__icon" />
            <span className="stat__value">{BUSINESS.attention}</span>
            <span className="stat__label">atención</span>
          </li>
        </ul>
      </section>

      <section className="section" aria-labelledby="ubicacion-titulo">
        <div className="container split">
          <div>
            <h2 id="ubicacion-titulo" className="section__title">
              A {BUSINESS.distanceToSeaMinutes} minutos del mar
            </h2>
            <p>
              La cabaña está en la vía entre Tolú y Coveñas, en el corazón del Golfo de Morrosquillo: lo bastante cerca
              para ir a la playa cada mañana y lo bastante lejos del ruido para descansar de verdad.
            </p>
            <p>{s.address}.</p>
            <a className="button button--outline" href={s.mapUrl} target="_blank" rel="noopener">
              <Icon path={HOME_ICONS.map} size={20} /> Ver ubicación en el mapa
            </a>
          </div>
          <div className="distance-card" aria-hidden="true">
            <Icon path={ICONS.wave} size={56} />
            <span className="distance-card__value">{BUSINESS.distanceToSeaMinutes} min</span>
            <span className="distance-card__label">hasta la playa</span>
          </div>
        </div>
      </section>

      <TitledSection titleId="comodidades-titulo" title="Todo para disfrutar en grupo" tone="section--sand">
        <IconCards kind="feature" cards={FEATURES} />
      </TitledSection>

      <GalleryTeaser galleryPath={paths.gallery} />

      <section className="cta" aria-labelledby="cta-titulo">
        <div className="container cta__inner">
          <h2 id="cta-titulo" className="cta__title">
            ¿Listo para tu escapada al Caribe?
          </h2>
          <p>Consulta el precio por persona, calcula tu estadía y envía tu reserva en un minuto.</p>
          <div className="cta__actions">
            <a href={paths.plans} className="button button--accent button--lg">
              Ver planes y reservar
            </a>
            <a className="button button--light button--lg" href={whatsappLink(s)} target="_blank" rel="noopener">
              <Icon path={ICONS.whatsapp} size={20} /> Escríbenos por WhatsApp
            </a>
          </div>
        </div>
      </section>

      <TitledSection titleId="atracciones-titulo" title="Qué hacer cerca">
        <IconCards kind="attraction" cards={ATTRACTIONS} />
      </TitledSection>
    </main>
  );
}
