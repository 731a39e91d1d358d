import type { AdminApi } from '@cabana/shared/admin-ui/admin-api';
import { asErrorLike } from '@cabana/shared/admin-ui/api-error';
import { createApiClient } from '@cabana/shared/api/client';
import { API } from '@cabana/shared/api/contract';
import { uploadImage } from '@cabana/shared/browser/upload';
import { env } from '../../../config/env';

/**
 * The website's AdminApi: the typed client of the whole contract (every panel row, as it is)
 * through the HttpOnly session cookie the server set at sign-in (the page never sees the session
 * id), plus the session calls and the upload through XMLHttpRequest, so the panel can show each
 * file's progress.
 */
function createHttpAdminApi(): AdminApi {
  const client = createApiClient(API, { baseUrl: env.apiUrl });
  return {
    ...client,
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
    uploadImage: (req, onProgress, signal) =>
      uploadImage({
        baseUrl: client.baseUrl,
        file: req.file,
        fields: { title: req.title, description: req.description, tags: '' },
        onProgress,
        signal,
      }),
    // navigator.clipboard is absent outside a secure context (a plain-http LAN address); the panel
    // then selects the address for the owner to copy by hand.
    async copyText(text) {
      await navigator.clipboard.writeText(text);
    },
  };
}

/** One instance for the whole site. */
export const httpAdminApi = createHttpAdminApi();
