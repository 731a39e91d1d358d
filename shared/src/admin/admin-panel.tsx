import { useCallback, useMemo, useRef, useState, type MouseEvent } from 'react';
import type { Image } from '../schemas/image';
import { useLoad } from '../lib/use-load';
import type { AdminApi } from './admin-api';
import { asErrorLike } from './api-error';
import { PanelContext, type PanelContextValue } from './panel-context';
import { PriceSection } from './price-section';
import { PhotosSection } from './photos-section';
import { PendingSection } from './pending-section';
import { InboxSection } from './inbox-section';
import { SettingsSection } from './settings-section';
import './admin.css';

const SECTIONS = [
  ['adm-precio', 'Precio'],
  ['adm-fotos', 'Fotos'],
  ['adm-pendientes', 'Pendientes'],
  ['adm-bandeja', 'Bandeja'],
  ['adm-ajustes', 'Ajustes'],
] as const;

/**
 * Moves to a section without touching the URL: hosts own their routing (the website's
 * router, the desktop's single page), and focus follows for keyboard users.
 */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, target: string) {
  const section = document.getElementById(target);
  if (!section) return;
  event.preventDefault();
  section.scrollIntoView({ block: 'start' });
  section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
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
  onSignedOut(reason: SignOutReason): void;
}

/**
 * The whole admin panel. It depends only on the AdminApi it is given, React and shared code,
 * so the website (HTTP + cookie) and the desktop app (preload bridge + token) mount it alike.
 */
export function AdminPanel({ api, email, onSignedOut }: AdminPanelProps) {
  const signedOutRef = useRef(onSignedOut);
  signedOutRef.current = onSignedOut;
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
      const e = asErrorLike(err);
      if (e.status === 401) {
        signOut('expired');
        return null;
      }
      return e.message;
    },
    [signOut],
  );

  const context = useMemo<PanelContextValue>(() => ({ api, failure }), [api, failure]);

  const images = useLoad(async () => (await api.listImages()).filter((i) => i.status !== 'pending'), [api, failure], {
    mapError: failure,
  });
  const setImages = images.setData;
  const changeImages = useCallback(
    (update: (all: Image[]) => Image[]) => setImages((all) => update(all ?? [])),
    [setImages],
  );

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
    <PanelContext.Provider value={context}>
      <div className="adm-panel">
        <header className="adm-header">
          <div>
            <h1 className="adm-title">Panel de administración</h1>
            <p className="adm-muted">
              Sesión iniciada como <strong>{email}</strong>
            </p>
          </div>
          <button type="button" className="adm-button" onClick={() => void logout()} disabled={leaving}>
            {leaving ? 'Cerrando sesión…' : 'Cerrar sesión'}
          </button>
        </header>
        {logoutError && (
          <p className="adm-alert" role="alert">
            {logoutError}
          </p>
        )}
        <nav className="adm-nav" aria-label="Secciones del panel">
          <ul>
            {SECTIONS.map(([target, label]) => (
              <li key={target}>
                <a href={`#${target}`} onClick={(event) => jumpTo(event, target)}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <PriceSection />
        <PhotosSection images={images.data} loadError={images.error} onImagesChange={changeImages} />
        <PendingSection
          onApproved={(image) => changeImages((all) => [...all.filter((i) => i.id !== image.id), image])}
        />
        <InboxSection />
        <SettingsSection />
      </div>
    </PanelContext.Provider>
  );
}
