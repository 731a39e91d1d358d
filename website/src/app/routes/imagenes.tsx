import { useI18n } from '../../i18n/i18n';
import { Island } from '../../islands/island';
import UploadForm from '../../islands/upload-form';

export default function ImagenesRoute() {
  const { m } = useI18n();
  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="page__header">
        <div className="container">
          <h1 className="page__title">{m.upload.title}</h1>
          <p className="page__lead">{m.upload.lead}</p>
        </div>
      </div>
      <div className="container narrow">
        <Island name="upload-form" component={UploadForm} props={{}} groups={['upload', 'form', 'errors']} data />
        <p className="muted small">{m.upload.note}</p>
      </div>
    </main>
  );
}
