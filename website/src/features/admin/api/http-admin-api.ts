import type { AdminApi } from '@cabana/shared/admin/admin-api';
import { asErrorLike } from '@cabana/shared/admin/api-error';
import type { ApiClient } from '@cabana/shared/api/client';
import { uploadImage } from '@cabana/shared/browser/upload';
import { api } from '../../../lib/api';

/**
 * The website's AdminApi: JSON calls through the shared typed client and the HttpOnly session
 * cookie the server set at sign-in (the page never sees the session id); uploads through
 * XMLHttpRequest so the panel can show each file's progress.
 */
function createHttpAdminApi(client: ApiClient = api): AdminApi {
  return {
    async getSession() {
      try {
        return await client.getSession();
      } catch (err) {
        if (asErrorLike(err).status === 401) return null;
        throw err;
      }
    },
    login: (email, password) => client.login({ email, password }),
    logout: () => client.logout(),

    getPrice: () => client.getPrice(),
    setPrice: (precio) => client.setPrice(precio),
    getSettings: () => client.getSettings(),
    updateSettings: (patch) => client.updateSettings(patch),

    listImages: () => client.listImages(),
    listPendingImages: () => client.listPendingImages(),
    uploadImage: (req, onProgress, signal) =>
      uploadImage({
        baseUrl: client.baseUrl,
        file: req.file,
        fields: { title: req.title, description: req.description, tags: '' },
        onProgress,
        signal,
      }),
    updateImage: (id, input) => client.updateImage(id, input),
    deleteImage: (id) => client.deleteImage(id),
    approveImage: (id) => client.approveImage(id),
    setImageOrder: (ids) => client.setImageOrder(ids),

    listEnquiries: () => client.listEnquiries(),
    setEnquiryStatus: (id, status) => client.setEnquiryStatus(id, status),
    deleteEnquiry: (id) => client.deleteEnquiry(id),

    getCalendar: () => client.getCalendar(),
    addBlock: (input) => client.addBlock(input),
    deleteBlock: (id) => client.deleteBlock(id),
    addFeed: (input) => client.addFeed(input),
    deleteFeed: (id) => client.deleteFeed(id),
    syncFeed: (id) => client.syncFeed(id),
    getSeasons: () => client.getSeasons(),
    setSeasons: (input) => client.setSeasons(input),

    // navigator.clipboard is absent outside a secure context (a plain-http LAN address); the panel
    // then selects the address for the owner to copy by hand.
    async copyText(text) {
      await navigator.clipboard.writeText(text);
    },
  };
}

/** One instance for the whole site. */
export const httpAdminApi = createHttpAdminApi();
