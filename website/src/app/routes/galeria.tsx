import { useI18n } from '../../i18n/i18n';
import { GallerySkeleton } from '../../features/gallery/gallery-grid';
import { Island } from '../../islands/island';
import GalleryIsland from '../../islands/gallery';
import { usePageData } from '../../lib/page-data';

export default function GaleriaRoute() {
  const state = usePageData('images');
  const images = state.status === 'ready' ? state.value : [];
  const { m: all, p, href } = useI18n();
  const m = all.gallery;
  const count =
    state.status === 'loading' ? m.loadingPhotos : state.status === 'error' ? m.loadError : p(m.count, images.length);
  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="page__header">
        <div className="container">
          <h1 className="page__title">{m.title}</h1>
          <p className="page__lead">
            <span className="badge" data-testid="conteo-fotos" aria-live="polite">
              {count}
            </span>
            {m.lead}
          </p>
        </div>
      </div>
      <div className="container">
        {state.status === 'error' ? (
          <div className="notice" role="alert">
            <p>{m.errorNotice}</p>
            <button type="button" className="button button--primary" onClick={state.reload}>
              {m.retry}
            </button>
          </div>
        ) : null}
        {state.status === 'ready' && images.length === 0 ? <p className="notice">{m.empty}</p> : null}
        {state.status === 'loading' ? (
          <GallerySkeleton />
        ) : (
          <Island name="gallery" component={GalleryIsland} props={{}} groups={['gallery']} data />
        )}
        <p className="gallery__cta">
          {m.ctaBefore}
          <a href={href('upload')}>{m.ctaLink}</a>
          {m.ctaAfter}
        </p>
      </div>
    </main>
  );
}
