import { ownerText } from '@cabana/shared/domain/i18n/lang';
import { OwnerText } from '../../components/ui/owner-text';
import { useI18n } from '../../i18n/i18n';
import { useRef, useState } from 'react';
import type { Image } from '@cabana/shared/domain/schemas/image';
import { Lightbox } from './lightbox';
import { ResponsiveImage } from './responsive-image';

/** One column on phones, two on tablets, three from 1024px (the CSS grid decides). */
const SIZES = '(min-width: 1200px) 380px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw';
/**
 * Below the first photo, phones get thumbnails: the 480-px variant (a fifth or less of the
 * 960-px one's bytes) instead of a 960-px photo for a 360-px slot at DPR 2. The first photo (the
 * page's LCP) and the lightbox stay sharp; on slow, metered mobile data the first screen of the
 * gallery weighs far less. Decision record 004.
 */
const THUMB_SIZES = `(max-width: 639px) 60vw, ${SIZES}`;
/**
 * The first photo (the page's LCP) comes first at the thumbnails' width, which arrives within the
 * first round trips of slow mobile data (the 960-px one takes two more: Lighthouse, /galeria LCP
 * 1.4 s -> 1.1 s); the page's code offers every width once it runs, and the browser swaps in the
 * sharp photo when it has arrived. Decision record 044.
 */
const FIRST_UP_TO = 480;
/** The first row (three photos on wide screens) loads at once; the rest wait until scrolled near. */
const EAGER = 3;

export function GalleryGrid({ images }: { images: Image[] }) {
  const [index, setIndex] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const { m, t, lang } = useI18n();

  const close = () => {
    if (index === null) return;
    const current = images[index];
    setIndex(null);
    // Back to the photo being viewed (the visitor may have moved with the arrows).
    const target = (current && buttons.current.get(current.id)) ?? opener.current;
    target?.focus();
  };

  return (
    <>
      <ul className="gallery" data-testid="galeria">
        {images.map((image, i) => (
          <li key={image.id} className="gallery__item">
            <button
              type="button"
              className="gallery__button"
              aria-label={t(m.gallery.enlarge, { title: ownerText(lang, image.title, image.titleEn).text })}
              ref={(el) => {
                if (el) buttons.current.set(image.id, el);
                else buttons.current.delete(image.id);
              }}
              onClick={(e) => {
                opener.current = e.currentTarget;
                setIndex(i);
              }}
            >
              <ResponsiveImage
                image={image}
                sizes={i === 0 ? SIZES : THUMB_SIZES}
                lazy={i >= EAGER}
                priority={i === 0}
                firstUpTo={i === 0 ? FIRST_UP_TO : undefined}
              />
            </button>
            {/* Beside the button, not in it: a button's visible text must be part of its name, and
                the description (always shown on touch screens) is not. */}
            <span className="gallery__overlay" aria-hidden="true">
              <span className="gallery__title">
                <OwnerText es={image.title} en={image.titleEn} />
              </span>
              {image.description ? (
                <span className="gallery__desc">
                  <OwnerText es={image.description} en={image.descriptionEn} />
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <Lightbox images={images} index={index} onChange={setIndex} onClose={close} />
    </>
  );
}

/** Tiles the size of real photos while the list loads after a navigation, so the footer does not jump. */
export function GallerySkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className="gallery" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="gallery__item gallery__item--skeleton" />
      ))}
    </ul>
  );
}
