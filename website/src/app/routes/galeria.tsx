import { paths } from '../../config/paths';
import { GalleryGrid, GallerySkeleton } from '../../features/gallery/gallery-grid';
import { usePageData } from '../../lib/page-data';

function countText(status: string, n: number): string {
  if (status === 'loading') return 'Cargando fotos…';
  if (status === 'error') return 'No pudimos cargar las fotos';
  return n === 1 ? '1 foto' : `${n} fotos`;
}

export default function GaleriaRoute() {
  const state = usePageData('images');
  const images = state.status === 'ready' ? state.value : [];
  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="page__header">
        <div className="container">
          <h1 className="page__title">Galería</h1>
          <p className="page__lead">
            <span className="badge" data-testid="conteo-fotos" aria-live="polite">
              {countText(state.status, images.length)}
            </span>{' '}
            de la cabaña, sus espacios y el mar de Tolú.
          </p>
        </div>
      </div>
      <div className="container">
        {state.status === 'error' ? (
          <div className="notice" role="alert">
            <p>No pudimos cargar las fotos. Revisa tu conexión e inténtalo de nuevo.</p>
            <button type="button" className="button button--primary" onClick={state.reload}>
              Reintentar
            </button>
          </div>
        ) : null}
        {state.status === 'ready' && images.length === 0 ? (
          <p className="notice">Aún no hay fotos publicadas. ¡Vuelve pronto!</p>
        ) : null}
        {state.status === 'loading' ? <GallerySkeleton /> : <GalleryGrid images={images} />}
        <p className="gallery__cta">
          ¿Estuviste aquí? <a href={paths.upload}>Comparte tus fotos</a> y ayúdanos a mostrar la cabaña.
        </p>
      </div>
    </main>
  );
}
