import { useCallback, useEffect, useMemo, useState } from 'react';
import { AdminPanel } from '@cabana/shared/admin/admin-panel';
import type { ConnectionInfo, DesktopSession } from '../../contract/ipc';
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

const SESSION_ENDED_NOTICE = 'Tu sesión terminó o fue cerrada. Inicia sesión de nuevo.';

export function App() {
  const bridge = getBridge();
  const api = useMemo(() => createBridgeAdminApi(bridge), [bridge]);
  const [connection, setConnection] = useState<ConnectionInfo | null>(null);
  const [screen, setScreen] = useState<Screen>({ name: 'loading' });
  const [tab, setTab] = useState<'panel' | 'bulk'>('bulk');

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
            <p className="brand">Brisas del Golfo · Administración</p>
            <p className="server">
              <span className="mono">{serverUrl}</span>{' '}
              <button type="button" className="link" onClick={() => setScreen({ name: 'server', canCancel: true })}>
                Cambiar servidor
              </button>
            </p>
            <nav aria-label="Secciones de la aplicación" className="tabs">
              <button type="button" aria-pressed={tab === 'bulk'} onClick={() => setTab('bulk')}>
                Subida masiva
              </button>
              <button type="button" aria-pressed={tab === 'panel'} onClick={() => setTab('panel')}>
                Panel
              </button>
            </nav>
          </header>
          <main id="contenido">
            {tab === 'panel' ? (
              <AdminPanel
                api={api}
                email={screen.session.email}
                onSignedOut={(reason) =>
                  setScreen({
                    name: 'sign-in',
                    notice: reason === 'logout' ? 'Cerraste la sesión.' : SESSION_ENDED_NOTICE,
                  })
                }
              />
            ) : (
              <BulkUpload onSessionLost={sessionLost} />
            )}
          </main>
        </div>
      );
  }
}
