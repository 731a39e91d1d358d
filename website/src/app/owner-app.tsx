import { lazy, Suspense, useEffect, useRef } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Layout, PageLoading } from '../components/layout/layout';
import { paths } from '../config/paths';
import { metaFor } from './seo';

const LoginPage = lazy(() => import('./routes/login'));
const AdminPage = lazy(() => import('./routes/admin'));

/**
 * After a move between /login and the panel: its title, and the focus on the new <main> so
 * keyboard and screen-reader users start from the new content. The screen the app opened on
 * already has both from the server's shell.
 */
function ScreenEffects() {
  const { pathname } = useLocation();
  const screen = pathname.startsWith(paths.admin) ? paths.admin : paths.login;
  const shown = useRef(screen);
  useEffect(() => {
    if (shown.current === screen) return;
    shown.current = screen;
    document.title = metaFor(screen).title;
    const main = document.getElementById('contenido');
    if (main && !main.contains(document.activeElement)) {
      if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
      main.focus({ preventScroll: true });
    }
  }, [screen]);
  return null;
}

function Screens() {
  const { pathname } = useLocation();
  return (
    <Layout path={pathname}>
      <ScreenEffects />
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path={paths.login} element={<LoginPage />} />
          {/* The panel's sections are routes of its own, under this one. */}
          <Route path={`${paths.admin}/*`} element={<AdminPage />} />
          <Route path="*" element={<Navigate to={paths.login} replace />} />
        </Routes>
      </Suspense>
    </Layout>
  );
}

/**
 * The owner's app at /login and /admin/*: client-routed (deep links to a panel section, Back and
 * Forward), unlike the public pages. The server answers every one of these paths with the same
 * noindex shell.
 */
export function OwnerApp() {
  return (
    <BrowserRouter>
      <Screens />
    </BrowserRouter>
  );
}
