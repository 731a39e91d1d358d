import { BUSINESS } from '@cabana/shared/domain/config/business';
import { DEFAULT_SETTINGS } from '@cabana/shared/domain/config/settings';
import type { Settings } from '@cabana/shared/domain/schemas/settings';
import type { IpcMainInvokeEvent, SafeStorage, Session, WebContents } from 'electron';
import type { SafeStorageLike } from '../lib/token-store';

/**
 * Hosts whose https links may open in the system browser (the business' own links), for the
 * owner's current settings: their social profiles' hosts (which the settings schema keeps to the
 * known networks' own hosts). No Google host: its `/url?q=` redirector sends anywhere, so a link
 * to it would be a link to any site. The app shows no map; a maps link is refused like any other.
 */
export function externalHostsFor(settings: Pick<Settings, 'socials'> | null | undefined): readonly string[] {
  return [
    'wa.me',
    'api.whatsapp.com',
    new URL(BUSINESS.siteUrl).hostname,
    ...(settings ?? DEFAULT_SETTINGS).socials.map((s) => new URL(s.url).hostname),
  ];
}

/** The allowlist before the server has said anything: a fresh install's settings. */
export const EXTERNAL_HOSTS: readonly string[] = externalHostsFor(DEFAULT_SETTINGS);

/**
 * Whether a link may leave the app for the system browser: https on an allowed host (or the
 * configured server), or a mailto:. Everything else opens nothing.
 */
export function isAllowedExternalUrl(
  raw: string,
  serverOrigin?: string | null,
  hosts: readonly string[] = EXTERNAL_HOSTS,
): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol === 'mailto:') return true;
  if (url.username || url.password) return false;
  if (serverOrigin && url.origin === serverOrigin) return url.protocol === 'https:' || url.protocol === 'http:';
  return url.protocol === 'https:' && hosts.includes(url.hostname);
}

export interface AppLocation {
  /** file:// URL of the built index.html, or the Vite dev server URL in development. */
  url: string;
}

/** True when `raw` is the app's own page (the only thing the window may show). */
export function isAppUrl(raw: string, app: AppLocation): boolean {
  let url: URL;
  let base: URL;
  try {
    url = new URL(raw);
    base = new URL(app.url);
  } catch {
    return false;
  }
  if (base.protocol === 'file:') return url.protocol === 'file:' && url.pathname === base.pathname;
  return url.origin === base.origin;
}

/**
 * Navigation away is blocked, `window.open` opens nothing in the app (allowed links go to the
 * system browser), and <webview> cannot be attached.
 */
export function installNavigationGuards(
  contents: WebContents,
  opts: {
    app: AppLocation;
    openExternal: (url: string) => unknown;
    serverOrigin: () => string | null;
    /** The business' hosts as of now (they follow the owner's settings); the defaults' without it. */
    externalHosts?: () => readonly string[];
  },
): void {
  const allowed = (url: string) => isAllowedExternalUrl(url, opts.serverOrigin(), opts.externalHosts?.());
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (!isAppUrl(url, opts.app)) {
      event.preventDefault();
      if (allowed(url)) void opts.openExternal(url);
    }
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-frame-navigate', (event) => {
    if (!isAppUrl(event.url, opts.app)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (allowed(url)) void opts.openExternal(url);
    return { action: 'deny' };
  });
}

/** The app asks for no camera, microphone, location, notifications…: every request is refused. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

/** An IPC message is trusted only from the top frame of a window showing the app's own page. */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>, app: AppLocation): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent) return false;
  return isAppUrl(frame.url, app);
}

/**
 * safeStorage as the token store should see it. On Linux without a keyring Electron falls back
 * to 'basic_text', a fixed key that is obfuscation, not encryption: count that as unavailable
 * so the token is never written under it.
 */
export function strictSafeStorage(safe: SafeStorage, platform: NodeJS.Platform = process.platform): SafeStorageLike {
  return {
    isEncryptionAvailable: () =>
      safe.isEncryptionAvailable() &&
      (platform !== 'linux' || !['basic_text', 'unknown'].includes(safe.getSelectedStorageBackend())),
    encryptString: (plain) => safe.encryptString(plain),
    decryptString: (data) => safe.decryptString(data),
  };
}
