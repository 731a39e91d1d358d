import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminPanel, type SignOutReason } from '@cabana/shared/admin-ui/admin-panel';
import { asErrorLike } from '@cabana/shared/admin-ui/api-error';
import type { Settings } from '@cabana/shared/domain/schemas/settings';
import { paths } from '../../config/paths';
import { httpAdminApi } from '../../features/admin/api/http-admin-api';

/** Shown on /login so the admin knows why the panel closed. */
const SIGN_OUT_NOTICES: Record<SignOutReason, string> = {
  logout: 'Cerraste la sesión.',
  expired: 'Tu sesión terminó. Vuelve a iniciar sesión para seguir.',
};

/**
 * /admin and its sections: the server says who is signed in; no one means back to /login, which
 * returns here (the same section) after signing in.
 */
export default function AdminRoute({ onSettingsSaved }: { onSettingsSaved: (settings: Settings) => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const session = useQuery({ queryKey: ['getSession'], queryFn: () => httpAdminApi.getSession() });

  const toLogin = useCallback(
    (reason?: SignOutReason) => {
      // The session this screen knew is over: /login, and /admin after it, ask the server again.
      queryClient.removeQueries({ queryKey: ['getSession'] });
      void navigate(paths.login, {
        replace: true,
        state: { notice: reason ? SIGN_OUT_NOTICES[reason] : null, from: pathname },
      });
    },
    [navigate, pathname, queryClient],
  );

  // The server's own answer, not an earlier one still cached while it is asked again.
  const signedOut = session.isSuccess && !session.isFetching && session.data === null;
  useEffect(() => {
    if (signedOut) toLogin();
  }, [signedOut, toLogin]);

  return (
    <main id="contenido" className="page page--admin">
      {session.data ? (
        <AdminPanel
          api={httpAdminApi}
          email={session.data.email}
          onSignedOut={toLogin}
          onSettingsSaved={onSettingsSaved}
        />
      ) : session.error ? (
        <div className="container">
          <h1>Panel de administración</h1>
          <p role="alert">{asErrorLike(session.error).message}</p>
          <button type="button" className="adm-button" onClick={() => void session.refetch()}>
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
