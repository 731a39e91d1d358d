import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { GalleryGrid, GallerySkeleton } from '../../features/gallery/gallery-grid';
import { useImages } from '../../features/gallery/use-images';

function countText(status: string, n: number): string {
  if (status === 'loading') return 'Cargando fotos…';
  if (status === 'error') return 'No pudimos cargar las fotos';
  return n === 1 ? '1 foto' : `${n} fotos`;
}

export default function GaleriaRoute() {
  const { status, images, reload } = useImages();
  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="page__header">
        <div className="container">
          <h1 className="page__title">Galería</h1>
          <p className="page__lead">
            <span className="badge" data-testid="conteo-fotos" aria-live="polite">
              {countText(status, images.length)}
            </span>{' '}
            de la cabaña, sus espacios y el mar de Tolú.
          </p>
        </div>
      </div>
      <div className="container">
        {status === 'error' ? (
          <div className="notice" role="alert">
            <p>No pudimos cargar las fotos. Revisa tu conexión e inténtalo de nuevo.</p>
            <button type="button" className="button button--primary" onClick={reload}>
              Reintentar
            </button>
          </div>
        ) : null}
        {status === 'ready' && images.length === 0 ? (
          <p className="notice">Aún no hay fotos publicadas. ¡Vuelve pronto!</p>
        ) : null}
        {status === 'loading' ? <GallerySkeleton /> : <GalleryGrid images={images} />}
        <p className="gallery__cta">
          ¿Estuviste aquí? <Link to={paths.upload}>Comparte tus fotos</Link> y ayúdanos a mostrar la cabaña.
        </p>
      </div>
    </main>
  );
}
