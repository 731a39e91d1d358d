import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  NavLink,
  Navigate,
  NavigationType,
  Route,
  Routes,
  useLocation,
  useNavigationType,
  useParams,
} from 'react-router-dom';
import { QueryCache, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { Settings } from '../domain/schemas/settings';
import { createQueryClient } from './query-client';
import type { AdminApi } from './admin-api';
import { asErrorLike } from './api-error';
import { PanelContext, failureMessage, type PanelContextValue } from './panel-context';
import { DEFAULT_SECTION, PANEL_SECTIONS } from './sections';
import { usePanelData } from './panel-data';
import './admin.css';

/**
 * Where the host mounted the panel (`/admin` on the web): the address without the part the
 * panel's own routes match. Links are built from it because react-router 7 resolves relative
 * links inside a splat route (`/admin/*`) from the whole address, section included.
 */
function usePanelBase(): string {
  const { pathname } = useLocation();
  const rest = useParams()['*'] ?? '';
  return pathname.slice(0, pathname.length - rest.length).replace(/\/+$/, '');
}

/**
 * A section the admin moved to (a link, Back or Forward) gets the focus on its heading, so
 * keyboard and screen-reader users start from the new content; the section the panel opens on
 * (or is redirected to) does not steal it.
 */
function ShownSection({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const moved = key !== 'default' && navigationType !== NavigationType.Replace;
  useEffect(() => {
    if (moved) ref.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [moved]);
  return <div ref={ref}>{children}</div>;
}

/** How often the panel asks how many things wait (the count in the window's title). */
const ALERTS_EVERY_MS = 60_000;

/**
 * The section shown, as named in the navigation, or null outside a known one. Hosts mount the
 * panel under their own route, so the section is the last segment of the address.
 */
function useSectionLabel(): string | null {
  const rest = useParams()['*'] ?? '';
  const path = rest.split('/')[0] || DEFAULT_SECTION;
  return PANEL_SECTIONS.find((s) => s.path === path)?.label ?? null;
}

/**
 * The panel's own header: the business name (from the settings), who is signed in and the way
 * out. It also keeps the window's title: "(3) Resumen · <business>", the count being what waits
 * for the owner (GET /api/avisos, asked again every minute).
 */
function PanelHeader({
  base,
  email,
  leaving,
  windowTitle,
  onLogout,
}: {
  base: string;
  email: string;
  leaving: boolean;
  windowTitle: boolean;
  onLogout: () => void;
}) {
  const settings = usePanelData('getOwnerSettings');
  const alerts = usePanelData('getAlerts', ALERTS_EVERY_MS);
  const section = useSectionLabel();
  const name = settings.data?.name ?? null;
  const count = alerts.data?.count ?? 0;
  useEffect(() => {
    if (!windowTitle) return;
    const parts = [section ?? 'Panel de administración', name].filter((p): p is string => Boolean(p));
    document.title = `${count > 0 ? `(${count}) ` : ''}${parts.join(' · ')}`;
  }, [windowTitle, section, name, count]);
  return (
    <header className="adm-header">
      <div>
        <p className="adm-brand">{name ?? '\u00a0'}</p>
        <h1 className="adm-title">Panel de administración</h1>
        <p className="adm-muted adm-who">
          Sesión iniciada como <strong>{email}</strong>
        </p>
      </div>
      <div className="adm-header-actions">
        {count > 0 && (
          // Opens "Qué hacer hoy" (the overview), where each alert is listed with its link.
          <NavLink
            to={`${base}/${DEFAULT_SECTION}`}
            className={() => 'adm-badge adm-badge--warn adm-badge--link'}
            aria-label={`${count} ${count === 1 ? 'aviso' : 'avisos'}: ver qué hacer hoy`}
          >
            {count} {count === 1 ? 'aviso' : 'avisos'}
          </NavLink>
        )}
        <button type="button" className="adm-button" onClick={onLogout} disabled={leaving}>
          {leaving ? 'Cerrando sesión…' : 'Cerrar sesión'}
        </button>
      </div>
    </header>
  );
}

/** The panel's API and callbacks, and its own query cache, for every section. */
function PanelProviders({
  context,
  queries,
  children,
}: {
  context: PanelContextValue;
  queries: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queries}>
      <PanelContext.Provider value={context}>{children}</PanelContext.Provider>
    </QueryClientProvider>
  );
}

export type SignOutReason = 'logout' | 'expired';

export interface AdminPanelProps {
  api: AdminApi;
  /** Who is signed in, as the server said. */
  email: string;
  /**
   * The session ended: 'logout' when the admin chose to leave, 'expired' when the server
   * answered 401 (expired or revoked). The host shows its sign-in again.
   */
  onSignedOut: (reason: SignOutReason) => void;
  /**
   * The owner saved the settings (the server's answer): a host that shows business facts around
   * the panel (the website's header and footer) shows the new ones at once.
   */
  onSettingsSaved?: (settings: Settings) => void;
  /**
   * The panel keeps the window's title ("(3) Resumen · <business>", the count of what waits);
   * false for a host that keeps its own (the desktop app, whose badge carries the count).
   */
  windowTitle?: boolean;
}

/**
 * The whole admin panel. It depends only on the AdminApi it is given, React, react-router,
 * TanStack Query and shared code, so the website (HTTP + cookie) and the desktop app (preload
 * bridge + token) mount it alike. Each section is a route relative to where the host mounts the
 * panel; the host provides the router (the browser's history on the web, one in memory in the
 * desktop app). The panel brings its own query cache: what one session loaded is gone with it.
 */
export function AdminPanel({ api, email, onSignedOut, onSettingsSaved, windowTitle = true }: AdminPanelProps) {
  const signedOutRef = useRef(onSignedOut);
  useEffect(() => {
    signedOutRef.current = onSignedOut;
  }, [onSignedOut]);
  const gone = useRef(false);
  const [leaving, setLeaving] = useState(false);
  const [logoutError, setLogoutError] = useState<string | null>(null);

  const signOut = useCallback((reason: SignOutReason) => {
    // Several calls can fail with 401 at once; the host hears it once.
    if (gone.current) return;
    gone.current = true;
    signedOutRef.current(reason);
  }, []);

  const failure = useCallback(
    (err: unknown): string | null => {
      if (asErrorLike(err).status === 401) signOut('expired');
      return failureMessage(err);
    },
    [signOut],
  );

  const context = useMemo<PanelContextValue>(
    () => ({ api, failure, settingsSaved: onSettingsSaved }),
    [api, failure, onSettingsSaved],
  );

  // One cache per mounted panel (both hosts keep one AdminApi for the app's life; signing out or
  // changing servers unmounts the panel), so nothing one session loaded is shown to the next.
  // Each failed load tells `failure` once, however many sections show that data.
  const [queries] = useState(() =>
    createQueryClient({ queryCache: new QueryCache({ onError: (err) => void failure(err) }) }),
  );
  const base = usePanelBase();

  async function logout() {
    setLeaving(true);
    setLogoutError(null);
    try {
      await api.logout();
      signOut('logout');
    } catch (err) {
      const e = asErrorLike(err);
      // A 401 here means the session was already gone: signed out either way.
      if (e.status === 401) signOut('logout');
      else {
        setLogoutError(e.message);
        setLeaving(false);
      }
    }
  }

  return (
    <PanelProviders context={context} queries={queries}>
      <div className="adm-panel adm-app">
        <PanelHeader
          base={base}
          email={email}
          leaving={leaving}
          windowTitle={windowTitle}
          onLogout={() => void logout()}
        />
        {logoutError && (
          <p className="adm-alert" role="alert">
            {logoutError}
          </p>
        )}
        <div className="adm-body">
          <nav className="adm-nav" aria-label="Secciones del panel">
            <ul>
              {PANEL_SECTIONS.map((section) => (
                <li key={section.path}>
                  {/* Marks itself with aria-current when its section is shown; no class of react-router's own
                      ("active"): the panel styles only adm- classes, so it never restyles a host page. */}
                  <NavLink to={`${base}/${section.path}`} className={() => undefined}>
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="adm-content">
            <Routes>
              <Route index element={<Navigate to={`${base}/${DEFAULT_SECTION}`} replace />} />
              {PANEL_SECTIONS.map((section) => (
                <Route
                  key={section.path}
                  path={section.path}
                  element={<ShownSection>{section.element}</ShownSection>}
                />
              ))}
              <Route
                path="*"
                element={
                  <p className="adm-alert" role="alert">
                    Esa sección del panel no existe. Elige una en el menú.
                  </p>
                }
              />
            </Routes>
          </div>
        </div>
      </div>
    </PanelProviders>
  );
}
