import { OwnerText } from '../../components/ui/owner-text';
import { useI18n } from '../../i18n/i18n';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { Image } from '@cabana/shared/domain/schemas/image';
import { Icon } from '../../components/ui/icon';
import { ResponsiveImage } from './responsive-image';

const closeIcon = 'M6 6l12 12M18 6L6 18';

/** The two arrows, in the order they are read; `step` is how far each moves (wrapping around). */
const NAV = [
  { step: -1, key: 'ArrowLeft', modifier: 'prev', label: 'previous', icon: 'M15 5l-7 7 7 7' },
  { step: 1, key: 'ArrowRight', modifier: 'next', label: 'next', icon: 'M9 5l7 7-7 7' },
] as const;

interface Props {
  images: Image[];
  index: number | null;
  onChange: (index: number) => void;
  onClose: () => void;
}

/**
 * A modal <dialog>: the browser traps focus inside and closes it with Esc; arrows move between
 * photos. Every close goes through the dialog's own `close` event, which fires after the
 * browser has put focus back on the opener, so the caller can then move it to the thumbnail of
 * the photo on screen.
 */
export function Lightbox({ images, index, onChange, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const open = index !== null && images[index] !== undefined;
  const { m, t } = useI18n();

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const count = images.length;
  const move = (step: number) => index !== null && onChange((index + step + count) % count);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    const nav = NAV.find((n) => n.key === e.key);
    if (!nav) return;
    e.preventDefault();
    move(nav.step);
  };

  const image = open ? images[index] : undefined;
  return (
    <dialog
      ref={dialog}
      className="lightbox"
      aria-labelledby={image ? 'lightbox-titulo' : undefined}
      onClose={onClose}
      onKeyDown={onKeyDown}
    >
      {image && index !== null ? (
        <div className="lightbox__inner">
          <button
            type="button"
            className="lightbox__close"
            onClick={() => dialog.current?.close()}
            aria-label={m.gallery.close}
            // A modal dialog takes focus as it opens (WAI-ARIA dialog pattern): on its close button.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          >
            <Icon path={closeIcon} size={26} />
          </button>
          <figure className="lightbox__figure">
            <ResponsiveImage key={image.id} image={image} sizes="100vw" lazy={false} className="lightbox__picture" />
            <figcaption className="lightbox__caption">
              <h2 id="lightbox-titulo" className="lightbox__title">
                <OwnerText es={image.title} en={image.titleEn} />
              </h2>
              {image.description ? (
                <p>
                  <OwnerText es={image.description} en={image.descriptionEn} />
                </p>
              ) : null}
              <p className="lightbox__count" aria-live="polite">
                {t(m.gallery.position, { index: index + 1, count })}
              </p>
            </figcaption>
          </figure>
          {count > 1
            ? NAV.map((n) => (
                <button
                  key={n.modifier}
                  type="button"
                  className={`lightbox__nav lightbox__nav--${n.modifier}`}
                  onClick={() => move(n.step)}
                  aria-label={m.gallery[n.label]}
                >
                  <Icon path={n.icon} size={30} />
                </button>
              ))
            : null}
        </div>
      ) : null}
    </dialog>
  );
}
