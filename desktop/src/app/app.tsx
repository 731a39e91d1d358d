import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminPanel } from '@cabana/shared/admin-ui/admin-panel';
import type { ConnectionInfo, DesktopSession } from '../../contract/ipc';
import type { Settings } from '@cabana/shared/domain/schemas/settings';
import { createBridgeAdminApi } from '../lib/bridge-admin-api';
import { errorMessage, getBridge, unwrap } from '../lib/bridge';
import { ServerScreen } from '../features/connection/server-screen';
import { UnreachableScreen } from '../features/connection/unreachable-screen';
import { SignInScreen } from '../features/auth/sign-in-screen';
import { BulkUpload } from '../features/bulk-upload/bulk-upload';

type Screen =
  | { name: 'loading' }
  | { name: 'server'; canCancel: boolean }
  | { name: 'unreachable'; message: string }
  | { name: 'sign-in'; notice: string | null }
  | { name: 'ready'; session: DesktopSession };

/** The app's two screens once signed in; the panel's sections are routes under PANEL_PATH. */
export const BULK_PATH = '/subida';
const PANEL_PATH = '/panel';

const SESSION_ENDED_NOTICE = 'Tu sesión terminó o fue cerrada. Inicia sesión de nuevo.';

export function App() {
  const bridge = getBridge();
  const api = useMemo(() => createBridgeAdminApi(bridge), [bridge]);
  const [connection, setConnection] = useState<ConnectionInfo | null>(null);
  const [screen, setScreen] = useState<Screen>({ name: 'loading' });
  const navigate = useNavigate();
  const inPanel = useLocation().pathname.startsWith(PANEL_PATH);

  const resolveSession = useCallback(async () => {
    setScreen({ name: 'loading' });
    try {
      const conn = await unwrap(bridge.getConnection());
      setConnection(conn);
      if (!conn.serverUrl) {
        setScreen({ name: 'server', canCancel: false });
        return;
      }
      const session = await unwrap(bridge.getSession());
      setScreen(session ? { name: 'ready', session } : { name: 'sign-in', notice: null });
    } catch (err) {
      setScreen({ name: 'unreachable', message: errorMessage(err) });
    }
  }, [bridge]);

  useEffect(() => {
    void resolveSession();
  }, [resolveSession]);

  const sessionLost = useCallback(() => setScreen({ name: 'sign-in', notice: SESSION_ENDED_NOTICE }), []);

  const serverUrl = connection?.serverUrl ?? '';

  // The business's name as the owner set it (Ajustes), in the top bar and the window's title, read
  // once signed in and kept with the server it came from: on the server and sign-in screens, and on
  // another server until its own settings are read (or if they cannot be), the app is just
  // "Administración".
  const ready = screen.name === 'ready';
  const queryClient = useQueryClient();
  const named = useQuery({
    queryKey: ['getSettings', serverUrl],
    queryFn: () => api.getSettings(),
    select: (settings) => settings.name,
    enabled: ready,
  });
  const name = ready ? (named.data ?? null) : null;
  const appTitle = name ? `${name} · Administración` : 'Administración';
  const settingsSaved = useCallback(
    (saved: Settings) => queryClient.setQueryData(['getSettings', serverUrl], saved),
    [queryClient, serverUrl],
  );
  useEffect(() => {
    document.title = appTitle;
  }, [appTitle]);

  switch (screen.name) {
    case 'loading':
      return (
        <main id="contenido" className="screen narrow" aria-busy="true">
          <p role="status">Cargando…</p>
        </main>
      );
    case 'server':
      return (
        <ServerScreen
          current={connection?.serverUrl ?? null}
          onConnected={(conn) => {
            setConnection(conn);
            void resolveSession();
          }}
          onCancel={screen.canCancel ? () => void resolveSession() : undefined}
        />
      );
    case 'unreachable':
      return (
        <UnreachableScreen
          serverUrl={serverUrl}
          message={screen.message}
          onRetry={() => void resolveSession()}
          onChangeServer={() => setScreen({ name: 'server', canCancel: true })}
        />
      );
    case 'sign-in':
      return (
        <SignInScreen
          api={api}
          serverUrl={serverUrl}
          notice={screen.notice}
          canRememberSession={connection?.canRememberSession ?? true}
          onSignedIn={(s) => setScreen({ name: 'ready', session: { email: s.email, expiresAt: s.expiresAt } })}
          onChangeServer={() => setScreen({ name: 'server', canCancel: true })}
        />
      );
    case 'ready':
      return (
        <div className="shell">
          <header className="topbar">
            <p className="brand">{appTitle}</p>
            <p className="server">
              <span className="mono">{serverUrl}</span>{' '}
              <button type="button" className="link" onClick={() => setScreen({ name: 'server', canCancel: true })}>
                Cambiar servidor
              </button>
            </p>
            <nav aria-label="Secciones de la aplicación" className="tabs">
              <button type="button" aria-pressed={!inPanel} onClick={() => void navigate(BULK_PATH)}>
                Subida masiva
              </button>
              <button type="button" aria-pressed={inPanel} onClick={() => void navigate(PANEL_PATH)}>
                Panel
              </button>
            </nav>
          </header>
          <main id="contenido">
            <Routes>
              <Route path={BULK_PATH} element={<BulkUpload onSessionLost={sessionLost} />} />
              <Route
                path={`${PANEL_PATH}/*`}
                element={
                  <AdminPanel
                    // The window's title is the app's (above); main's badge carries the alerts' count.
                    windowTitle={false}
                    api={api}
                    email={screen.session.email}
                    onSettingsSaved={settingsSaved}
                    onSignedOut={(reason) =>
                      setScreen({
                        name: 'sign-in',
                        notice: reason === 'logout' ? 'Cerraste la sesión.' : SESSION_ENDED_NOTICE,
                      })
                    }
                  />
                }
              />
              <Route path="*" element={<Navigate to={BULK_PATH} replace />} />
            </Routes>
          </main>
        </div>
      );
  }
}
