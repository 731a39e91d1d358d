import type { SafeStorageLike } from './token-store';
import { createMediaHandler } from './media-protocol';
import { createDesktopConnection } from './desktop-connection';
import { createDesktopUploads, type UploadSettings } from './desktop-uploads';
import { callPanelRoute } from './desktop-panel-calls';
import type { Api, PanelRouteName } from '@cabana/shared/api/contract';
import type { RouteResult } from '@cabana/shared/api/route';
import type { PublicSettings } from '@cabana/shared/domain/schemas/settings';
import { ApiError } from '@cabana/shared/api/errors';
import type { ConnectionInfo } from '../../contract/ipc';

export { SESSION_ENDED } from './desktop-connection';
export { PATH_NOT_GRANTED } from './desktop-uploads';

export interface DesktopServiceOptions extends UploadSettings {
  /** Electron's userData folder: settings and the encrypted token live there. */
  userDataDir: string;
  safeStorage: SafeStorageLike;
  onConnectionChange?: (connection: ConnectionInfo) => void;
  /** Writes the system clipboard; main supplies Electron's clipboard (the sandboxed page has none). */
  writeClipboard?: (text: string) => void;
}

export const COPY_UNAVAILABLE = 'No se pudo copiar al portapapeles.';

/**
 * Everything the main process does for the renderer, with no Electron import: the server
 * address and the session (desktop-connection.ts: the bearer token never leaves it), the admin
 * API calls (desktop-panel-calls.ts) and the uploads (desktop-uploads.ts). Main wires it to IPC;
 * tests wire it to a Chromium page.
 */
export function createDesktopService(opts: DesktopServiceOptions) {
  const connection = createDesktopConnection({
    userDataDir: opts.userDataDir,
    safeStorage: opts.safeStorage,
    onConnectionChange: opts.onConnectionChange,
    uploadsRunning: () => uploads.running(),
    onLogout: () => uploads.cancelUploads(),
  });
  const uploads = createDesktopUploads({ ...opts, authed: connection.authed });
  const mediaHandler = createMediaHandler({ source: connection.mediaSource });

  return {
    /** Restores the remembered server and, if still valid, the stored session. */
    init: () => connection.init(),
    getConnection: () => connection.getConnection(),
    setServer: (input: string) => connection.setServer(input),
    /** Who is signed in, asking the server (a revoked token gives null). */
    getSession: () => connection.getSession(),
    login: (email: string, password: string) => connection.login(email, password),
    /** Revokes the token on the server and forgets it here, even if the server cannot be reached. */
    logout: () => connection.logout(),

    /** One panel row of the HTTP contract, by name (see callPanelRoute). */
    callApi: <K extends PanelRouteName>(name: K, input?: unknown): Promise<RouteResult<Api[K]>> =>
      callPanelRoute(connection, name, input),
    /** The last settings the server answered, or null before any (the allowlist then uses the defaults). */
    currentSettings: (): PublicSettings | null => connection.currentSettings(),
    copyText(text: string): void {
      if (!opts.writeClipboard) throw new ApiError(500, { error: COPY_UNAVAILABLE, code: 'INTERNAL' });
      opts.writeClipboard(text);
    },

    /** One upload from the panel's own form, downscaled like the bulk ones. */
    uploadImage: (args: Parameters<typeof uploads.uploadImage>[0]) => uploads.uploadImage(args),
    cancelImageUpload: (uploadId: string) => uploads.cancelImageUpload(uploadId),

    /** Answers the `cabana-media:` protocol (main registers it; tests call it directly). */
    handleMediaRequest: (request: Request): Promise<Response> => mediaHandler(request),

    getUploads: uploads.getUploads,
    /** A path the preload resolved from a dropped File (Electron's webUtils). */
    grantDroppedPath: uploads.grantDroppedPath,
    /** Queues dropped files and folders; any path not dropped or picked refuses the whole call. */
    addUploadPaths: (paths: string[]) => uploads.addUploadPaths(paths),
    pickUploadFiles: (folders: boolean) => uploads.pickUploadFiles(folders),
    setUploadTitle: uploads.setUploadTitle,
    startUploads: () => uploads.startUploads(),
    retryFailedUploads: () => uploads.retryFailedUploads(),
    cancelUploads: uploads.cancelUploads,
    clearFinishedUploads: uploads.clearFinishedUploads,
    /** For tests and the benchmark: resolves when the current run ends. */
    uploadsIdle: uploads.uploadsIdle,
  };
}
export type DesktopService = ReturnType<typeof createDesktopService>;
