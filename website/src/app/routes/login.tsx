import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LoginForm } from '@cabana/shared/admin-ui/login-form';
import { paths } from '../../config/paths';
import { httpAdminApi } from '../../features/admin/api/http-admin-api';
import { readEmailHint, saveEmailHint } from '../../features/admin/email-hint';

/** What the panel passed along: why it closed, or the section to return to after signing in. */
function loginState(state: unknown): { notice: string | null; from: string } {
  const s = typeof state === 'object' && state !== null ? (state as { notice?: unknown; from?: unknown }) : {};
  const from = typeof s.from === 'string' && s.from.startsWith(`${paths.admin}/`) ? s.from : paths.admin;
  return { notice: typeof s.notice === 'string' ? s.notice : null, from };
}

/** /login: the server checks the credentials and sets an HttpOnly session cookie. */
export default function LoginRoute() {
  const navigate = useNavigate();
  const [defaultEmail] = useState(readEmailHint);
  const state: unknown = useLocation().state;
  const { notice, from } = loginState(state);

  // Someone already signed in goes straight to the panel. Only browsers that signed in before
  // ask: a first visit has no session to find and would just get a 401. If the server cannot be
  // reached the form stays, and signing in will say so.
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: ['getSession'],
    queryFn: () => httpAdminApi.getSession(),
    enabled: defaultEmail !== '',
  });
  useEffect(() => {
    if (session.data) void navigate(from, { replace: true });
  }, [session.data, navigate, from]);

  return (
    <main id="contenido" className="page page--login">
      <div className="container">
        <h1>Iniciar sesión</h1>
        <p>Acceso para el administrador de la cabaña.</p>
        {notice && <p role="status">{notice}</p>}
        <LoginForm
          api={httpAdminApi}
          defaultEmail={defaultEmail}
          onSignedIn={(session) => {
            saveEmailHint(session.email);
            // The panel's route starts from it instead of asking again.
            queryClient.setQueryData(['getSession'], session);
            void navigate(from, { replace: true });
          }}
        />
      </div>
    </main>
  );
}
