import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { API_PATHS } from '@cabana/shared/api/paths';
import type { Image } from '@cabana/shared/schemas/image';
import { env } from '../../config/env';
import { ResponsiveImage } from './responsive-image';

const SIZES = '(min-width: 1024px) 380px, (min-width: 640px) 46vw, 92vw';

/** Just enough checking for display; the full schema (and zod) stays off the home page. */
function looksLikeImage(v: unknown): v is Image {
  const o = v as Partial<Image> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof o.id === 'string' &&
    typeof o.secure_url === 'string' &&
    typeof o.title === 'string' &&
    typeof o.width === 'number' &&
    typeof o.height === 'number' &&
    Array.isArray(o.variants)
  );
}

/** A few published photos on the home page, linking to the gallery. Hidden if none or offline. */
export function GalleryTeaser({ count = 3, galleryPath }: { count?: number; galleryPath: string }) {
  const [images, setImages] = useState<Image[]>([]);
  useEffect(() => {
    let alive = true;
    fetch(env.apiUrl + API_PATHS.images, { headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? res.json() : []))
      .then((list: unknown) => {
        if (alive && Array.isArray(list)) setImages(list.filter(looksLikeImage).slice(0, count));
      })
      .catch((err: unknown) => console.warn('Error al cargar imágenes', err));
    return () => {
      alive = false;
    };
  }, [count]);

  if (images.length === 0) return null;
  return (
    <section className="section" aria-labelledby="fotos-titulo">
      <div className="container">
        <h2 id="fotos-titulo" className="section__title">
          Conoce la cabaña
        </h2>
        <ul className="gallery gallery--teaser">
          {images.map((image) => (
            <li key={image.id} className="gallery__item">
              <Link to={galleryPath} className="gallery__button" aria-label={`${image.title}: ver la galería`}>
                <ResponsiveImage image={image} sizes={SIZES} lazy />
                <span className="gallery__overlay" aria-hidden="true">
                  <span className="gallery__title">{image.title}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <Link to={galleryPath} className="button button--outline">
          Ver toda la galería
        </Link>
      </div>
    </section>
  );
}
