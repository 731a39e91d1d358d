import { useI18n } from '../../i18n/i18n';
import { useSettings } from '../../lib/page-data';
import { LostLinkForm } from './lost-link-form';

/** What a guest's private page shows for a wrong or incomplete link (with status 404). */
export function NotFoundBooking() {
  const s = useSettings();
  const { m, t, href } = useI18n();
  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="container narrow">
        <h1 className="page__title">{m.guest.notFoundTitle}</h1>
        <p>{t(m.guest.notFoundText, { phone: s.phone })}</p>
        <LostLinkForm />
        <p>
          <a href={href('home')} className="button button--primary">
            {m.guest.home}
          </a>
        </p>
      </div>
    </main>
  );
}
