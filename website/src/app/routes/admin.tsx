import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from '../../lib/router';
import { AdminPanel, type SignOutReason } from '@cabana/shared/admin/admin-panel';
import { asErrorLike } from '@cabana/shared/admin/api-error';
import { paths } from '../../config/paths';
import { httpAdminApi } from '../../features/admin/api/http-admin-api';

/** Shown on /login so the admin knows why the panel closed. */
export const SIGN_OUT_NOTICES: Record<SignOutReason, string> = {
  logout: 'Cerraste la sesión.',
  expired: 'Tu sesión terminó. Vuelve a iniciar sesión para seguir.',
};

type State = { kind: 'checking' } | { kind: 'ready'; email: string } | { kind: 'error'; message: string };

/** /admin: the server says who is signed in; no one means back to /login. */
export default function AdminRoute() {
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);

  const toLogin = useCallback(
    (reason?: SignOutReason) =>
      navigate(paths.login, { replace: true, state: reason ? { notice: SIGN_OUT_NOTICES[reason] } : null }),
    [navigate],
  );

  useEffect(() => {
    let live = true;
    httpAdminApi.getSession().then(
      (session) => {
        if (!live) return;
        if (session) setState({ kind: 'ready', email: session.email });
        else toLogin();
      },
      (err) => {
        if (live) setState({ kind: 'error', message: asErrorLike(err).message });
      },
    );
    return () => {
      live = false;
    };
  }, [toLogin, attempt]);

  return (
    <main id="contenido" className="page page--admin">
      {state.kind === 'ready' ? (
        <AdminPanel api={httpAdminApi} email={state.email} onSignedOut={toLogin} />
      ) : state.kind === 'error' ? (
        <div className="container">
          <h1>Panel de administración</h1>
          <p role="alert">{state.message}</p>
          <button type="button" className="adm-button" onClick={() => setAttempt((n) => n + 1)}>
            Reintentar
          </button>
        </div>
      ) : (
        <div className="container">
          <p role="status">Comprobando la sesión…</p>
        </div>
      )}
    </main>
  );
}
