import { lazy, Suspense, useEffect, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { useSettings } from '../../lib/page-data';

/**
 * The form to get the link again (issue 32) is code only a wrong link needs: loaded with the page
 * a wrong link opens, never with a booking's page (which has no room left in the first-visit
 * budget). It needs JavaScript to send anyway, so the server's HTML leaves its place empty.
 */
const LostLinkForm = lazy(() => import('./lost-link-form').then((m) => ({ default: m.LostLinkForm })));

/** What a guest's private page shows for a wrong or incomplete link (with status 404). */
export function NotFoundBooking() {
  const s = useSettings();
  const { m, t, href } = useI18n();
  // Rendered only once hydrated: a lazy part the server reaches suspends there, and the boundary
  // it leaves unfinished is an error on hydration (React #419).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <main id="contenido" className="page" tabIndex={-1}>
      <div className="container narrow">
        <h1 className="page__title">{m.guest.notFoundTitle}</h1>
        <p>{t(m.guest.notFoundText, { phone: s.phone })}</p>
        {hydrated && (
          <Suspense fallback={null}>
            <LostLinkForm />
          </Suspense>
        )}
        <p>
          <a href={href('home')} className="button button--primary">
            {m.guest.home}
          </a>
        </p>
      </div>
    </main>
  );
}
