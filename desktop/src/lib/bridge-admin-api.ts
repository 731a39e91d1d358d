import type { AdminApi, PanelCalls, ProgressListener, UploadRequest } from '@cabana/shared/admin-ui/admin-api';
import { PANEL_ROUTE_NAMES, type PanelRouteName } from '@cabana/shared/api/contract';
import { cancelledError } from '@cabana/shared/browser/upload';
import type { Image } from '@cabana/shared/domain/schemas/image';
import type { SessionInfo } from '@cabana/shared/domain/schemas/session';
import type { ApiCallArgs, DesktopBridge } from '../../contract/ipc';
import { unwrap } from './bridge';

let uploadCounter = 0;

/**
 * The panel's contract rows over the bridge: each one main's `apiCall` with the row's name and
 * its input, so a new panel row needs nothing here.
 */
function panelCalls(bridge: DesktopBridge): PanelCalls {
  const call = (name: PanelRouteName, input: unknown) =>
    unwrap(bridge.apiCall((input === undefined ? { name } : { name, input }) as ApiCallArgs<PanelRouteName>));
  return Object.fromEntries(
    PANEL_ROUTE_NAMES.map((name) => [name, (input?: unknown) => call(name, input)]),
  ) as unknown as PanelCalls;
}

/**
 * The shared admin panel's AdminApi, backed by the preload bridge: every call goes to main,
 * which holds the token and talks to the server. The renderer never sees the token.
 */
export function createBridgeAdminApi(bridge: DesktopBridge): AdminApi {
  return {
    ...panelCalls(bridge),
    getSession: async (): Promise<SessionInfo | null> => unwrap(bridge.getSession()),
    login: async (email, password): Promise<SessionInfo> => unwrap(bridge.login({ email, password })),
    logout: async () => {
      await unwrap(bridge.logout());
    },
    async uploadImage(req: UploadRequest, onProgress?: ProgressListener, signal?: AbortSignal): Promise<Image> {
      if (signal?.aborted) throw cancelledError();
      uploadCounter += 1;
      const uploadId = `panel-${Date.now()}-${uploadCounter}`;
      const bytes = new Uint8Array(await req.file.arrayBuffer());
      const stop = bridge.onImageUploadProgress((p) => {
        if (p.uploadId === uploadId) onProgress?.(p.fraction);
      });
      const onAbort = () => void bridge.cancelImageUpload({ uploadId });
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        return await unwrap(
          bridge.uploadImage({
            uploadId,
            fileName: req.file.name,
            bytes,
            title: req.title,
            description: req.description,
          }),
        );
      } finally {
        stop();
        signal?.removeEventListener('abort', onAbort);
      }
    },
    copyText: async (text) => {
      await unwrap(bridge.copyText({ text }));
    },
  };
}
