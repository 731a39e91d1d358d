import { useId, useState } from 'react';
import { usePanelData } from './panel-data';
import { StatusMessage } from './messages';
import { PhotoUpload } from './photo-upload';
import { PhotoGrid } from './photo-grid';

/** The gallery's photos: uploading new ones (PhotoUpload) and the published ones (PhotoGrid). */
export function PhotosSection() {
  const { data: images, error: loadError, setData: setImages } = usePanelData('listImages');
  const id = useId();
  const [status, setStatus] = useState<string | null>(null);

  return (
    <section className="adm-section" id="adm-fotos" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} tabIndex={-1}>
        Fotos de la galería
      </h2>

      <PhotoUpload
        id={id}
        onUploaded={(image) => setImages((all) => [...all.filter((i) => i.id !== image.id), image])}
        setStatus={setStatus}
      />
      <StatusMessage text={status} />

      <PhotoGrid id={id} images={images} loadError={loadError} setImages={setImages} setStatus={setStatus} />
    </section>
  );
}
