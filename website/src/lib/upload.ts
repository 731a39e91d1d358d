import { API_PATHS } from '@cabana/shared/api/paths';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@cabana/shared/api/errors';
import { ApiErrorBodySchema } from '@cabana/shared/schemas/errors';
import { ImageSchema, type Image } from '@cabana/shared/schemas/image';
import { env } from '../config/env';

export interface UploadFields {
  title: string;
  description: string;
  tags: string;
  uploaded_by?: string;
}

/**
 * Multipart upload through XMLHttpRequest, because fetch cannot report upload progress and
 * visitors on rural mobile data need to see that a 10 MB photo is moving.
 */
export function uploadImage(
  file: File,
  fields: UploadFields,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Image> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append('title', fields.title);
    body.append('description', fields.description);
    body.append('tags', fields.tags);
    if (fields.uploaded_by !== undefined) body.append('uploaded_by', fields.uploaded_by);
    // The file goes last so the server can check the small text fields before the bytes arrive.
    body.append('image', file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', env.apiUrl + API_PATHS.imageUpload);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    });
    xhr.addEventListener('load', () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = ImageSchema.safeParse(json);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(xhr.status, { error: 'Respuesta inesperada del servidor.', code: 'INTERNAL' }));
        return;
      }
      const parsedError = ApiErrorBodySchema.safeParse(json);
      const retry = Number(xhr.getResponseHeader('retry-after'));
      reject(
        new ApiError(
          xhr.status,
          parsedError.success ? parsedError.data : { error: `Error del servidor (${xhr.status}).`, code: 'INTERNAL' },
          Number.isFinite(retry) && retry > 0 ? retry : undefined,
        ),
      );
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, { error: NETWORK_ERROR_MESSAGE, code: 'NETWORK' })));
    xhr.addEventListener('abort', () => reject(new ApiError(0, { error: 'Subida cancelada.', code: 'CANCELLED' })));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
