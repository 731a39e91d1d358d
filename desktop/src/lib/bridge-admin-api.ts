import type { AdminApi, ProgressListener, UploadRequest } from '@cabana/shared/admin/admin-api';
import { cancelledError } from '@cabana/shared/browser/upload';
import type { Image } from '@cabana/shared/schemas/image';
import type { SessionInfo } from '@cabana/shared/schemas/session';
import type { DesktopBridge } from '../../contract/ipc';
import { unwrap } from './bridge';

let uploadCounter = 0;

/**
 * The shared admin panel's AdminApi, backed by the preload bridge: every call goes to main,
 * which holds the token and talks to the server. The renderer never sees the token.
 */
export function createBridgeAdminApi(bridge: DesktopBridge): AdminApi {
  return {
    getSession: async (): Promise<SessionInfo | null> => unwrap(bridge.getSession()),
    login: async (email, password): Promise<SessionInfo> => unwrap(bridge.login({ email, password })),
    logout: async () => {
      await unwrap(bridge.logout());
    },
    getPrice: () => unwrap(bridge.getPrice()),
    setPrice: (precio) => unwrap(bridge.setPrice({ precio })),
    getSettings: () => unwrap(bridge.getSettings()),
    updateSettings: (patch) => unwrap(bridge.updateSettings({ patch })),
    listImages: () => unwrap(bridge.listImages()),
    listPendingImages: () => unwrap(bridge.listPendingImages()),
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
    updateImage: (id, input) => unwrap(bridge.updateImage({ id, input })),
    deleteImage: async (id) => {
      await unwrap(bridge.deleteImage({ id }));
    },
    approveImage: (id) => unwrap(bridge.approveImage({ id })),
    setImageOrder: (ids) => unwrap(bridge.setImageOrder({ ids })),
    listEnquiries: () => unwrap(bridge.listEnquiries()),
    setEnquiryStatus: (id, status) => unwrap(bridge.setEnquiryStatus({ id, status })),
    deleteEnquiry: async (id) => {
      await unwrap(bridge.deleteEnquiry({ id }));
    },
    getCalendar: () => unwrap(bridge.getCalendar()),
    addBlock: (input) => unwrap(bridge.addBlock(input)),
    deleteBlock: async (id) => {
      await unwrap(bridge.deleteBlock({ id }));
    },
    addFeed: (input) => unwrap(bridge.addFeed(input)),
    deleteFeed: async (id) => {
      await unwrap(bridge.deleteFeed({ id }));
    },
    syncFeed: (id) => unwrap(bridge.syncFeed({ id })),
    getSeasons: () => unwrap(bridge.getSeasons()),
    setSeasons: (input) => unwrap(bridge.setSeasons(input)),
    copyText: async (text) => {
      await unwrap(bridge.copyText({ text }));
    },
  };
}
