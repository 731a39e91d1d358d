// shared/src/browser holds code that needs a browser (here XMLHttpRequest); the server never imports it.
import type { z } from 'zod';
import { ImageSchema, type Image, type UploadImageFieldsSchema } from '../domain/schemas/image';
import { API_PATHS } from '../api/paths';
import { ApiError, errorFromResponse, networkError } from '../api/errors';

const UPLOAD_CANCELLED_MESSAGE = 'Subida cancelada.';

/** The error a cancelled upload rejects with, on every host. */
export function cancelledError(): ApiError {
  return new ApiError(0, { error: UPLOAD_CANCELLED_MESSAGE, code: 'CANCELLED' });
}

interface UploadImageOptions {
  /** API base, as given to createApiClient: `/api`, or `https://host/api`. */
  baseUrl: string;
  file: Blob;
  /** Defaults to the File's own name. */
  fileName?: string;
  fields: z.input<typeof UploadImageFieldsSchema>;
  /** Bytes sent so far, as a fraction from 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Aborting it stops the upload; the promise then rejects with code CANCELLED. */
  signal?: AbortSignal;
}

/**
 * The browser's multipart image upload, with progress and cancellation. XMLHttpRequest because
 * fetch cannot report upload progress, and visitors on rural mobile data need to see that a
 * 10 MB photo is moving. Errors are the shared client's: an ApiError with the server's Spanish
 * message, code, fields and Retry-After; NETWORK when the server cannot be reached; CANCELLED.
 */
export function uploadImage(opts: UploadImageOptions): Promise<Image> {
  const { signal } = opts;
  if (signal?.aborted) return Promise.reject(cancelledError());
  return new Promise((resolve, reject) => {
    const { title, description, tags, uploaded_by } = opts.fields;
    const body = new FormData();
    body.append('title', title);
    if (description !== undefined) body.append('description', description);
    if (tags !== undefined) body.append('tags', tags);
    if (uploaded_by !== undefined) body.append('uploaded_by', uploaded_by);
    // The file goes last so the server can check the small text fields before the bytes arrive.
    const name = opts.fileName ?? (opts.file instanceof File ? opts.file.name : 'foto');
    body.append('image', opts.file, name);

    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const finish = (outcome: () => Promise<Image>) => {
      signal?.removeEventListener('abort', onAbort);
      outcome().then(resolve, reject);
    };
    xhr.open('POST', opts.baseUrl.replace(/\/$/, '') + API_PATHS.uploadImage);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    });
    xhr.addEventListener('load', () => finish(() => readAnswer(xhr)));
    xhr.addEventListener('error', () => finish(() => Promise.reject(networkError())));
    xhr.addEventListener('abort', () => finish(() => Promise.reject(cancelledError())));
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });
}

/** Reads the answer as fetch would have, so the one error parser of the shared client applies. */
async function readAnswer(xhr: XMLHttpRequest): Promise<Image> {
  if (xhr.status < 200 || xhr.status > 599) throw networkError();
  const headers = new Headers();
  for (const name of ['content-type', 'retry-after']) {
    const value = xhr.getResponseHeader(name);
    if (value !== null) headers.set(name, value);
  }
  // An empty body is null, which statuses such as 204 require.
  const answer = new Response(xhr.responseText || null, { status: xhr.status, headers });
  if (!answer.ok) throw await errorFromResponse(answer);
  const parsed = ImageSchema.safeParse(await answer.json().catch(() => null));
  if (!parsed.success)
    throw new ApiError(answer.status, { error: 'Respuesta inesperada del servidor.', code: 'INTERNAL' });
  return parsed.data;
}
