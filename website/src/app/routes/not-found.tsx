import { useI18n } from '../../i18n/i18n';

export default function NotFound() {
  const { m, href } = useI18n();
  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="container narrow">
        <h1 className="page__title">{m.notFound.title}</h1>
        <p>{m.notFound.text}</p>
        <p>
          <a href={href('home')} className="button button--primary">
            {m.notFound.home}
          </a>
        </p>
      </div>
    </main>
  );
}
