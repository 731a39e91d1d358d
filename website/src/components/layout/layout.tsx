import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';
import { Footer } from './footer';
import { Header } from './header';
import { isPanelPath } from '../../config/paths';

/**
 * Shared frame of every page; each route renders its own <main id="contenido">. `path` is the
 * page shown, so the header can mark its link (pages are documents of their own: no router).
 * The admin panel is an app with its own header and navigation: no site header, footer or
 * WhatsApp button around it.
 */
export function Layout({
  path,
  footer = <Footer />,
  children,
}: {
  path: string;
  /** The owner's app passes the live footer: its shell was built without the owner's settings. */
  footer?: ReactNode;
  children: ReactNode;
}) {
  const { m } = useI18n();
  if (isPanelPath(path))
    return (
      <>
        <a className="skip-link" href="#contenido">
          {m.common.skipLink}
        </a>
        {children}
      </>
    );
  return (
    <>
      <a className="skip-link" href="#contenido">
        {m.common.skipLink}
      </a>
      <Header path={path} />
      {children}
      {footer}
    </>
  );
}

export function PageLoading() {
  const { m } = useI18n();
  return (
    <main id="contenido" className="page page--loading" tabIndex={-1}>
      <div className="container">
        <p className="loading" role="status">
          {m.common.loading}
        </p>
      </div>
    </main>
  );
}
