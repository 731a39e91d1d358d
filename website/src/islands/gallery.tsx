import { GalleryGrid } from '../features/gallery/gallery-grid';
import { usePageData } from '../lib/page-data';

/** /galeria's island: the photos and their lightbox (the photos are the page's data). */
export default function GalleryIsland() {
  const state = usePageData('images');
  return <GalleryGrid images={state.status === 'ready' ? state.value : []} />;
}
