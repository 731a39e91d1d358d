import { ownerText } from '@cabana/shared/domain/i18n/lang';
import { OwnerText } from '../../components/ui/owner-text';
import { useI18n } from '../../i18n/i18n';
import { TitledSection } from '../../components/layout/titled-section';
import { usePageData } from '../../lib/page-data';
import { FEATURED_PHOTOS } from './featured';
import { ResponsiveImage } from './responsive-image';

const SIZES = '(min-width: 1024px) 380px, (min-width: 640px) 46vw, 92vw';

/** The first published photos on the home page, linking to the gallery. Hidden if none or offline. */
export function GalleryTeaser({ galleryPath }: { galleryPath: string }) {
  const state = usePageData('images');
  const { m, t, lang } = useI18n();
  const images = state.status === 'ready' ? state.value.slice(0, FEATURED_PHOTOS) : [];
  if (images.length === 0) return null;
  return (
    <TitledSection titleId="fotos-titulo" title={m.home.teaserTitle}>
      <ul className="gallery gallery--teaser">
        {images.map((image) => (
          <li key={image.id} className="gallery__item">
            <a
              href={galleryPath}
              className="gallery__button"
              aria-label={t(m.home.teaserPhoto, { title: ownerText(lang, image.title, image.titleEn).text })}
            >
              <ResponsiveImage image={image} sizes={SIZES} lazy />
              <span className="gallery__overlay" aria-hidden="true">
                <span className="gallery__title">
                  <OwnerText es={image.title} en={image.titleEn} />
                </span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      <a href={galleryPath} className="button button--outline">
        {m.home.teaserAll}
      </a>
    </TitledSection>
  );
}
