import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Header } from './header';
import { isPanelPath } from '../../config/paths';

/**
 * Shared frame of every page; each route renders its own <main id="contenido">. `path` is the
 * page shown, so the header can mark its link (pages are documents of their own: no router).
 * The admin panel is an app with its own header and navigation: no site header, footer or
 * WhatsApp button around it.
 */
export function Layout({ path, children }: { path: string; children: ReactNode }) {
  if (isPanelPath(path))
    return (
      <>
        <a className="skip-link" href="#contenido">
          Saltar al contenido
        </a>
        {children}
      </>
    );
  return (
    <>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <Header path={path} />
      {children}
      <Footer />
    </>
  );
}

export function PageLoading() {
  return (
    <main id="contenido" className="page page--loading" tabIndex={-1}>
      <div className="container">
        <p className="loading" role="status">
          Cargando…
        </p>
      </div>
    </main>
  );
}
