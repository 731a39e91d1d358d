import path from 'node:path';
import { z } from 'zod';
import { ApiError } from '@cabana/shared/api/errors';
import { LIMITS } from '@cabana/shared/domain/config/limits';
import { acceptedImageKind } from '@cabana/shared/domain/images/sniff';
import { formatBytes } from '@cabana/shared/domain/lib/format-bytes';
import { ImageSchema, type Image } from '@cabana/shared/domain/schemas/image';
import { PublicSettingsSchema, SettingsSchema, type PublicSettings } from '@cabana/shared/domain/schemas/settings';
import { API, type Api, type PanelRouteName } from '@cabana/shared/api/contract';
import type { RouteResult, RouteSpec } from '@cabana/shared/api/route';
import { checkFlatInput, type InputRefusal } from '@cabana/shared/api/route-input';
import { createDesktopApiClient, type DesktopApiClient } from './api-client';
import { createSettingsStore, parseServerUrl, SettingsError, type ServerAddress } from './settings';
import {
  createKnownDeviceStore,
  createTokenStore,
  TokenStoreUnavailableError,
  type KnownDevice,
  type SafeStorageLike,
} from './token-store';
import { prepareImage, thumbnailDataUrl, type DownscaleOptions } from './downscale';
import { UploadQueue } from './upload-queue';
import { createMediaHandler, toMediaUrl } from './media-protocol';
import type {
  ConnectionInfo,
  DesktopSession,
  ImageUploadProgress,
  QueueSnapshot,
  UploadThumbnail,
} from '../../contract/ipc';

export interface DesktopServiceOptions {
  /** Electron's userData folder: settings and the encrypted token live there. */
  userDataDir: string;
  safeStorage: SafeStorageLike;
  /** Opens the system file picker; main supplies Electron's dialog, tests a fixed list. */
  pickPaths?: (folders: boolean) => Promise<string[]>;
  /** Queue snapshots, without thumbnails (they go once each through onUploadThumbnail). */
  onQueueChange?: (snapshot: QueueSnapshot) => void;
  onUploadThumbnail?: (thumbnail: UploadThumbnail) => void;
  onImageUploadProgress?: (progress: ImageUploadProgress) => void;
  onConnectionChange?: (connection: ConnectionInfo) => void;
  /** Writes the system clipboard; main supplies Electron's clipboard (the sandboxed page has none). */
  writeClipboard?: (text: string) => void;
  concurrency?: number;
  downscale?: DownscaleOptions;
  /** Minimum ms between two queue pushes to the renderer. */
  pushIntervalMs?: number;
}

const SERVER_UNREACHABLE = (url: string) =>
  `No pudimos conectar con ${url}. Revisa la dirección y tu conexión a internet.`;
export const COPY_UNAVAILABLE = 'No se pudo copiar al portapapeles.';
const NOT_CONFIGURED = 'Primero indica la dirección del servidor.';
export const SESSION_ENDED = 'Tu sesión terminó o fue cerrada desde otro equipo. Inicia sesión de nuevo.';
export const PATH_NOT_GRANTED =
  'Solo se pueden agregar fotos soltadas en esta ventana o elegidas con «Elegir fotos» o «Elegir carpeta».';

/** The server's own answer to an unknown id, for a row that names none (every panel row names its own). */
const NOT_FOUND_DEFAULT = 'No encontramos lo que buscas.';

/** A panel call refused before it leaves, answered as the server answers the same request. */
function refusalError(refusal: InputRefusal): ApiError {
  if (refusal.code === 'NOT_FOUND') {
    return new ApiError(404, { error: refusal.message ?? NOT_FOUND_DEFAULT, code: 'NOT_FOUND' });
  }
  return new ApiError(400, { error: refusal.message, code: 'VALIDATION', fields: refusal.fields });
}

/** Paths remembered as dropped or picked; beyond this the oldest are forgotten. */
const MAX_GRANTED_PATHS = 20_000;

/** Calls `fn` at most once per `ms`, always delivering the last value. */
function throttle<T>(fn: (v: T) => void, ms: number): (v: T) => void {
  let last = 0;
  let timer: NodeJS.Timeout | undefined;
  let pending: T | undefined;
  let has = false;
  return (v: T) => {
    pending = v;
    has = true;
    const wait = last + ms - Date.now();
    if (wait <= 0 && !timer) {
      last = Date.now();
      has = false;
      fn(v);
      return;
    }
    if (!timer) {
      timer = setTimeout(
        () => {
          timer = undefined;
          last = Date.now();
          if (has) {
            has = false;
            fn(pending as T);
          }
        },
        Math.max(0, wait),
      );
    }
  };
}

/**
 * Everything the main process does for the renderer, with no Electron import: the server
 * address, the session (the bearer token never leaves this object), the admin API calls and
 * the bulk-upload queue. Main wires it to IPC; tests wire it to a Chromium page.
 */
export function createDesktopService(opts: DesktopServiceOptions) {
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
  const panelUploads = new Map<string, AbortController>();
  // What the owner dropped on the window or chose in a picker: the only paths the renderer may
  // ask to upload, so a compromised page cannot send other files from this computer.
  const grantedPaths = new Set<string>();

  function grantPaths(paths: readonly string[]): void {
    for (const p of paths) {
      const abs = path.resolve(p);
      grantedPaths.delete(abs);
      grantedPaths.add(abs);
    }
    for (const oldest of grantedPaths) {
      if (grantedPaths.size <= MAX_GRANTED_PATHS) break;
      grantedPaths.delete(oldest);
    }
  }

  // Previews are a few KB each: sending them with every progress push would copy the whole list's
  // images ten times a second, so each goes once on its own and snapshots leave them out.
  const sentThumbnails = new Set<string>();
  const push = throttle<QueueSnapshot>((s) => {
    for (const item of s.items) {
      if (item.thumbnail && !sentThumbnails.has(item.id)) {
        sentThumbnails.add(item.id);
        opts.onUploadThumbnail?.({ id: item.id, dataUrl: item.thumbnail });
      }
    }
    opts.onQueueChange?.({ ...s, items: s.items.map(({ thumbnail: _thumbnail, ...rest }) => rest) });
  }, opts.pushIntervalMs ?? 100);
  const queue = new UploadQueue({
    concurrency: opts.concurrency ?? 3,
    prepare: (data, name, { thumbnail }) => prepareImage(data, name, { ...opts.downscale, thumbnail }),
    thumbnail: (p) => thumbnailDataUrl(p),
    upload: (file, fields, uploadOpts) => authed((c) => c.uploadImage(file, fields, uploadOpts)),
    onChange: push,
  });

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

  /**
   * The page loads no image from the network: the server's media URLs (signed links to pending
   * photos included) become `cabana-media:` URLs that main answers by fetching them itself.
   */
  function viaMediaProtocol(image: Image): Image {
    return {
      ...image,
      secure_url: toMediaUrl(image.secure_url),
      variants: image.variants.map((v) => ({ ...v, url: toMediaUrl(v.url) })),
    };
  }

  /**
   * What main does with a panel row's answer before the page gets it, by the row's output: photos
   * get `cabana-media:` URLs, and the business settings are kept for the link allowlist.
   */
  function fromServer(spec: RouteSpec, value: unknown): unknown {
    const output = spec.output;
    if (output === ImageSchema) return viaMediaProtocol(value as Image);
    if (output instanceof z.ZodArray && output.element === ImageSchema) return (value as Image[]).map(viaMediaProtocol);
    if (output === SettingsSchema || output === PublicSettingsSchema) business = value as PublicSettings;
    return value;
  }

  const mediaHandler = createMediaHandler({
    source: () => (address ? { serverUrl: address.serverUrl, token } : null),
  });

  function connection(): ConnectionInfo {
    return { serverUrl: address?.serverUrl ?? null, canRememberSession: tokens.canPersist() };
  }

  return {
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
      if (queue.snapshot().running) {
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
      queue.cancel();
      await forgetSession();
      return { revoked };
    },

    /**
     * One panel row of the HTTP contract, by name: the input is checked against the row as the
     * server would (a malformed id answers the row's 404, a bad field the server's 400 with its
     * Spanish messages) before anything leaves, the call carries the token and the answer is
     * checked against the row's output by the typed client. Every panel row needs the session,
     * the public ones too: the panel is the owner's (and the owner's answers may carry more).
     */
    callApi<K extends PanelRouteName>(name: K, input?: unknown): Promise<RouteResult<Api[K]>> {
      return authed(async (c) => {
        const spec: RouteSpec = API[name];
        const checked = checkFlatInput(spec, input);
        if (!checked.ok) throw refusalError(checked);
        const call = c[name] as (input: Record<string, unknown>) => Promise<unknown>;
        return fromServer(spec, await call(checked.wire)) as RouteResult<Api[K]>;
      });
    },
    /** The last settings the server answered, or null before any (the allowlist then uses the defaults). */
    currentSettings: (): PublicSettings | null => business,
    copyText(text: string): void {
      if (!opts.writeClipboard) throw new ApiError(500, { error: COPY_UNAVAILABLE, code: 'INTERNAL' });
      opts.writeClipboard(text);
    },

    /** One upload from the panel's own form, downscaled like the bulk ones. */
    async uploadImage(args: {
      uploadId: string;
      fileName: string;
      bytes: Uint8Array;
      title: string;
      description: string;
    }): Promise<Image> {
      const data = Buffer.from(args.bytes.buffer, args.bytes.byteOffset, args.bytes.byteLength);
      if (data.length > LIMITS.maxUploadBytes) {
        throw new ApiError(413, {
          error: `La foto pesa ${formatBytes(data.length)}; el máximo es ${formatBytes(LIMITS.maxUploadBytes)}.`,
          code: 'PAYLOAD_TOO_LARGE',
        });
      }
      if (!acceptedImageKind(data)) {
        throw new ApiError(415, {
          error: 'El archivo no es una imagen admitida (JPEG, PNG, WebP, AVIF o HEIC).',
          code: 'UNSUPPORTED_MEDIA_TYPE',
        });
      }
      const controller = new AbortController();
      panelUploads.set(args.uploadId, controller);
      try {
        const prepared = await prepareImage(data, path.basename(args.fileName) || 'foto', opts.downscale);
        return await authed(async (c) =>
          viaMediaProtocol(
            await c.uploadImage(
              { data: prepared.data, fileName: prepared.fileName, type: prepared.type },
              { title: args.title, description: args.description },
              {
                signal: controller.signal,
                onProgress: (sent, total) =>
                  opts.onImageUploadProgress?.({ uploadId: args.uploadId, fraction: total ? sent / total : 0 }),
              },
            ),
          ),
        );
      } finally {
        panelUploads.delete(args.uploadId);
      }
    },
    cancelImageUpload(uploadId: string): void {
      panelUploads.get(uploadId)?.abort();
    },

    /** Answers the `cabana-media:` protocol (main registers it; tests call it directly). */
    handleMediaRequest: (request: Request): Promise<Response> => mediaHandler(request),

    getUploads: (): QueueSnapshot => queue.snapshot(),
    /** A path the preload resolved from a dropped File (Electron's webUtils). */
    grantDroppedPath: (filePath: string): void => grantPaths([filePath]),
    /** Queues dropped files and folders; any path not dropped or picked refuses the whole call. */
    async addUploadPaths(paths: string[]) {
      if (!paths.every((p) => grantedPaths.has(path.resolve(p)))) {
        throw new ApiError(403, { error: PATH_NOT_GRANTED, code: 'FORBIDDEN' });
      }
      return queue.addPaths(paths);
    },
    async pickUploadFiles(folders: boolean) {
      const paths = (await opts.pickPaths?.(folders)) ?? [];
      grantPaths(paths);
      return paths.length ? queue.addPaths(paths) : { added: 0, skipped: 0 };
    },
    setUploadTitle: (id: string, title: string) => queue.setTitle(id, title),
    // The upload route is also the public one, so a dead token would not fail: the photos would
    // land as pending. One session check before a run catches a token revoked meanwhile.
    async startUploads(): Promise<void> {
      await authed((c) => c.getSession());
      void queue.start();
    },
    async retryFailedUploads(): Promise<void> {
      await authed((c) => c.getSession());
      void queue.retryFailed();
    },
    cancelUploads: () => queue.cancel(),
    clearFinishedUploads: () => queue.clearFinished(),
    /** For tests and the benchmark: resolves when the current run ends. */
    uploadsIdle: () => queue.idle(),
  };
}
export type DesktopService = ReturnType<typeof createDesktopService>;
