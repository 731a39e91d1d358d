import { LoginForm } from '@cabana/shared/admin-ui/login-form';
import type { AdminApi } from '@cabana/shared/admin-ui/admin-api';
import type { SessionInfo } from '@cabana/shared/domain/schemas/session';
import { useFocusHeading } from '../../lib/use-focus-heading';

interface Props {
  api: AdminApi;
  serverUrl: string;
  /** Why the owner is here again (session ended, signed out…). */
  notice?: string | null;
  canRememberSession: boolean;
  onSignedIn(session: SessionInfo): void;
  onChangeServer(): void;
}

/** The web panel's own sign-in form, sent through main (which keeps the token it gets back). */
export function SignInScreen({ api, serverUrl, notice, canRememberSession, onSignedIn, onChangeServer }: Props) {
  const heading = useFocusHeading();
  return (
    <main id="contenido" className="screen narrow">
      <h1 ref={heading} tabIndex={-1}>
        Iniciar sesión
      </h1>
      <p>
        Servidor: <span className="mono">{serverUrl}</span>{' '}
        <button type="button" className="link" onClick={onChangeServer}>
          Cambiar servidor
        </button>
      </p>
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      <LoginForm api={api} onSignedIn={onSignedIn} />
      {!canRememberSession && (
        <p className="hint">
          Este equipo no ofrece almacenamiento cifrado: la sesión no se guardará y tendrás que iniciar sesión cada vez
          que abras la aplicación.
        </p>
      )}
    </main>
  );
}
