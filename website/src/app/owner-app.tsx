import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@cabana/shared/admin-ui/query-client';
import type { Settings } from '@cabana/shared/domain/schemas/settings';
import { Layout, PageLoading } from '../components/layout/layout';
import { LiveFooter } from '../components/layout/live-footer';
import { paths } from '../config/paths';
import { es } from '../i18n/es';
import { I18nProvider } from '../i18n/i18n';
import { api } from '../lib/api';
import { PageDataProvider, useSettings } from '../lib/page-data';
import { metaFor } from './seo';

const LoginPage = lazy(() => import('./routes/login'));
const AdminPage = lazy(() => import('./routes/admin'));

/**
 * The screen's title (the shell's names the fresh-install business until the settings arrive),
 * and after a move between /login and the panel the focus on the new <main>, so keyboard and
 * screen-reader users start from the new content. The screen the app opened on already has it.
 */
function ScreenEffects() {
  const { pathname } = useLocation();
  const screen = pathname.startsWith(paths.admin) ? paths.admin : paths.login;
  const title = metaFor(screen, useSettings()).title;
  useEffect(() => {
    // Once mounted, the panel keeps the title itself ("(3) Resumen · <business>", admin-panel.tsx).
    if (screen === paths.admin && document.querySelector('.adm-panel')) return;
    document.title = title;
  }, [title, screen]);
  const shown = useRef(screen);
  useEffect(() => {
    if (shown.current === screen) return;
    shown.current = screen;
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
  // The shells carry no data island (they are built once, without data): the header and footer
  // around the panel show the defaults until the owner's current settings arrive, and a save in
  // the panel replaces them at once. Failing to load leaves the defaults: the panel still works.
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['getSettings'], queryFn: () => api.getSettings() });
  const saveSettings = useCallback(
    (saved: Settings) => queryClient.setQueryData(['getSettings'], saved),
    [queryClient],
  );
  const data = useMemo(() => (settings.data ? { settings: settings.data } : {}), [settings.data]);
  return (
    <PageDataProvider data={data}>
      <I18nProvider lang="es" messages={es}>
        <Layout path={pathname} footer={<LiveFooter />}>
          <ScreenEffects />
          <Suspense fallback={<PageLoading />}>
            <Routes>
              <Route path={paths.login} element={<LoginPage />} />
              {/* The panel's sections are routes of its own, under this one. */}
              <Route path={`${paths.admin}/*`} element={<AdminPage onSettingsSaved={saveSettings} />} />
              <Route path="*" element={<Navigate to={paths.login} replace />} />
            </Routes>
          </Suspense>
        </Layout>
      </I18nProvider>
    </PageDataProvider>
  );
}

/**
 * The owner's app at /login and /admin/*: client-routed (deep links to a panel section, Back and
 * Forward), unlike the public pages. The server answers every one of these paths with the same
 * noindex shell.
 */
export function OwnerApp() {
  const [queryClient] = useState(() => createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Screens />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
