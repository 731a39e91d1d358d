import { useId, useRef, useState, type FormEvent } from 'react';
import type { SessionInfo } from '../domain/schemas/session';
import { LIMITS } from '../domain/config/limits';
import type { AdminApi } from './admin-api';
import { asErrorLike } from './api-error';
import { AlertMessage } from './messages';
import './admin.css';

export interface LoginFormProps {
  api: AdminApi;
  onSignedIn(session: SessionInfo): void;
  /** E-mail to prefill (a hint the host remembered; never a credential). */
  defaultEmail?: string;
}

export const BAD_CREDENTIALS_MESSAGE = 'Credenciales incorrectas';

/** Sign-in form. The server checks the credentials; this only sends them and reports the verdict. */
export function LoginForm({ api, onSignedIn, defaultEmail = '' }: LoginFormProps) {
  const id = useId();
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const session = await api.login(email.trim(), password);
      setPassword('');
      onSignedIn(session);
    } catch (err) {
      const e = asErrorLike(err);
      // 429 and network failures carry their own instructions (how long to wait, what to check).
      let message = e.status === 401 || e.status === 400 || e.status === 403 ? BAD_CREDENTIALS_MESSAGE : e.message;
      if (e.status === 429 && e.retryAfter && !/\d/.test(message)) {
        message = `${message} Inténtalo de nuevo en ${Math.ceil(e.retryAfter / 60)} min.`;
      }
      setError(message);
      setPassword('');
      passwordRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="adm-login" onSubmit={submit} aria-busy={busy}>
      <div className="adm-field">
        <label htmlFor={`${id}-email`}>Correo electrónico</label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="username"
          required
          maxLength={LIMITS.emailMax}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <div className="adm-field">
        <label htmlFor={`${id}-password`}>Contraseña</label>
        <input
          id={`${id}-password`}
          ref={passwordRef}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          maxLength={LIMITS.passwordMax}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <div id={`${id}-error`}>
        <AlertMessage text={error} />
      </div>
      <button type="submit" className="adm-button adm-button--primary" disabled={busy}>
        {busy ? 'Entrando…' : 'Entrar'}
      </button>
    </form>
  );
}
