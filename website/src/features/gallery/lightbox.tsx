import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { Image } from '@cabana/shared/schemas/image';
import { Icon } from '../../components/ui/icon';
import { ResponsiveImage } from './responsive-image';

const chevronLeftIcon = 'M15 5l-7 7 7 7';
const chevronRightIcon = 'M9 5l7 7-7 7';
const closeIcon = 'M6 6l12 12M18 6L6 18';

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

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const count = images.length;
  const prev = () => index !== null && onChange((index - 1 + count) % count);
  const next = () => index !== null && onChange((index + 1) % count);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      prev();
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      next();
    }
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
            aria-label="Cerrar"
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
                {image.title}
              </h2>
              {image.description ? <p>{image.description}</p> : null}
              <p className="lightbox__count" aria-live="polite">
                Foto {index + 1} de {count}
              </p>
            </figcaption>
          </figure>
          {count > 1 ? (
            <>
              <button
                type="button"
                className="lightbox__nav lightbox__nav--prev"
                onClick={prev}
                aria-label="Foto anterior"
              >
                <Icon path={chevronLeftIcon} size={30} />
              </button>
              <button
                type="button"
                className="lightbox__nav lightbox__nav--next"
                onClick={next}
                aria-label="Foto siguiente"
              >
                <Icon path={chevronRightIcon} size={30} />
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
