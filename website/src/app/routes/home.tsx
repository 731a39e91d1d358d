import { BUSINESS } from '@cabana/shared/domain/config/business';
import { whatsappLink } from '@cabana/shared/domain/config/settings';
import { TitledSection } from '../../components/layout/titled-section';
import { Icon } from '../../components/ui/icon';
import { ICONS } from '../../components/ui/icons';
import { GalleryTeaser } from '../../features/gallery/gallery-teaser';
import HeroVideo from '../../islands/hero-video';
import { Island } from '../../islands/island';
import { HOME_ICONS } from '../../features/home/icons';
import { HomeReviews } from '../../features/reviews/home-reviews';
import { numberFormat, ownerText } from '@cabana/shared/domain/i18n/lang';
import { OwnerText } from '../../components/ui/owner-text';
import { PropertyFacts } from '../../components/layout/property-facts';
import { PROPERTY_WORDS } from '@cabana/shared/domain/config/property-words';
import { useI18n } from '../../i18n/i18n';
import { useGuestsHosted, useSettings } from '../../lib/page-data';
import { outsideRatingParts } from '@cabana/shared/domain/config/outside-rating';

interface IconCard {
  icon: string;
  title: string;
  text: string;
}

type HomeMessages = ReturnType<typeof useI18n>['m']['home'];

const FEATURES: [keyof HomeMessages['features'], string][] = [
  ['jacuzzi', HOME_ICONS.jacuzzi],
  ['kiosk', HOME_ICONS.kiosk],
  ['bbq', HOME_ICONS.flame],
  ['parking', HOME_ICONS.car],
  ['kitchens', HOME_ICONS.utensils],
  ['terrace', HOME_ICONS.sun],
];

const ATTRACTIONS: [keyof HomeMessages['near'], string][] = [
  ['volcano', HOME_ICONS.volcano],
  ['beaches', HOME_ICONS.umbrella],
  ['night', HOME_ICONS.moon],
  ['islands', HOME_ICONS.boat],
  ['mangrove', HOME_ICONS.leaf],
  ['white', ICONS.wave],
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

/**
 * The figures strip (issue 35): only what data and settings back. The rating on another platform
 * as the owner read it there (its name, count, month and a link: never as the site's own), the
 * guests of the completed stays (nothing while there are none) and the posted hours.
 */
function HomeFigures() {
  const s = useSettings();
  const guests = useGuestsHosted();
  const { m: all, lang } = useI18n();
  const m = all.home;
  const outside = s.outsideRating ? outsideRatingParts(s.outsideRating, lang) : null;
  return (
    <section className="stats" aria-label={m.statsLabel}>
      <ul className="container stats__list">
        {outside && s.outsideRating && (
          <li className="stat stat--outside">
            <Icon path={ICONS.star} className="stat__icon" />
            <a className="stat__link" href={s.outsideRating.url} target="_blank" rel="noopener">
              <span className="stat__value">{outside.rating}</span> <span className="stat__label">{outside.rest}</span>
            </a>
          </li>
        )}
        {guests > 0 && (
          <li className="stat stat--guests">
            <Icon path={ICONS.users} className="stat__icon" />
            <span className="stat__value">{numberFormat(lang).format(guests)}</span>{' '}
            <span className="stat__label">{m.guests}</span>
          </li>
        )}
        <li className="stat stat--hours">
          <Icon path={HOME_ICONS.support} className="stat__icon" />
          <span className="stat__value">
            {s.hours.opens}–{s.hours.closes}
          </span>{' '}
          <span className="stat__label">{m.attention}</span>
        </li>
      </ul>
    </section>
  );
}

export default function HomeRoute() {
  const s = useSettings();
  const { m: all, t, lang, href } = useI18n();
  const m = all.home;
  const minutes = BUSINESS.distanceToSeaMinutes;
  const cards = <K extends string>(
    list: [K, string][],
    texts: Record<K, { title: string; text: string }>,
  ): IconCard[] => list.map(([key, icon]) => ({ icon, ...texts[key] }));
  return (
    <main id="contenido" tabIndex={-1}>
      <section className="hero" aria-labelledby="hero-titulo">
        <Island name="hero-video" component={HeroVideo} props={{ play: m.playVideo, pause: m.pauseVideo }} />
        <div className="hero__content container">
          <p className="hero__eyebrow">{m.eyebrow}</p>
          <h1 id="hero-titulo" className="hero__title">
            {s.name}
          </h1>
          <p className="hero__lead">
            {t(m.lead, { max: s.maxPeople })}
            <strong>{t(m.leadStrong, { minutes })}</strong>.
          </p>
          <div className="hero__actions">
            <a href={href('plans')} className="button button--accent button--lg">
              {m.book}
            </a>
            <a href={href('gallery')} className="button button--light button--lg">
              {m.seeGallery}
            </a>
          </div>
        </div>
      </section>

      <HomeFigures />

      <HomeReviews />

      <section className="section" aria-labelledby="ubicacion-titulo">
        <div className="container split">
          <div>
            <h2 id="ubicacion-titulo" className="section__title">
              {t(m.locationTitle, { minutes })}
            </h2>
            <p>{m.locationText}</p>
            <p>
              <OwnerText es={s.address} en={s.addressEn} />.
            </p>
            <a className="button button--outline" href={s.mapUrl} target="_blank" rel="noopener">
              <Icon path={HOME_ICONS.map} size={20} /> {m.map}
            </a>
          </div>
          <div className="distance-card" aria-hidden="true">
            <Icon path={ICONS.wave} size={56} />
            <span className="distance-card__value">{minutes} min</span>
            <span className="distance-card__label">{m.toBeach}</span>
          </div>
        </div>
      </section>

      <TitledSection titleId="casa-titulo" title={PROPERTY_WORDS[lang].title}>
        <PropertyFacts id="casa-comodidades" level={3} />
      </TitledSection>

      <TitledSection titleId="comodidades-titulo" title={m.featuresTitle} tone="section--sand">
        <IconCards kind="feature" cards={cards(FEATURES, m.features)} />
      </TitledSection>

      <GalleryTeaser galleryPath={href('gallery')} />

      <section className="cta" aria-labelledby="cta-titulo">
        <div className="container cta__inner">
          <h2 id="cta-titulo" className="cta__title">
            {m.ctaTitle}
          </h2>
          <p>{m.ctaText}</p>
          <div className="cta__actions">
            <a href={href('plans')} className="button button--accent button--lg">
              {m.ctaPlans}
            </a>
            <a
              className="button button--light button--lg"
              href={whatsappLink(s, ownerText(lang, s.whatsappGreeting, s.whatsappGreetingEn).text)}
              target="_blank"
              rel="noopener"
            >
              <Icon path={ICONS.whatsapp} size={20} /> {m.ctaWhatsapp}
            </a>
          </div>
        </div>
      </section>

      <TitledSection titleId="atracciones-titulo" title={m.nearTitle}>
        <IconCards kind="attraction" cards={cards(ATTRACTIONS, m.near)} />
      </TitledSection>
    </main>
  );
}
