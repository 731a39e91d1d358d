import path from 'node:path';
import { ApiError } from '@cabana/shared/api/errors';
import type { PublicSettings } from '@cabana/shared/domain/schemas/settings';
import { createDesktopApiClient, type DesktopApiClient } from './api-client';
import { createSettingsStore, parseServerUrl, SettingsError, type ServerAddress } from './settings';
import {
  createKnownDeviceStore,
  createTokenStore,
  TokenStoreUnavailableError,
  type KnownDevice,
  type SafeStorageLike,
} from './token-store';
import type { ConnectionInfo, DesktopSession } from '../../contract/ipc';

const SERVER_UNREACHABLE = (url: string) =>
  `No pudimos conectar con ${url}. Revisa la dirección y tu conexión a internet.`;
const NOT_CONFIGURED = 'Primero indica la dirección del servidor.';
export const SESSION_ENDED = 'Tu sesión terminó o fue cerrada desde otro equipo. Inicia sesión de nuevo.';

interface DesktopConnectionOptions {
  /** Electron's userData folder: settings and the encrypted token live there. */
  userDataDir: string;
  safeStorage: SafeStorageLike;
  onConnectionChange?: (connection: ConnectionInfo) => void;
  /** True while a bulk upload runs: the server cannot change meanwhile. */
  uploadsRunning(): boolean;
  /** Signing out: the bulk uploads stop. */
  onLogout(): void;
}

/**
 * The server address and the session of the desktop app: the remembered server, the bearer
 * token (it never leaves this object), the device proof, and authenticated calls (`authed`).
 */
export function createDesktopConnection(opts: DesktopConnectionOptions) {
  const settings = createSettingsStore(path.join(opts.userDataDir, 'settings.json'));
  const tokens = createTokenStore({
    filePath: path.join(opts.userDataDir, 'session.bin'),
    safeStorage: opts.safeStorage,
  });
  const devices = createKnownDeviceStore({
    filePath: path.join(opts.userDataDir, 'device.bin'),
    safeStorage: opts.safeStorage,
  });
  /** This run's proof when the OS offers no encryption to keep it in. */
  let deviceInMemory: KnownDevice | null = null;
  let address: ServerAddress | null = null;
  let token: string | null = null;
  let session: DesktopSession | null = null;
  let client: DesktopApiClient | null = null;
  /** The business settings as the server last answered them: main's link allowlist follows them. */
  let business: PublicSettings | null = null;

  function switchAddress(next: ServerAddress | null) {
    address = next;
    business = null;
    client = next ? createDesktopApiClient({ apiUrl: next.apiUrl, getToken: () => token }) : null;
  }

  function api(): DesktopApiClient {
    if (!client) throw new ApiError(400, { error: NOT_CONFIGURED, code: 'VALIDATION' });
    return client;
  }

  async function forgetSession(): Promise<void> {
    token = null;
    session = null;
    await tokens.clear();
  }

  /** Runs an authenticated call; a 401 means the token is gone on the server, so forget it. */
  async function authed<T>(fn: (c: DesktopApiClient) => Promise<T>): Promise<T> {
    const c = api();
    if (!token) throw new ApiError(401, { error: SESSION_ENDED, code: 'UNAUTHENTICATED' });
    try {
      return await fn(c);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        await forgetSession();
        throw new ApiError(401, { error: SESSION_ENDED, code: 'UNAUTHENTICATED' });
      }
      throw err;
    }
  }

  function connection(): ConnectionInfo {
    return { serverUrl: address?.serverUrl ?? null, canRememberSession: tokens.canPersist() };
  }

  return {
    authed,
    /** The server's address and the token, for the media protocol (null before a server is set). */
    mediaSource: () => (address ? { serverUrl: address.serverUrl, token } : null),
    /** The last settings the server answered, or null before any (the allowlist then uses the defaults). */
    currentSettings: (): PublicSettings | null => business,
    rememberSettings(value: PublicSettings): void {
      business = value;
    },
    /** Restores the remembered server and, if still valid, the stored session. */
    async init(): Promise<void> {
      const saved = await settings.load();
      if (saved.serverUrl) {
        try {
          switchAddress(parseServerUrl(saved.serverUrl));
        } catch {
          switchAddress(null);
        }
      }
      const stored = await tokens.load();
      if (stored && address && stored.apiUrl === address.apiUrl) {
        token = stored.token;
        session = { email: stored.email, expiresAt: stored.expiresAt };
      }
    },

    getConnection: (): Promise<ConnectionInfo> => Promise.resolve(connection()),

    async setServer(input: string): Promise<ConnectionInfo> {
      let next: ServerAddress;
      try {
        next = parseServerUrl(input);
      } catch (err) {
        const message = err instanceof SettingsError ? err.message : 'La dirección no es válida.';
        throw new ApiError(400, { error: message, code: 'VALIDATION', fields: { serverUrl: message } });
      }
      if (opts.uploadsRunning()) {
        throw new ApiError(409, {
          error: 'Espera a que termine la subida antes de cambiar de servidor.',
          code: 'CONFLICT',
        });
      }
      const probe = createDesktopApiClient({ apiUrl: next.apiUrl, getToken: () => null });
      try {
        const health = await probe.health();
        if (!health.ok) throw new Error('not ok');
      } catch {
        throw new ApiError(0, { error: SERVER_UNREACHABLE(next.serverUrl), code: 'NETWORK' });
      }
      if (next.apiUrl !== address?.apiUrl) await forgetSession();
      switchAddress(next);
      await settings.save({ serverUrl: next.serverUrl });
      opts.onConnectionChange?.(connection());
      return connection();
    },

    /** Who is signed in, asking the server (a revoked token gives null). */
    async getSession(): Promise<DesktopSession | null> {
      if (!client || !token) return null;
      try {
        const info = await client.getSession();
        session = { email: info.email, expiresAt: info.expiresAt };
        return session;
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) {
          await forgetSession();
          return null;
        }
        throw err;
      }
    },

    async login(email: string, password: string): Promise<DesktopSession> {
      const c = api();
      const known = deviceInMemory ?? (await devices.load());
      const result = await c.loginForToken(email, password, known?.apiUrl === c.baseUrl ? known.device : undefined);
      if (result.device) {
        deviceInMemory = { device: result.device, apiUrl: c.baseUrl };
        try {
          await devices.save(deviceInMemory);
          deviceInMemory = null;
        } catch (err) {
          if (!(err instanceof TokenStoreUnavailableError)) throw err;
        }
      }
      token = result.token;
      session = { email: result.email, expiresAt: result.expiresAt };
      try {
        await tokens.save({ token: result.token, email: result.email, expiresAt: result.expiresAt, apiUrl: c.baseUrl });
      } catch (err) {
        // Without OS encryption the token stays in memory for this run only (never in plain text).
        if (!(err instanceof TokenStoreUnavailableError)) throw err;
      }
      return session;
    },

    /** Revokes the token on the server and forgets it here, even if the server cannot be reached. */
    async logout(): Promise<{ revoked: boolean }> {
      let revoked = false;
      if (client && token) {
        try {
          await client.logout();
          revoked = true;
        } catch (err) {
          revoked = err instanceof ApiError && err.status === 401;
        }
      }
      opts.onLogout();
      await forgetSession();
      return { revoked };
    },
  };
}
