import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Header } from './header';

/**
 * Shared frame of every page; each route renders its own <main id="contenido">. `path` is the
 * page shown, so the header can mark its link (pages are documents of their own: no router).
 */
export function Layout({ path, children }: { path: string; children: ReactNode }) {
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
