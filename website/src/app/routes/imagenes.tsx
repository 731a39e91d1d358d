import { UploadForm } from '../../features/upload/upload-form';

export default function ImagenesRoute() {
  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="page__header">
        <div className="container">
          <h1 className="page__title">Comparte tus fotos</h1>
          <p className="page__lead">
            ¿Pasaste unos días con nosotros? Sube tus mejores fotos de la cabaña o de Tolú. Las revisamos antes de
            publicarlas en la galería.
          </p>
        </div>
      </div>
      <div className="container narrow">
        <UploadForm />
        <p className="muted small">
          Al subir una foto confirmas que la tomaste tú y nos autorizas a mostrarla en este sitio. Quitamos los datos de
          ubicación (GPS) y demás metadatos de cada foto.
        </p>
      </div>
    </main>
  );
}
