import { paths } from '../../config/paths';

export default function NotFound() {
  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="container narrow">
        <h1 className="page__title">Página no encontrada</h1>
        <p>La página que buscas no existe o cambió de dirección.</p>
        <p>
          <a href={paths.home} className="button button--primary">
            Volver al inicio
          </a>
        </p>
      </div>
    </main>
  );
}
